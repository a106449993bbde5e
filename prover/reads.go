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
	if err := ir.InspectStmts(ss, visit, func(f *ir.For) bool { return f != skip }); err != nil {
		// A statement kind this walk does not know could read the
		// variable, and a read missed here would leave it unbound after
		// the loop. Prove turns the panic into a refusal.
		panic(fmt.Sprintf("%v by the prover's read analysis", err))
	}
}
