package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Runs cut short by a failed call. A trusted effect's Go implementation
// can fail at run time (a network error, a file that is not there, a
// sandbox refusal, a result that breaks the effect's postcondition), and
// then the run ends at that call: the runtime writes the call into the
// trace and raises EffectError (runtime/doc.go). A plan can even make a
// call fail on purpose (read a file that does not exist). A guarantee is
// a claim over every trace the plan can produce, traces cut short
// included (docs/design.md section 4), so a claim that a shorter trace
// can break must hold with the run ending at any call:
//
//	unlock("front"); set_temperature("hall", 22); lock("front")
//
// proves "every door is locked at the end" only if set_temperature never
// fails; when it does, the door stays unlocked.
//
// A claim that holds of a trace holds of its prefixes when it only ever
// says "no more than" (all, empty, distinct, count <= and <, and sum <=
// and < when no term is negative): those need nothing more. A sum against
// <= or < whose terms may be negative (a refund after a payment) is not
// closed, and is not checked yet: a known gap (docs/language.md). The others (a fluent's final value, count and sum >=, >,
// == and !=, shares_value, and a sum against <= or < whose terms may be
// negative) get a second obligation, failedCallGoal: the same claim over
// the facts up to a call cut whose failure ends the run (the goal is
// built with x.cut set, and every membership and fluent write reads
// inTrace). Its counterexample names the call that fails, and it
// replays: the replay's host fails that call (replayHost).

// inTrace is the condition under which f counts in the trace: f is
// reached, and when a failed call cuts the run (x.cut), f comes before
// that call, or is that call and it took effect.
//
// A failed call may have taken effect or not (the layer reports an
// error; whether the door locked or the mail left is not known), so the
// cut holds both: x.cut = 2k+1 is call k failing after it took effect,
// 2k call k failing before. Call k counts when 2k+1 <= x.cut.
func (x *executor) inTrace(f *fact) z3.Term {
	if !x.cut.IsValid() {
		return f.reached
	}
	return x.ctx.And(f.reached, x.ctx.Le(x.ctx.Int(2*int64(f.seq)+1), x.cut))
}

// failedAt splits a model's cut into the call that fails and whether it
// took effect; ok is false when the value names no call of the plan.
func (x *executor) failedAt(mod *z3.Model, cut z3.Term) (k int64, tookEffect, ok bool) {
	c, known := mod.Eval(cut).Int64Value()
	if !known || c < 0 || c/2 >= int64(len(x.facts)) {
		return 0, false, false
	}
	return c / 2, c%2 == 1, true
}

// prefixClosed reports whether a claim that holds of a trace holds of
// every prefix of it, so that a run cut short by a failed call keeps it.
func prefixClosed(spec ir.Spec) bool {
	switch s := spec.(type) {
	case *ir.NoGuarantees, *ir.All, *ir.Empty, *ir.Distinct:
		return true
	case *ir.Count:
		return s.Op == ir.LtE || s.Op == ir.Lt
	case *ir.Sum:
		// Taken as closed against <= and < even where a term may be
		// negative (a refund after a payment): not yet checked, a gap
		// docs/contracts.md states.
		return s.Op == ir.LtE || s.Op == ir.Lt
	}
	return false
}

// failedCallGoal is the obligation that gr holds when the run ends at a
// failed call, or ok false when gr's claim needs none (prefixClosed) or
// the plan makes no call.
func (x *executor) failedCallGoal(gr *ir.Guarantee) (goal, bool, error) {
	if len(x.facts) == 0 {
		return goal{}, false, nil
	}
	if prefixClosed(gr.Contract.Spec) {
		return goal{}, false, nil
	}
	ctx := x.ctx
	cut := ctx.FreshConst("failed_call", ctx.IntSort())
	x.cut = cut
	g, err := x.guarantee(gr)
	if err == nil {
		g.guarantee = gr
		// Built now, while the memberships read the cut.
		g, err = g.expanded()
	}
	x.cut = z3.Term{}
	if err != nil {
		return goal{}, false, err
	}
	// The run ends at a call it reaches, which took effect or not.
	var at []z3.Term
	for _, f := range x.facts {
		k := 2 * int64(f.seq)
		at = append(at, ctx.And(ctx.Or(ctx.Eq(cut, ctx.Int(k)), ctx.Eq(cut, ctx.Int(k+1))), f.reached))
	}
	fails := ctx.Or(at...)
	name := gr.Source + " when a call fails"
	out := goal{
		ob:        &Obligation{Kind: KindGuarantee, Name: name, Pos: gr.Pos},
		holds:     ctx.Implies(fails, g.holds),
		defs:      g.defs,
		guesses:   g.guesses,
		guarantee: gr,
		cut:       cut,
	}
	if g.violations != nil {
		out.violations = make([][]z3.Term, len(g.violations))
		for i, v := range g.violations {
			out.violations[i] = append([]z3.Term{fails}, v...)
		}
	}
	explain := g.explain
	out.explain = func(mod *z3.Model) *Counterexample {
		cex := explain(mod)
		if cex == nil {
			cex = &Counterexample{}
		}
		k, tookEffect, ok := x.failedAt(mod, cut)
		if !ok {
			return cex
		}
		failed := x.facts[k]
		// The trace the run writes ends with the call that failed.
		shown := 0
		for _, f := range x.facts[:k+1] {
			if isTrue(mod, f.attempted) {
				shown++
			}
		}
		if shown < len(cex.Trace) {
			cex.Trace = cex.Trace[:shown]
		}
		when := "before it took effect"
		if tookEffect {
			when = "after it took effect"
		}
		what := fmt.Sprintf("%s at line %d fails at run time %s (its layer reports an error), which ends the run there", failed.effect.Name, failed.pos.Line, when)
		if cex.Summary != "" {
			what += "; " + cex.Summary
		}
		cex.Summary = what
		return cex
	}
	return out, true, nil
}
