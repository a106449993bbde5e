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

// violateSmallFirst is violate, after a look for a small counterexample
// (smallSeparable) for goals whose counterexample must be separable: the
// full search over every row may run out of time where one row shows the
// violation. separated reports that s holds such a small violation, with
// g.separate asserted.
func (x *executor) violateSmallFirst(g goal) (r z3.Result, s *z3.Solver, separated bool, err error) {
	if g.separate != nil {
		if small := x.smallSeparable(g); small != nil {
			return z3.Sat, small, true, nil
		}
	}
	r, s, err = x.violate(g)
	return r, s, false, err
}
