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

// relevantLemmas are the lemmas (membershipLemmas) of the memberships
// that share a symbol with the goal terms ts, directly or through a chain
// of assumptions that share symbols. Only those can bear on whether ts
// can hold: a membership about other variables (the "@" every row of a
// query's result contains, against a goal about the query's filter) only
// gives Z3's string solver more to build a model for. With those lemmas
// it gave up after 10-40 s of work the resource limit does not count on
// corpus/migration/newsletter's only_where_*_fail plans, decided at once
// without them. A lemma is a valid formula, so dropping one changes how
// often Z3 gives up, never what counts as proved.
func (x *executor) relevantLemmas(ts []z3.Term) []z3.Term {
	if len(x.memberships) == 0 {
		return nil
	}
	x.link()
	goal := map[uint32]bool{}
	for _, id := range x.ctx.Symbols(ts...) {
		goal[x.root(id)] = true
	}
	var out []z3.Term
	for _, m := range x.memberships {
		for _, id := range x.ctx.Symbols(m.viaIndexOf) {
			if goal[x.root(id)] {
				out = append(out, x.ctx.Eq(m.viaIndexOf, m.viaContains))
				break
			}
		}
	}
	return out
}

// link joins the symbols of each assumption not joined yet, so that
// root tells which symbols are connected through the assumptions.
func (x *executor) link() {
	if x.links == nil {
		x.links = map[uint32]uint32{}
	}
	for _, a := range x.assumptions[x.linked:] {
		ids := x.ctx.Symbols(a)
		for _, id := range ids[min(1, len(ids)):] {
			if r, r0 := x.root(id), x.root(ids[0]); r != r0 {
				x.links[r] = r0
			}
		}
	}
	x.linked = len(x.assumptions)
}

// root is the representative of id's set of connected symbols, halving
// the path on the way so that later look-ups stay short.
func (x *executor) root(id uint32) uint32 {
	for {
		p, ok := x.links[id]
		if !ok {
			return id
		}
		if gp, ok := x.links[p]; ok {
			x.links[id] = gp
		}
		id = p
	}
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
