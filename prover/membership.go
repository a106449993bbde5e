package prover

import (
	"errors"

	"github.com/clauz3/clauz3/prover/z3"
)

// membership is one `a in s` over strings. Its term is
// indexof(s, a, 0) >= 0, which is exactly contains(s, a) (also for an
// empty a): Z3 4.8.12's string solver decides some problems only in one of
// the two forms. suffixof("@corp.example", x) and not(contains(x, "@"))
// times out as contains but is unsat at once as indexof, while
// "\n" not in user + "@example.com" given "\n" not in user is the other
// way round. So violate asks with the indexof form alone and, only when Z3
// answers unknown, asks again with each atom's equivalence to its contains
// form added as a lemma (a valid formula, so it changes how often Z3
// gives up, never what counts as proved: only unsat proves).
type membership struct {
	viaIndexOf, viaContains z3.Term
}

// member returns the term for `a in s` and records its other form.
func (x *executor) member(a, s z3.Term) z3.Term {
	c := x.ctx
	m := membership{
		viaIndexOf:  c.Ge(c.IndexOf(s, a, c.Int(0)), c.Int(0)),
		viaContains: c.Contains(s, a),
	}
	x.memberships = append(x.memberships, m)
	return m.viaIndexOf
}

// membershipLemmas are the equivalences of every membership term with its
// contains form.
func (x *executor) membershipLemmas() []z3.Term {
	out := make([]z3.Term, len(x.memberships))
	for i, m := range x.memberships {
		out[i] = x.ctx.Eq(m.viaIndexOf, m.viaContains)
	}
	return out
}

// gaveUp reports whether a check ended in Z3's unknown (a timeout or
// incompleteness), as opposed to an error or the caller's cancellation,
// which a second encoding cannot help.
func (x *executor) gaveUp(r z3.Result, err error) bool {
	if x.runCtx != nil && x.runCtx.Err() != nil {
		return false
	}
	var unknown *z3.UnknownError
	return r == z3.Unknown && (err == nil || errors.As(err, &unknown))
}
