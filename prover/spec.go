package prover

import (
	"fmt"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// member is a fact of a relation and the condition under which it is in
// the relation: reached and passing every filter.
type member struct {
	fact *fact
	in   z3.Term
	sc   *lambdaScope // binds the contract's parameters and the fact
}

func (x *executor) guarantee(gr *ir.Guarantee) (goal, error) {
	ob := &Obligation{Kind: KindGuarantee, Name: gr.Source, Pos: gr.Pos}
	c := gr.Contract
	base := &lambdaScope{vals: map[*ir.Local]value{}}
	for i, p := range c.Params {
		v, err := x.expr(base, gr.Args[i], x.ctx.True())
		if err != nil {
			return goal{}, err
		}
		base.vals[p] = v
	}
	ctx := x.ctx
	if err := checkColumnRefs(c.Spec); err != nil {
		return goal{}, err
	}
	switch s := c.Spec.(type) {
	case *ir.FinalAll, *ir.FinalIs:
		return x.fluentGuarantee(ob, base, s) // fluent.go
	case *ir.NoGuarantees:
		return goal{ob: ob, holds: ctx.True(), explain: func(*z3.Model) *Counterexample { return nil }}, nil

	case *ir.All:
		ms, err := x.members(s.Rel, base)
		if err != nil {
			return goal{}, err
		}
		noteStart := len(x.columnNotes)
		conj := []z3.Term{ctx.True()}
		broken := make([]z3.Term, len(ms))
		violations := make([][]z3.Term, len(ms))
		for i, m := range ms {
			p, err := x.factPredicate(s.Pred, m)
			if err != nil {
				return goal{}, err
			}
			conj = append(conj, ctx.Implies(m.in, p))
			broken[i] = ctx.And(m.in, ctx.Not(p))
			violations[i] = []z3.Term{m.in, ctx.Not(p)}
		}
		fields := append(lambdaFields(s.Pred), relFields(s.Rel)...)
		notes := x.columnNotes[noteStart:]
		var sep *separation
		if len(notes) > 0 {
			sep = &separation{notes: notes, ms: ms, broken: broken}
		}
		return goal{ob: ob, holds: ctx.And(conj...), violations: violations, separate: sep, explain: func(mod *z3.Model) *Counterexample {
			offending := firstTrue(mod, ms, broken)
			return x.explainFacts(mod, offending, fields, x.explainColumn(mod, offending, notes))
		}}, nil

	case *ir.Empty:
		ms, err := x.members(s.Rel, base)
		if err != nil {
			return goal{}, err
		}
		conj := []z3.Term{ctx.True()}
		ins := make([]z3.Term, len(ms))
		for i, m := range ms {
			conj = append(conj, ctx.Not(m.in))
			ins[i] = m.in
		}
		return goal{ob: ob, holds: ctx.And(conj...), explain: func(mod *z3.Model) *Counterexample {
			return x.explainFacts(mod, firstTrue(mod, ms, ins), nil, "")
		}}, nil

	case *ir.Distinct:
		ms, err := x.members(s.Rel, base)
		if err != nil {
			return goal{}, err
		}
		if err := x.countable(c, ms, "distinct"); err != nil {
			return goal{}, err
		}
		keys := make([]value, len(ms))
		for i, m := range ms {
			if keys[i], err = x.lambda(s.Key, x.bindFact(s.Key, m)); err != nil {
				return goal{}, err
			}
		}
		// The pairs are quadratic in the members (half a million at
		// 1000 rows): when the keys have the shape injectiveKeys reads,
		// they are built only if its linear condition does not prove
		// the claim (goal.expand).
		pairwise := func() (goal, error) {
			conj := []z3.Term{ctx.True()}
			type pair struct{ i, j int }
			var pairs []pair
			var clash []z3.Term
			violations := [][]z3.Term{}
			for i := range ms {
				for j := i + 1; j < len(ms); j++ {
					eq, err := x.equal(s.Pos, keys[i], keys[j])
					if err != nil {
						return goal{}, err
					}
					both := ctx.And(ms[i].in, ms[j].in, eq)
					violations = append(violations, []z3.Term{ms[i].in, ms[j].in, eq})
					conj = append(conj, ctx.Not(both))
					pairs = append(pairs, pair{i, j})
					clash = append(clash, both)
				}
			}
			fields := append(lambdaFields(s.Key), relFields(s.Rel)...)
			return goal{ob: ob, holds: ctx.And(conj...), defs: x.uniqueness, violations: violations, smallFirst: true, diagnose: x.missingUniqueness, explain: func(mod *z3.Model) *Counterexample {
				for k, t := range clash {
					if isTrue(mod, t) {
						return x.explainFacts(mod, []*fact{ms[pairs[k].i].fact, ms[pairs[k].j].fact}, fields, "")
					}
				}
				return x.explainFacts(mod, nil, fields, "")
			}}, nil
		}
		sufficient := x.injectiveKeys(ms, keys)
		if sufficient == nil {
			if x.longLoop() {
				// Looked for over short results first
				// (decidePrefix); the pairs are built only if
				// that finds no counterexample.
				return goal{ob: ob, defs: x.uniqueness, smallFirst: true, expand: pairwise}, nil
			}
			return pairwise()
		}
		return goal{ob: ob, defs: x.uniqueness, sufficient: sufficient, expand: pairwise}, nil

	case *ir.SharesValue:
		return x.sharesValueGoal(ob, c, base, s)

	case *ir.Count, *ir.Sum:
		var rel *ir.Relation
		var key *ir.Lambda
		var op ir.CmpOp
		var nExpr ir.Expr
		what := "count"
		if cs, ok := s.(*ir.Count); ok {
			rel, op, nExpr = cs.Rel, cs.Op, cs.N
		} else {
			ss := s.(*ir.Sum)
			rel, key, op, nExpr, what = ss.Rel, ss.Key, ss.Op, ss.N, "sum"
		}
		ms, err := x.members(rel, base)
		if err != nil {
			return goal{}, err
		}
		if err := x.countable(c, ms, what); err != nil {
			return goal{}, err
		}
		nv, err := x.expr(base, nExpr, ctx.True())
		if err != nil {
			return goal{}, err
		}
		if k, isNum := nv.(z3.Term).Int64Value(); isNum && key == nil {
			// A counter's invariant over the facts counted 0 or 1
			// each (accum.go), as a lemma beside the cardinality
			// constraints.
			ones := make([]z3.Term, len(ms))
			for i, m := range ms {
				ones[i] = ctx.Ite(m.in, ctx.Int(1), ctx.Int(0))
			}
			lemmas, covered, err := x.accumLemmas(ms, ones, make([][]z3.Term, len(ms)), op, nv.(z3.Term))
			if err != nil {
				return goal{}, err
			}
			if covered {
				// The lemma implies the count in arithmetic, which Z3
				// does not connect to the cardinality constraints
				// quickly: the goal is stated in the lemma's terms
				// (the same claim).
				holds, err := x.compareLink(s.Position(), op, ir.Int, ctx.Add(append([]z3.Term{ctx.Int(0)}, ones...)...), nv)
				if err != nil {
					return goal{}, err
				}
				g, err := x.countGoal(ob, s, ms, rel, op, k, lemmas, nil)
				g.holds, g.implied = holds, lemmas
				return g, err
			}
			g, err := x.countGoal(ob, s, ms, rel, op, k, lemmas, x.prefixGuesses(ms))
			g.prefixFirst = x.longAccumulator(ms)
			return g, err
		}
		// One fresh term per fact, defined by implications rather than a
		// nested if-then-else (see doc.go).
		var defs, terms, amounts []z3.Term
		termDefs := make([][]z3.Term, len(ms))
		for i, m := range ms {
			var amount z3.Term = ctx.Int(1)
			if key != nil {
				v, err := x.lambda(key, x.bindFact(key, m))
				if err != nil {
					return goal{}, err
				}
				amount = v.(z3.Term)
			}
			t := ctx.FreshConst(what, ctx.IntSort())
			termDefs[i] = []z3.Term{ctx.Implies(m.in, ctx.Eq(t, amount)), ctx.Implies(ctx.Not(m.in), ctx.Eq(t, ctx.Int(0)))}
			defs = append(defs, termDefs[i]...)
			terms = append(terms, t)
			amounts = append(amounts, amount)
		}
		// The invariants of accumulators (accum.go): with one, the
		// bounds below would only cost time.
		lemmas, covered, err := x.accumLemmas(ms, terms, termDefs, op, nv.(z3.Term))
		if err != nil {
			return goal{}, err
		}
		defs = append(defs, lemmas...)
		// Bounds on each term, proved before they are asserted
		// (sumbounds.go); a count's terms are 0 or 1 by definition.
		bounds := make([]termBounds, len(terms))
		switch {
		case key == nil:
			for i := range bounds {
				bounds[i] = termBounds{hasLo: true, lo: 0, hasHi: true, hi: 1}
			}
		case x.monitorRows != nil:
			// A concrete trace: every amount is a constant, so the
			// bounds (consequences of the definitions, which only
			// speed a search up) would cost a solver per trace.
		case len(lemmas) > 0 || x.carriesInts(ms):
			// No bounds: the lemma says what the loop's terms add up
			// to; and where a loop carries an int (with or without
			// an invariant) the search for bounds over its copies
			// costs more than the check it would help (minutes at
			// 100 copies whose guards read the running total).
		default:
			if bounds, err = x.sumBounds(ms, amounts, op); err != nil {
				return goal{}, err
			}
		}
		defs = append(defs, x.boundLemmas(terms, bounds)...)
		var guesses [][]z3.Term
		if !covered { // else the lemma refutes every guess
			guesses = append(x.prefixGuesses(ms), x.extremeGuesses(op, terms, bounds)...)
		}
		total := ctx.Add(append([]z3.Term{ctx.Int(0)}, terms...)...)
		holds, err := x.compareLink(s.Position(), op, ir.Int, total, nv)
		if err != nil {
			return goal{}, err
		}
		ins := make([]z3.Term, len(ms))
		for i, m := range ms {
			ins[i] = m.in
		}
		fields := relFields(rel)
		if key != nil {
			fields = append(lambdaFields(key), fields...)
		}
		var implied []z3.Term
		if covered {
			implied = lemmas
		}
		prefixFirst := !covered && x.longAccumulator(ms)
		return goal{ob: ob, holds: holds, defs: defs, guesses: guesses, implied: implied, prefixFirst: prefixFirst, explain: func(mod *z3.Model) *Counterexample {
			var reached []*fact
			for i, m := range ms {
				if isTrue(mod, ins[i]) {
					reached = append(reached, m.fact)
				}
			}
			summary := fmt.Sprintf("%s = %s, must be %s %s", what, render(mod, total), op, render(mod, nv))
			return x.explainFacts(mod, reached, fields, summary)
		}}, nil
	}
	return goal{}, unsupported(c.Pos, fmt.Sprintf("contract %s (%T)", c.Name, c.Spec))
}

// members lists the facts a relation may hold, each with its membership
// condition.
func (x *executor) members(r *ir.Relation, base *lambdaScope) ([]member, error) {
	var out []member
	for _, f := range x.facts {
		if !f.effect.HasSelector(r.Selector) {
			continue
		}
		in := x.inTrace(f)
		m := member{fact: f, in: in, sc: base}
		conj := []z3.Term{in}
		for _, filter := range r.Filters {
			p, err := x.factPredicate(filter, m)
			if err != nil {
				return nil, err
			}
			conj = append(conj, p)
		}
		m.in = x.ctx.And(conj...)
		out = append(out, m)
	}
	return out, nil
}

// bindFact extends the member's scope with l's parameter bound to its fact.
func (x *executor) bindFact(l *ir.Lambda, m member) *lambdaScope {
	sc := &lambdaScope{vals: map[*ir.Local]value{}, facts: map[*ir.Local]*fact{}}
	for k, v := range m.sc.vals {
		sc.vals[k] = v
	}
	for _, p := range l.Params {
		sc.facts[p] = m.fact
		sc.vals[p] = noneValue{} // the fact itself is only read through FactField
	}
	return sc
}

func (x *executor) factPredicate(l *ir.Lambda, m member) (z3.Term, error) {
	return x.predicate(l, x.bindFact(l, m))
}

// lambdaFields lists the fields (or, for a requires clause, the
// parameters) a lambda reads, in order of first use.
func lambdaFields(l *ir.Lambda) []string {
	if l == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	params := map[*ir.Local]bool{}
	for _, p := range l.Params {
		params[p] = true
	}
	ir.Inspect(l.Body, func(e ir.Expr) bool {
		switch e := e.(type) {
		case *ir.FactField:
			add(e.Field)
		case *ir.LocalRef:
			if params[e.Local] {
				if _, isFact := e.Local.Type.(*ir.Fact); !isFact {
					add(e.Local.Name)
				}
			}
		}
		return true
	})
	return out
}

func relFields(r *ir.Relation) []string {
	var out []string
	for _, f := range r.Filters {
		out = append(out, lambdaFields(f)...)
	}
	return out
}

func firstTrue(mod *z3.Model, ms []member, conds []z3.Term) []*fact {
	for i, t := range conds {
		if isTrue(mod, t) {
			return []*fact{ms[i].fact}
		}
	}
	return nil
}

func isTrue(mod *z3.Model, t z3.Term) bool {
	b, ok := mod.Eval(t).BoolValue()
	return ok && b
}

// countGoal is R.count() <op> k for a constant k, as pseudo-Boolean
// cardinality constraints over the members' conditions: measured with a
// loop over a query of 100 rows, a sum of 0/1 integers took 6.4 s and one
// of 1000 rows timed out after a minute, while Z3's cardinality
// constraints decide both at once.
func (x *executor) countGoal(ob *Obligation, spec ir.Spec, ms []member, rel *ir.Relation, op ir.CmpOp, k int64, lemmas []z3.Term, guesses [][]z3.Term) (goal, error) {
	ctx := x.ctx
	ins := make([]z3.Term, len(ms))
	for i, m := range ms {
		ins[i] = m.in
	}
	atMost := func(k int64) z3.Term {
		if k < 0 {
			return ctx.False()
		}
		return ctx.AtMost(ins, uint(min(k, int64(len(ins)))))
	}
	atLeast := func(k int64) z3.Term {
		if k <= 0 {
			return ctx.True()
		}
		if k > int64(len(ins)) {
			return ctx.False()
		}
		return ctx.AtLeast(ins, uint(k))
	}
	var holds z3.Term
	switch op {
	case ir.LtE:
		holds = atMost(k)
	case ir.Lt:
		holds = atMost(k - 1)
	case ir.GtE:
		holds = atLeast(k)
	case ir.Gt:
		holds = atLeast(k + 1)
	case ir.Eq:
		holds = ctx.And(atMost(k), atLeast(k))
	case ir.NotEq:
		holds = ctx.Not(ctx.And(atMost(k), atLeast(k)))
	default:
		return goal{}, internalf(spec.Position(), "count compared by %s", op)
	}
	fields := relFields(rel)
	return goal{ob: ob, holds: holds, defs: lemmas, guesses: guesses, explain: func(mod *z3.Model) *Counterexample {
		var reached []*fact
		for i, m := range ms {
			if isTrue(mod, ins[i]) {
				reached = append(reached, m.fact)
			}
		}
		summary := fmt.Sprintf("count = %d, must be %s %d", len(reached), op, k)
		return x.explainFacts(mod, reached, fields, summary)
	}}, nil
}

// countable refuses an aggregate over facts of a generic iteration: one
// such fact stands for a call per row of a result of unknown length.
func (x *executor) countable(c *ir.Contract, ms []member, what string) error {
	for _, m := range ms {
		if l := x.genericIn(m.fact); l != nil {
			eff := l.unbounded
			if l.inner {
				return limitf(m.fact.pos, "%s of %s over a loop on an inner list of the result of %s needs its length bounded, and the ensures of %s bound the outer list only: return a flat list", what, c.Name, eff, eff)
			}
			return limitf(m.fact.pos, "%s of %s over a loop on the result of %s needs its length bounded: add an ensures bound on %s, e.g. @clauz3.ensures(lambda result: len(result) <= 100)", what, c.Name, eff, eff)
		}
	}
	return nil
}

// sharesValueGoal is A.shares_value(B, k): some pair of a fact of A and a
// fact of B, both in their relations, has equal keys (sharedKey), so an A
// or a B that may be empty fails with a counterexample where it is. A
// counterexample lists the keys of the facts of A and of B that exist,
// none of them shared.
func (x *executor) sharesValueGoal(ob *Obligation, c *ir.Contract, base *lambdaScope, s *ir.SharesValue) (goal, error) {
	as, err := x.members(s.A, base)
	if err != nil {
		return goal{}, err
	}
	bs, err := x.members(s.B, base)
	if err != nil {
		return goal{}, err
	}
	if err := x.countable(c, append(append([]member{}, as...), bs...), "shares_value"); err != nil {
		return goal{}, err
	}
	keys := func(l *ir.Lambda, ms []member) ([]value, error) {
		out := make([]value, len(ms))
		for i, m := range ms {
			v, err := x.lambda(l, x.bindFact(l, m))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	ka, err := keys(s.KeyA, as)
	if err != nil {
		return goal{}, err
	}
	kb, err := keys(s.KeyB, bs)
	if err != nil {
		return goal{}, err
	}
	holds, err := x.sharedKey(s.Pos, as, bs, ka, kb)
	if err != nil {
		return goal{}, err
	}
	fields := append(lambdaFields(s.KeyA), append(relFields(s.A), relFields(s.B)...)...)
	// The commonest violations are a side with no fact, and every query
	// returning no rows: tried first, as guesses (prove.go). Measured
	// with a loop over 100 rows whose emails pass a string test, Z3 found
	// no counterexample within 10 s without the second, nor in 2 s when
	// the guess was "no loop fact is in the relation" instead.
	none := func(ms []member) []z3.Term {
		conj := []z3.Term{x.ctx.True()}
		for _, m := range ms {
			conj = append(conj, x.ctx.Not(m.in))
		}
		return conj
	}
	noRows := []z3.Term{x.ctx.True()}
	for _, f := range x.facts {
		if l, ok := f.result.(*seqValue); ok && l.n.IsValid() && l.present == nil {
			noRows = append(noRows, x.ctx.Eq(l.n, x.ctx.Int(0)))
		}
	}
	guesses := [][]z3.Term{none(bs), none(as), noRows}
	return goal{ob: ob, holds: holds, guesses: guesses, explain: func(mod *z3.Model) *Counterexample {
		var reached []*fact
		side := func(rel *ir.Relation, ms []member, ks []value) string {
			var shown []string
			for i, m := range ms {
				if isTrue(mod, m.in) {
					reached = append(reached, m.fact)
					shown = append(shown, render(mod, ks[i]))
				}
			}
			if len(shown) == 0 {
				return relLabel(rel) + " has no fact"
			}
			return fmt.Sprintf("%s keys [%s]", relLabel(rel), strings.Join(shown, ", "))
		}
		summary := fmt.Sprintf("shares_value: %s; %s; none is shared", side(s.A, as, ka), side(s.B, bs, kb))
		return x.explainFacts(mod, reached, fields, summary)
	}}, nil
}

// sharedKey is "some member of as and some member of bs have equal keys".
// For scalar keys it is the negation of a linear formula: with a fresh
// predicate inB over keys, no pair shares a key exactly when some inB
// holds of every key of B that exists and of no key of A that exists
// (take inB to be the set of B's keys). Its size is |A| + |B| where the
// disjunction over pairs is |A|·|B|: measured over two loops of 1000
// facts, proving with the pairs took 35 s. inB is free in the result, so
// the result may only be asserted negated, as every goal's holds is
// (prove.go, replay.go): there inB is existential, as the equivalence
// needs. Keys of other kinds use the pairs.
func (x *executor) sharedKey(pos ir.Pos, as, bs []member, ka, kb []value) (z3.Term, error) {
	ctx := x.ctx
	var sort z3.Sort
	scalar := true
	for _, k := range append(append([]value{}, ka...), kb...) {
		t, ok := k.(z3.Term)
		if !ok {
			scalar = false
			break
		}
		sort = t.Sort()
	}
	if scalar && len(as) > 0 && len(bs) > 0 {
		inB := ctx.FreshFuncDecl("shared", []z3.Sort{sort}, ctx.BoolSort())
		var none []z3.Term
		for j, m := range bs {
			none = append(none, ctx.Implies(m.in, ctx.Apply(inB, kb[j].(z3.Term))))
		}
		for i, m := range as {
			none = append(none, ctx.Implies(m.in, ctx.Not(ctx.Apply(inB, ka[i].(z3.Term)))))
		}
		return ctx.Not(ctx.And(none...)), nil
	}
	pairs := []z3.Term{ctx.False()}
	for i := range as {
		for j := range bs {
			eq, err := x.equal(pos, ka[i], kb[j])
			if err != nil {
				return z3.Term{}, err
			}
			pairs = append(pairs, ctx.And(as[i].in, bs[j].in, eq))
		}
	}
	return ctx.Or(pairs...), nil
}

// relLabel names a relation in a counterexample: the layer's variable
// for it, or effect('selector') with its filters.
func relLabel(r *ir.Relation) string {
	if r.Name != "" && len(r.Filters) == 0 {
		return r.Name
	}
	return ir.RelationString(r)
}
