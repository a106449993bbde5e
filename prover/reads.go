package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// readAfter reports whether anything outside loop's body reads its
// variable (Python keeps the last element bound after the loop). Only
// then does the prover build the variable's value after the loop: the
// merge over every iteration is large and, unread, only slows Z3 down.
func (x *executor) readAfter(loop *ir.For) bool {
	found := false
	visit := func(e ir.Expr) {
		ir.Inspect(e, func(e ir.Expr) bool {
			if r, ok := e.(*ir.LocalRef); ok && r.Local == loop.Var {
				found = true
			}
			return !found
		})
	}
	for _, fn := range x.prog.Funcs {
		walkStmts(fn.Body, loop, visit)
	}
	return found
}

// walkStmts calls visit on every expression of ss and of the statements
// nested in them, except inside skip's body (skip's iterable is visited).
func walkStmts(ss []ir.Stmt, skip *ir.For, visit func(ir.Expr)) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.Assign:
			visit(s.Value)
		case *ir.ExprStmt:
			visit(s.X)
		case *ir.Return:
			if s.Value != nil {
				visit(s.Value)
			}
		case *ir.If:
			visit(s.Cond)
			walkStmts(s.Then, skip, visit)
			walkStmts(s.Else, skip, visit)
		case *ir.For:
			visit(s.Iter)
			if s != skip {
				walkStmts(s.Body, skip, visit)
			}
		case *ir.SetIndex:
			visit(s.X)
			visit(s.Index)
			visit(s.Value)
		case *ir.Assert:
			visit(s.Cond)
			if s.Msg != nil {
				visit(s.Msg)
			}
		case *ir.Raise:
			if s.Msg != nil {
				visit(s.Msg)
			}
		case *ir.Break, *ir.Continue:
		default:
			// A statement kind this walk does not know could read the
			// variable, and a read missed here would leave it unbound
			// after the loop. Prove turns the panic into a refusal.
			panic(fmt.Sprintf("%s: statement %T is not understood by the prover's read analysis", s.Position(), s))
		}
	}
}
