package prover

import (
	"github.com/clauz3/clauz3/prover/z3"
)

// smallResultBound is the length every bounded query result is held to
// while looking for a small counterexample first (smallSeparable).
const smallResultBound = 1

// smallResults bounds the length of every fresh list result of the run
// (those modelled by a symbolic length) by k.
func (x *executor) smallResults(k int64) []z3.Term {
	var out []z3.Term
	for _, f := range x.facts {
		if sv, ok := f.result.(*seqValue); ok && sv.n.IsValid() {
			out = append(out, x.ctx.Le(sv.n, x.ctx.Int(k)))
		}
	}
	return out
}

// smallSeparable looks, on a solver of its own with the share of the resource limit of
// guesses, for a violation of g that a trace can show (g.separate) while
// every query returns at most smallResultBound rows. A loop over a query
// bounded by 100 rows whose rows carry string postconditions (every email
// holds "@") gives Z3 a hundred string variables, and finding the model
// the separation asks for among them can run out of time although one row
// suffices. Any model found is a real one (the bound only narrows the
// search); when there is none, or Z3 cannot tell in time, nil is returned
// and the full search goes on (separable).
func (x *executor) smallSeparable(g goal) *z3.Solver {
	small := x.smallResults(smallResultBound)
	if len(small) == 0 || !g.holds.IsValid() {
		return nil
	}
	s := x.ctx.NewSolverLimits(x.share(searchShare))
	for _, a := range x.assumptions {
		s.Assert(a)
	}
	for _, d := range g.defs {
		s.Assert(d)
	}
	s.Assert(x.ctx.Not(g.holds))
	for _, t := range small {
		s.Assert(t)
	}
	if r, err := s.Check(); err == nil && r == z3.Sat {
		if r, err := x.separated(s, g.separate); err == nil && r == z3.Sat {
			return s
		}
	}
	s.Close()
	return nil
}

// smallPairBound is the length every bounded query result is held to
// while looking for a small counterexample to a distinct claim first
// (smallViolation): two rows are enough for two facts to share a key.
const smallPairBound = 2

// smallViolation looks, on a solver of its own with the share of the
// resource limit of guesses, for a violation of g (a distinct claim, one
// violation per pair of members) while every query returns at most
// smallPairBound rows, and returns the solver holding the first violation
// its model shows, checked again. Measured on Z3 4.8.12, finding the
// first clashing pair of a 30-row loop whose rows carry string
// postconditions took seconds on the full search, for a model two rows
// show. Any model found is a real one (the bound only narrows the
// search); otherwise nil, and the full search goes on. It also returns
// the violation the solver holds.
func (x *executor) smallViolation(g goal) (*z3.Solver, []z3.Term) {
	small := x.smallResults(smallPairBound)
	if len(small) == 0 || len(g.violations) == 0 {
		return nil, nil
	}
	// Only the first violations are asked, as one disjunction: the
	// members of a loop come in iteration order, so the pairs of the
	// first rows come first, and over a 100-row loop the disjunction of
	// all 4950 pairs ran out of this search's limit.
	first := g.violations[:min(len(g.violations), batchDisjuncts)]
	disj := make([]z3.Term, len(first))
	for i, v := range first {
		disj[i] = x.ctx.And(v...)
	}
	s := x.ctx.NewSolverLimits(x.share(searchShare))
	for _, a := range x.assumptions {
		s.Assert(a)
	}
	for _, d := range g.defs {
		s.Assert(d)
	}
	s.Assert(x.ctx.Or(disj...))
	for _, t := range small {
		s.Assert(t)
	}
	if r, err := s.Check(); err != nil || r != z3.Sat {
		s.Close()
		return nil, nil
	}
	mod, err := s.Model()
	if err != nil {
		s.Close()
		return nil, nil
	}
	defer mod.Close()
	for _, v := range first {
		if !allTrue(mod, v) {
			continue
		}
		for _, t := range v {
			s.Assert(t)
		}
		if r, err := s.Check(); err == nil && r == z3.Sat {
			return s, v
		}
		break
	}
	s.Close()
	return nil, nil
}

func allTrue(mod *z3.Model, ts []z3.Term) bool {
	for _, t := range ts {
		if !isTrue(mod, t) {
			return false
		}
	}
	return true
}

// violateSmallFirst is violate, after a look for a small counterexample
// (smallSeparable) for goals whose counterexample must be separable, and
// (smallViolation) for goals marked smallFirst: the full search over
// every row may run out of time where one or two rows show the
// violation. separated reports that s holds such a small violation, with
// g.separate asserted; found is the violation a smallViolation solver
// holds (nil otherwise), for the diagnosis, which asks the full problem.
func (x *executor) violateSmallFirst(g goal) (r z3.Result, s *z3.Solver, separated bool, found []z3.Term, err error) {
	if g.separate != nil {
		if small := x.smallSeparable(g); small != nil {
			return z3.Sat, small, true, nil, nil
		}
	}
	if g.smallFirst {
		if small, v := x.smallViolation(g); small != nil {
			return z3.Sat, small, false, v, nil
		}
	}
	r, s, err = x.violate(g)
	return r, s, false, nil, err
}
