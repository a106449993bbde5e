package prover

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// genericGroup is the facts of the one generic iteration of a loop over
// an unbounded query result: they stand for the same calls made for every
// row, so only properties of single facts (all, empty, preconditions,
// asserts) may be decided from them.
type genericGroup struct {
	start, end int // x.facts[start:end]
	list       *seqValue
}

// genericLoop runs a loop over a list whose length has no bound as one
// iteration on a fresh element standing for any row. That is exact for
// properties of single facts when iterations cannot affect each other:
// the body assigns no local that lives outside it, mutates no list,
// calls no plan function and has no break, continue or return, and the
// loop variable is not read after the loop. Otherwise the loop is refused
// with the bound it needs.
func (x *executor) genericLoop(fr *frame, s *ir.For, seq *seqValue, path z3.Term) error {
	need := func(why string) error {
		if seq.inner {
			return limitf(s.Pos, "a loop over an inner list of the result of %s %s, and the ensures of %s bound the outer list only: return a flat list", seq.unbounded, why, seq.unbounded)
		}
		return limitf(s.Pos, "a loop over the result of %s %s: add an ensures bound on %s, e.g. @clauz3.ensures(lambda result: len(result) <= 100)", seq.unbounded, why, seq.unbounded)
	}
	if why := x.dependentIterations(s); why != "" {
		return need(why)
	}
	if x.readAfter(s) {
		return need("whose variable is read after the loop")
	}
	elemT := elemType(seq.typ)
	if _, isList := elemT.(*ir.List); isList {
		return need("of lists")
	}
	elem, err := x.freshResult(s.Pos, &ir.Effect{Name: seq.unbounded}, elemT, seq.unbounded+"[k]")
	if err != nil {
		return err
	}
	seq.witness = elem
	owner := fr.owner(s.Var)
	if owner == nil {
		return internalf(s.Pos, "%s is not in scope", s.Var.Name)
	}
	l := &loopState{broken: x.ctx.False(), continued: x.ctx.False()}
	fr.loops = append(fr.loops, l)
	defer func() { fr.loops = fr.loops[:len(fr.loops)-1] }()
	iterPath := x.ctx.And(path, x.ctx.Gt(seq.n, x.ctx.Int(0)))
	start, raisedBefore := len(x.facts), len(x.raised)
	// The guard before the body: alive grows with the body's raises.
	before := x.guard(fr, iterPath)
	leave := x.enter()
	x.set(owner, s.Var, elem, x.ctx.True(), elem)
	err = x.stmts(fr, s.Body, iterPath)
	leave()
	if err != nil {
		return err
	}
	if len(x.facts) > start && len(x.raised) > raisedBefore {
		// One row's iteration may call effects and a later row's
		// raise: the run stops there, keeping the first row's facts
		// and dropping what follows the loop, a trace no single
		// generic row shows (cases/home_generic_two_rows_fail). So a
		// body that calls effects must never raise.
		never := x.ctx.And(x.raised[raisedBefore:]...)
		ok, err := x.provedUnder(before, never, x.limits())
		if !ok {
			why := "whose body may raise on one row after another row's effects"
			if err != nil {
				why += solverReason(err)
			}
			return need(why)
		}
	}
	owner.slots[s.Var.Index] = slot{}
	x.generic = append(x.generic, genericGroup{start: start, end: len(x.facts), list: seq})
	return nil
}

// dependentIterations says why iterations of loop might affect each
// other, or "" when they cannot.
func (x *executor) dependentIterations(loop *ir.For) string {
	inside := map[*ir.Local]bool{loop.Var: true}
	var why string
	var scan func([]ir.Stmt)
	scan = func(ss []ir.Stmt) {
		for _, s := range ss {
			if why != "" {
				return
			}
			switch s := s.(type) {
			case *ir.Assign:
				inside[s.Dest] = true
			case *ir.For:
				inside[s.Var] = true
				scan(s.Body)
			case *ir.If:
				scan(s.Then)
				scan(s.Else)
			case *ir.Break, *ir.Continue, *ir.Return:
				why = "with break, continue or return in its body"
			case *ir.SetIndex:
				why = "whose body assigns list items"
			}
		}
	}
	scan(loop.Body)
	if why != "" {
		return why
	}
	// A local assigned in the body must not be used outside it: its value
	// would carry from one iteration to the next or out of the loop.
	outside := false
	for _, f := range x.prog.Funcs {
		walkStmts(f.Body, loop, func(e ir.Expr) {
			ir.Inspect(e, func(e ir.Expr) bool {
				if r, ok := e.(*ir.LocalRef); ok && inside[r.Local] && r.Local != loop.Var {
					outside = true
				}
				return !outside
			})
		})
		outside = outside || assignsOutside(f.Body, loop, inside)
	}
	if outside {
		return "whose body assigns a name used outside it"
	}
	walkStmts(loop.Body, nil, func(e ir.Expr) {
		ir.Inspect(e, func(e ir.Expr) bool {
			switch e := e.(type) {
			case *ir.Call:
				why = "whose body calls a plan function"
			case *ir.Builtin:
				switch e.Name {
				case "list.append", "list.extend", "list.pop", "list.insert", "list.reverse", "list.sort", "list.remove", "list.clear":
					why = "whose body mutates a list"
				}
			case *ir.Comprehension:
				why = "whose body has a comprehension"
			}
			return why == ""
		})
	})
	return why
}

// assignsOutside reports whether a statement outside loop assigns one of
// the locals.
func assignsOutside(ss []ir.Stmt, loop *ir.For, locals map[*ir.Local]bool) bool {
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.Assign:
			if locals[s.Dest] {
				return true
			}
		case *ir.If:
			if assignsOutside(s.Then, loop, locals) || assignsOutside(s.Else, loop, locals) {
				return true
			}
		case *ir.For:
			if s == loop {
				continue
			}
			if locals[s.Var] || assignsOutside(s.Body, loop, locals) {
				return true
			}
		}
	}
	return false
}

// genericIn reports the list whose generic iteration made f, or nil.
func (x *executor) genericIn(f *fact) *seqValue {
	for _, g := range x.generic {
		for _, gf := range x.facts[g.start:g.end] {
			if gf == f {
				return g.list
			}
		}
	}
	return nil
}
