package prover

import (
	"errors"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Bounds on the terms of a sum.
//
// A sum over loop facts is one fresh term t_i per fact, defined by
// reached -> t_i = amount_i and not reached -> t_i = 0 (see doc.go). When
// the amount's range is only known under the fact's membership condition
// (a row guard such as `if 0 < row.amount <= 5`), Z3 4.8.12 must case-split
// on every membership literal before its arithmetic sees a bound, and
// measured on a loop of 100 rows neither the proof nor the counterexample
// of `sum <= k` came back within 20 s. With explicit bounds L_i <= t_i <=
// U_i the same checks take 50 ms and 115 ms (z3-notes, trap 9).
//
// The bounds are lemmas, never assumptions: each is found by asking Z3
// for the largest (smallest) value amount_i can take under the
// assumptions when the fact is in the relation, and it is used only after
// Z3 answered unsat to "the fact is in and amount_i exceeds it"; t_i's
// bound then also admits 0. A bound Z3 cannot establish in time is left
// out, which can only make the final check slower (and refuse it as a
// timeout), never change its answer.

// boundLimit is the magnitude past which a term counts as unbounded.
const boundLimit = int64(1) << 60

// termBounds are the proved bounds of one term of a sum, when known.
type termBounds struct {
	hasLo, hasHi bool
	lo, hi       int64
}

// sumBounds returns the bounds lo_i <= t_i <= hi_i Z3 proves for the terms
// of a sum, where t_i is amounts[i] when ms[i].in holds and 0 otherwise.
// The bounds are searched on the amount under the membership condition,
// without the sum's definitions, which measured at 1000 facts is what
// keeps every check of the search local. Terms of one call site reached
// through the same helper calls (the copies of a loop body) are searched
// on a representative, and the bounds found are then checked for every
// other copy: loop copies usually differ only in which row they read. A
// helper called from two places gives two sites (settle(b, 20) and
// settle(b, 10) have different bounds). Copies
// that escape them get a search of their own, up to maxSearches per site;
// the rest get no bounds.
//
// op is the comparison the sum is in: a bound must also be reached by a
// copy for that copy to share it, but only on the side op needs (the
// upper one against <= and <, the lower one against >= and >, both
// against == and !=); measured at 1000 facts, checking both sides cost
// twice the proof time of one.
func (x *executor) sumBounds(ms []member, amounts []z3.Term, op ir.CmpOp) ([]termBounds, error) {
	needHi := op != ir.GtE && op != ir.Gt
	needLo := op != ir.LtE && op != ir.Lt
	s := x.ctx.NewSolverLimits(x.share(searchShare))
	defer s.Close()
	for _, a := range x.assumptions {
		s.Assert(a)
	}
	type site struct {
		pos      ir.Pos
		callSite string
	}
	var order []site
	groups := map[site][]int{}
	for i, m := range ms {
		k := site{m.fact.pos, m.fact.callSite}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	bounds := make([]termBounds, len(ms))
	for _, p := range order {
		rest := groups[p]
		for searches := 0; len(rest) > 0 && searches < maxSearches; searches++ {
			var err error
			if rest, err = x.boundSite(s, ms, amounts, rest, bounds, needHi, needLo); err != nil {
				return nil, err
			}
		}
	}
	return bounds, nil
}

// maxSearches bounds the searches of one call site's copies.
const maxSearches = 8

// boundSite searches the bounds of the first of idx, checks them for the
// others one at a time (measured at 1000 facts, the disjunction of their
// violations ran out of time where the 999 separate checks took 0.15 s),
// records them in bounds for every copy whose amount they bound and
// reaches, and returns the other copies (none when the first has no
// bound).
func (x *executor) boundSite(s *z3.Solver, ms []member, amounts []z3.Term, idx []int, bounds []termBounds, needHi, needLo bool) ([]int, error) {
	ctx := x.ctx
	first := idx[0]
	s.Push()
	s.Assert(ms[first].in)
	hi, hasHi, err := x.extreme(s, amounts[first], false)
	if err != nil {
		s.Pop(1)
		return nil, err
	}
	lo, hasLo, err := x.extreme(s, amounts[first], true)
	s.Pop(1)
	if err != nil {
		return nil, err
	}
	if !hasHi && !hasLo {
		// Either the amount is unbounded, and so are its copies', or
		// the first copy is never in the relation and the next one
		// may tell.
		r, err := x.checkUnder(s, ms[first].in)
		if err != nil || r != z3.Unsat {
			return nil, err
		}
		bounds[first] = termBounds{hasLo: true, hasHi: true}
		return idx[1:], nil
	}
	// The copies the bounds hold for, then those that reach them too.
	// Reaching matters for speed only, never for soundness: a bound
	// that holds but is not reached is too loose to help (a cap that
	// drops from 20 to 10 after the first iteration would give every
	// copy 20). Loop copies
	// usually all reach it, so two samples are asked first
	// (reachSamples) and every copy only when one of them does not.
	valid := []int{first}
	var escaped []int
	for _, i := range idx[1:] {
		var out []z3.Term
		if hasHi {
			out = append(out, ctx.Gt(amounts[i], ctx.Int(hi)))
		}
		if hasLo {
			out = append(out, ctx.Lt(amounts[i], ctx.Int(lo)))
		}
		r, err := x.checkUnder(s, ctx.And(ms[i].in, ctx.Or(out...)))
		if err != nil {
			return nil, err
		}
		if r == z3.Unsat {
			valid = append(valid, i)
			continue
		}
		r, err = x.checkUnder(s, ms[i].in)
		if err != nil {
			return nil, err
		}
		switch r {
		case z3.Unsat: // never in the relation, so its term is 0
			bounds[i] = termBounds{hasLo: true, hasHi: true}
		case z3.Sat:
			escaped = append(escaped, i)
		}
	}
	// Reaching is asked on a solver of its own: after the scopes of the
	// checks above, Z3 4.8.12 takes seconds for a sat string check that a
	// fresh solver answers in milliseconds (prover/z3/doc.go); measured
	// on a loop over 400 rows with a str column, 4.7 s against 20 ms.
	var rs *z3.Solver
	reached := func(i int) (bool, error) {
		if rs == nil {
			rs = x.ctx.NewSolverLimits(x.share(searchShare))
			for _, a := range x.assumptions {
				rs.Assert(a)
			}
		}
		ok := true
		var err error
		if hasHi && needHi {
			ok, err = x.reaches(rs, ctx.And(ms[i].in, ctx.Ge(amounts[i], ctx.Int(hi))))
		}
		if ok && err == nil && hasLo && needLo {
			ok, err = x.reaches(rs, ctx.And(ms[i].in, ctx.Le(amounts[i], ctx.Int(lo))))
		}
		return ok, err
	}
	defer func() {
		if rs != nil {
			rs.Close()
		}
	}()
	all := true
	for _, i := range reachSamples(valid) {
		ok, err := reached(i)
		if err != nil {
			return nil, err
		}
		all = all && ok
	}
	held := valid
	if !all {
		held = []int{first}
		for _, i := range valid[1:] {
			ok, err := reached(i)
			if err != nil {
				return nil, err
			}
			if ok {
				held = append(held, i)
			} else {
				escaped = append(escaped, i)
			}
		}
	}
	for _, i := range held {
		// t_i is 0 when the fact is not in the relation.
		bounds[i] = termBounds{hasLo: hasLo, lo: min(0, lo), hasHi: hasHi, hi: max(0, hi)}
	}
	return escaped, nil
}

// reachSamples are the copies of valid whose reaching stands for all of
// them: the second and the third. valid[0] reaches its bound by
// construction. Early copies, because a sat check that copy i reaches
// its bound needs a model of every iteration before it: measured on a
// loop over 400 rows with a str column, on a fresh solver, 0.7 s and
// 5.1 s on the middle and the last copy against 20 ms and 3 ms on the
// second and the third. Copies of one site that do not reach its bound
// come from an argument that changes from one iteration to the next,
// which usually shows in the first ones; one missed costs only speed.
func reachSamples(valid []int) []int {
	if len(valid) > 3 {
		return valid[1:3]
	}
	return valid[1:]
}

// boundLemmas are the bounds as assertions over the terms.
func (x *executor) boundLemmas(terms []z3.Term, bounds []termBounds) []z3.Term {
	var out []z3.Term
	for i, b := range bounds {
		if b.hasHi {
			out = append(out, x.ctx.Le(terms[i], x.ctx.Int(b.hi)))
		}
		if b.hasLo {
			out = append(out, x.ctx.Ge(terms[i], x.ctx.Int(b.lo)))
		}
	}
	return out
}

// extremeGuesses is a guess at a violation of `sum op n`: every term at its
// bound in the direction that breaks the claim (its upper bound against
// <= and <, its lower bound against >= and >). Z3 either finds a model
// with the guess quickly, which is a counterexample like any other, or
// refutes it; an answer under the guess never proves anything. Measured
// on a violated sum over 1000 loop facts, the search without it took
// 4.5 s. There is none when the direction or a bound is unknown.
func (x *executor) extremeGuesses(op ir.CmpOp, terms []z3.Term, bounds []termBounds) [][]z3.Term {
	var out []z3.Term
	for i, b := range bounds {
		switch {
		case (op == ir.LtE || op == ir.Lt) && b.hasHi:
			out = append(out, x.ctx.Eq(terms[i], x.ctx.Int(b.hi)))
		case (op == ir.GtE || op == ir.Gt) && b.hasLo:
			out = append(out, x.ctx.Eq(terms[i], x.ctx.Int(b.lo)))
		default:
			return nil
		}
	}
	if out == nil {
		return nil
	}
	return [][]z3.Term{out}
}

// extreme finds the largest value t can take on s (the smallest, when
// lower), and reports whether one exists within ±boundLimit and was
// established in time. It walks up from a model's value with growing
// steps until "t > c" is unsat, then bisects; every answer it returns is
// one Z3 proved.
func (x *executor) extreme(s *z3.Solver, t z3.Term, lower bool) (int64, bool, error) {
	ctx := x.ctx
	u := t
	if lower {
		u = ctx.Neg(t)
	}
	// above asks whether u can exceed c, and returns u's value if so.
	above := func(c int64) (bool, int64, bool, error) {
		r, m, err := x.modelUnder(s, ctx.Gt(u, ctx.Int(c)))
		if err != nil || r == z3.Unknown {
			return false, 0, false, err
		}
		if r == z3.Unsat {
			return false, 0, true, nil
		}
		defer m.Close()
		v, ok := m.Eval(u).Int64Value()
		return true, v, ok, nil
	}
	exceeds, v, ok, err := above(-boundLimit)
	if err != nil || !ok || !exceeds {
		// unsat here means u stays below -boundLimit, or nothing on s
		// is satisfiable (the fact is never in the relation): either
		// way no lemma.
		return 0, false, err
	}
	low := v // a value u takes
	exceeds, v, ok, err = above(low)
	if err != nil || !ok {
		return 0, false, err
	}
	high := low // a value u never exceeds, once the walk stops
	if exceeds {
		low = v
		if low > boundLimit {
			return 0, false, nil
		}
		for step := int64(1); ; step *= 2 {
			c := low + step
			if step > boundLimit || c > boundLimit {
				return 0, false, nil
			}
			exceeds, v, ok, err := above(c)
			if err != nil || !ok {
				return 0, false, err
			}
			if !exceeds {
				high = c
				break
			}
			if low = v; low > boundLimit {
				return 0, false, nil
			}
		}
	}
	for low < high {
		mid := low + (high-low)/2
		exceeds, v, ok, err := above(mid)
		if err != nil || !ok {
			return 0, false, err
		}
		if exceeds {
			low = v
		} else {
			high = mid
		}
	}
	if lower {
		return -high, true, nil
	}
	return high, true, nil
}

// reaches reports whether cond is satisfiable on s (false when Z3 does
// not know).
func (x *executor) reaches(s *z3.Solver, cond z3.Term) (bool, error) {
	r, err := x.checkUnder(s, cond)
	return r == z3.Sat, err
}

// checkUnder checks s with extra asserted in a scope of its own. An
// unknown answer is returned as z3.Unknown with a nil error: the caller
// drops the lemma it was after. Any other error is the context's and
// refuses the whole proof.
func (x *executor) checkUnder(s *z3.Solver, extra z3.Term) (z3.Result, error) {
	s.Push()
	defer s.Pop(1)
	s.Assert(extra)
	r, err := s.Check()
	return r, tolerateUnknown(err)
}

// modelUnder is checkUnder that also returns the model of a sat answer
// (the caller closes it).
func (x *executor) modelUnder(s *z3.Solver, extra z3.Term) (z3.Result, *z3.Model, error) {
	s.Push()
	defer s.Pop(1)
	s.Assert(extra)
	r, err := s.Check()
	if err != nil || r != z3.Sat {
		return r, nil, tolerateUnknown(err)
	}
	m, err := s.Model()
	if err != nil {
		return z3.Unknown, nil, err
	}
	return r, m, nil
}

// tolerateUnknown keeps an error unless it is Z3 giving up on one check.
func tolerateUnknown(err error) error {
	var unknown *z3.UnknownError
	if errors.As(err, &unknown) {
		return nil
	}
	return err
}
