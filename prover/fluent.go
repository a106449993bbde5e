package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// write is one fluent write: a call whose effect updates the fluent, in
// program order, with the key and value computed from its arguments.
type write struct {
	fact       *fact
	key, value z3.Term
}

// fluentWrites lists the writes of fl, in the order the facts were
// recorded: program order, loop iterations in turn, so the last write
// wins.
func (x *executor) fluentWrites(fl *ir.Fluent) ([]write, error) {
	var out []write
	for _, f := range x.facts {
		for _, u := range f.effect.Updates {
			if u.Fluent != fl {
				continue
			}
			sc := &lambdaScope{vals: map[*ir.Local]value{u.Fact: noneValue{}}, facts: map[*ir.Local]*fact{u.Fact: f}}
			k, err := x.expr(sc, u.Key, x.ctx.True())
			if err != nil {
				return nil, err
			}
			v, err := x.expr(sc, u.Value, x.ctx.True())
			if err != nil {
				return nil, err
			}
			kt, ok1 := k.(z3.Term)
			vt, ok2 := v.(z3.Term)
			if !ok1 || !ok2 {
				return nil, internalf(u.Pos, "fluent %s: key or value is not a scalar", fl.Name)
			}
			out = append(out, write{fact: f, key: kt, value: vt})
		}
	}
	return out, nil
}

// finalState is the fluent after every write, as a Z3 array from keys to
// values: the constant array of the initial value, then one store per
// write, guarded by the write being reached. A later store to the same key
// overrides an earlier one, so the last write wins. The chain shares its
// prefixes, so the encoding grows linearly with the number of writes.
func (x *executor) finalState(fl *ir.Fluent, initial z3.Term, ws []write) (z3.Term, error) {
	ks, err := x.sortOf(fl.Pos, fl.Key)
	if err != nil {
		return z3.Term{}, err
	}
	state := x.ctx.ConstArray(ks, initial)
	for _, w := range ws {
		state = x.ctx.Ite(x.inTrace(w.fact), x.ctx.Store(state, w.key, w.value), state)
	}
	return state, nil
}

// fluentGuarantee builds the goal of F.final.all(p) or F.final[k] == v.
func (x *executor) fluentGuarantee(ob *Obligation, base *lambdaScope, spec ir.Spec) (goal, error) {
	ctx := x.ctx
	var fl *ir.Fluent
	switch s := spec.(type) {
	case *ir.FinalAll:
		fl = s.Fluent
	case *ir.FinalIs:
		fl = s.Fluent
	default:
		return goal{}, internalf(spec.Position(), "not a fluent spec: %T", spec)
	}
	iv, err := x.expr(base, fl.Initial, ctx.True())
	if err != nil {
		return goal{}, err
	}
	initial, ok := iv.(z3.Term)
	if !ok {
		return goal{}, internalf(fl.Pos, "fluent %s: initial value is not a scalar", fl.Name)
	}
	ws, err := x.fluentWrites(fl)
	if err != nil {
		return goal{}, err
	}
	final, err := x.finalState(fl, initial, ws)
	if err != nil {
		return goal{}, err
	}
	writers := func(mod *z3.Model) []*fact {
		var out []*fact
		for _, w := range ws {
			if isTrue(mod, w.fact.reached) {
				out = append(out, w.fact)
			}
		}
		return out
	}
	switch s := spec.(type) {
	case *ir.FinalAll:
		params := s.Pred.Params
		holdsFor := func(k, v z3.Term) (z3.Term, error) {
			sc := &lambdaScope{vals: map[*ir.Local]value{}}
			for p, val := range base.vals {
				sc.vals[p] = val
			}
			sc.vals[params[len(params)-1]] = v
			if len(params) == 2 {
				sc.vals[params[0]] = k
			}
			return x.predicate(s.Pred, sc)
		}
		// Keys no call writes keep the initial value, and there is always
		// such a key (keys are str or int): p must hold at the initial
		// value, for every unwritten key when p reads the key.
		var atInitial z3.Term
		if len(params) == 1 {
			if atInitial, err = holdsFor(z3.Term{}, initial); err != nil {
				return goal{}, err
			}
		} else {
			ks, err := x.sortOf(fl.Pos, fl.Key)
			if err != nil {
				return goal{}, err
			}
			k := ctx.FreshConst("key", ks)
			unwritten := []z3.Term{ctx.True()}
			for _, w := range ws {
				unwritten = append(unwritten, ctx.Not(ctx.And(w.fact.reached, ctx.Eq(k, w.key))))
			}
			ok, err := holdsFor(k, initial)
			if err != nil {
				return goal{}, err
			}
			atInitial = ctx.Forall([]z3.Term{k}, ctx.Implies(ctx.And(unwritten...), ok))
		}
		conj := []z3.Term{atInitial}
		broken := []z3.Term{ctx.Not(atInitial)}
		finals := []z3.Term{initial}
		keys := []z3.Term{{}}
		for _, w := range ws {
			fv := ctx.Select(final, w.key)
			ok, err := holdsFor(w.key, fv)
			if err != nil {
				return goal{}, err
			}
			conj = append(conj, ctx.Implies(w.fact.reached, ok))
			broken = append(broken, ctx.And(w.fact.reached, ctx.Not(ok)))
			finals = append(finals, fv)
			keys = append(keys, w.key)
		}
		return goal{ob: ob, holds: ctx.And(conj...), explain: func(mod *z3.Model) *Counterexample {
			for i, b := range broken {
				if !isTrue(mod, b) {
					continue
				}
				var summary string
				if i == 0 {
					summary = fmt.Sprintf("the initial value %s of %s (kept by every key no call writes) breaks it", render(mod, finals[0]), fl.Name)
				} else {
					summary = fmt.Sprintf("%s[%s] = %s at the end", fl.Name, render(mod, keys[i]), render(mod, finals[i]))
				}
				return x.explainFacts(mod, writers(mod), nil, summary)
			}
			// Every written key is fine in this model, so an unwritten
			// key breaks it (a quantified formula the model may not
			// evaluate).
			summary := fmt.Sprintf("a key no call writes keeps the initial value %s of %s, which breaks it", render(mod, finals[0]), fl.Name)
			return x.explainFacts(mod, writers(mod), nil, summary)
		}}, nil

	case *ir.FinalIs:
		kv, err := x.expr(base, s.Key, ctx.True())
		if err != nil {
			return goal{}, err
		}
		vv, err := x.expr(base, s.Value, ctx.True())
		if err != nil {
			return goal{}, err
		}
		key, ok1 := kv.(z3.Term)
		want, ok2 := vv.(z3.Term)
		if !ok1 || !ok2 {
			return goal{}, internalf(s.Pos, "fluent %s: key or value is not a scalar", fl.Name)
		}
		atKey := ctx.Select(final, key)
		holds := ctx.Eq(atKey, want)
		if s.Op == ir.NotEq {
			holds = ctx.Not(holds)
		}
		return goal{ob: ob, holds: holds, explain: func(mod *z3.Model) *Counterexample {
			summary := fmt.Sprintf("%s[%s] = %s at the end, must be %s %s", fl.Name, render(mod, key), render(mod, atKey), s.Op, render(mod, want))
			return x.explainFacts(mod, writers(mod), nil, summary)
		}}, nil
	}
	return goal{}, internalf(spec.Position(), "not a fluent spec: %T", spec)
}
