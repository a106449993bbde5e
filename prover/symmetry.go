package prover

import "github.com/clauz3/clauz3/prover/z3"

// Symmetric iterations. The per-iteration checks of a loop of 1000
// copies (the invariant's step checks, preserved; the violations ruled
// out on one iteration, localChecks) ask Z3 the same question up to the
// names of the constants: iteration k's row is bills_due[k], its state
// fresh constants of its own. What differs beside the names is the
// index k itself, in the condition that element k exists (len > k).
//
// So each check is first over-approximated by replacing that condition
// with a fresh Boolean (dropping what is known about it only admits more
// models: unsat stays a proof), and then reduced to a canonical form: its
// constants that the solver's context does not hold, renamed by the
// position in which they are first met (z3.Context.Constants) to
// canonical constants of their own. Two checks with the same canonical
// form are one formula up to a bijective renaming of constants foreign to
// the context, so they are both satisfiable or both not: once one is
// unsat, the other needs no Z3 call. Any other answer, or a form never
// proved, leaves the check to Z3 as before (and the original, not the
// over-approximation, when the latter is not unsat).
//
// The running budget over 1000 bills made 3,000 such checks (the step
// checks and pay_bill's two preconditions), two thirds of its CPU; with
// the cache each kind of check reaches Z3 a few times.
type symmetry struct {
	x *executor
	// shared are the symbols of what the solver holds outside the
	// check's scope: never renamed.
	shared map[uint32]bool
	// canon are the canonical constants by position, per sort.
	canon map[z3.Sort][]z3.Term
	// proved are the canonical forms found unsat.
	proved map[z3.Term]bool
	// noGeneral: an over-approximation was not unsat (unsat).
	noGeneral bool
}

// newSymmetry is a cache for checks on a solver holding ctx (and nothing
// else outside the checks' scopes).
func (x *executor) newSymmetry(ctx []z3.Term) *symmetry {
	sym := &symmetry{x: x, shared: map[uint32]bool{}, canon: map[z3.Sort][]z3.Term{}, proved: map[z3.Term]bool{}}
	for _, id := range x.ctx.Symbols(ctx...) {
		sym.shared[id] = true
	}
	return sym
}

// abstract is conj with the iteration's existence condition (it.exists,
// in either polarity) replaced by a fresh Boolean; ok is false when the
// iteration has none to replace (a literal), and conj is then returned.
func (sym *symmetry) abstract(it iterRecord, conj []z3.Term) ([]z3.Term, bool) {
	c := sym.x.ctx
	if !it.exists.IsValid() || literal(it.exists) {
		return conj, false
	}
	b := c.FreshConst("exists", c.BoolSort())
	from := []z3.Term{it.exists, c.Not(it.exists)}
	to := []z3.Term{b, c.Not(b)}
	out := make([]z3.Term, len(conj))
	for i, t := range conj {
		out[i] = c.Substitute(t, from, to)
	}
	return out, true
}

// form is the canonical form of the conjunction conj; ok is false when
// it has none (an uninterpreted function outside the context, which a
// renaming of constants does not cover).
func (sym *symmetry) form(conj []z3.Term) (z3.Term, bool) {
	c := sym.x.ctx
	t := c.And(conj...)
	consts, ids, funcs := c.Constants(t)
	if funcs || c.Err() != nil {
		return z3.Term{}, false
	}
	var from, to []z3.Term
	next := map[z3.Sort]int{}
	for i, k := range consts {
		if sym.shared[ids[i]] {
			continue
		}
		sort := k.Sort()
		key := sort
		n := next[key]
		next[key] = n + 1
		for len(sym.canon[key]) <= n {
			sym.canon[key] = append(sym.canon[key], c.FreshConst("canon", sort))
		}
		from, to = append(from, k), append(to, sym.canon[key][n])
	}
	return c.Substitute(t, from, to), true
}

// unsat decides whether conj is unsat by the cache or by check (which
// asks Z3 about the terms it is given, each asserted on its own in
// order, and reports unsat), trying the over-approximation of iteration
// it first. Once an over-approximation is not unsat, the later checks go
// straight to check (the abstraction lost what they need, and asking
// twice would double the cost of every check that is not unsat). An
// error is check's.
func (sym *symmetry) unsat(it iterRecord, conj []z3.Term, check func([]z3.Term) (bool, error)) (bool, error) {
	if !sym.noGeneral {
		ok, tried, err := sym.general(it, conj, check)
		if err != nil || ok {
			return ok, err
		}
		if tried {
			sym.noGeneral = true
		}
	}
	return check(conj)
}

// general answers the over-approximation of conj from the cache or by
// check; tried is false when there was none to ask (no existence
// condition, or no canonical form).
func (sym *symmetry) general(it iterRecord, conj []z3.Term, check func([]z3.Term) (bool, error)) (unsat, tried bool, err error) {
	gen, ok := sym.abstract(it, conj)
	if !ok {
		return false, false, nil
	}
	form, ok := sym.form(gen)
	if !ok {
		return false, false, nil
	}
	if sym.proved[form] {
		return true, true, nil
	}
	unsat, err = check(gen)
	if err == nil && unsat {
		sym.proved[form] = true
	}
	return unsat, true, err
}
