package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Obligation kinds of the plan's own conditions (ir.Func.Requires and
// Ensures). Neither is ever assumed: a helper's precondition is proved at
// every call and its postcondition at every return, and callers keep the
// inlined body's values. Only the target's precondition is assumed (as a
// fact about its free inputs, checked by every engine before the first
// statement); it is reported in Result.Assumes, not as an obligation.
const (
	KindPlanPrecondition  Kind = "plan precondition"
	KindPlanPostcondition Kind = "plan postcondition"
)

// planCondition is one evaluation of a plan-written condition: a
// precondition at one call, or a postcondition at the end of one call.
type planCondition struct {
	kind    Kind
	fn      *ir.Func
	cond    *ir.Condition
	pos     ir.Pos // the call site (a precondition) or the decorator (a postcondition)
	call    ir.Pos // the call site
	reached z3.Term
	holds   z3.Term
	// bound are the values the condition read, by parameter name, for
	// the counterexample.
	bound []namedValue
}

type namedValue struct {
	name string
	val  value
}

// bindPlanParams binds a precondition's parameters to the arguments of
// the function's parameters of the same name.
func bindPlanParams(fn *ir.Func, cond *ir.Condition, args []value) (*lambdaScope, []namedValue, error) {
	sc := &lambdaScope{vals: map[*ir.Local]value{}}
	var bound []namedValue
	for _, p := range cond.Pred.Params {
		found := false
		for i, fp := range fn.Params {
			if fp.Name == p.Name {
				sc.vals[p] = args[i]
				bound = append(bound, namedValue{p.Name, args[i]})
				found = true
			}
		}
		if !found {
			return nil, nil, internalf(cond.Pos, "requires of %s reads %s, which is not a parameter", fn.Name, p.Name)
		}
	}
	return sc, bound, nil
}

// assumeTargetRequires makes the target's own preconditions assumptions
// about its free inputs: the compiler lets them read only the target's
// parameters, literals and constants, and every engine checks them
// before the first statement, so no execution that runs violates them.
func (x *executor) assumeTargetRequires(fn *ir.Func, args []value) error {
	x.targetRequires[0] = len(x.assumptions)
	defer func() { x.targetRequires[1] = len(x.assumptions) }()
	for _, cond := range fn.Requires {
		sc, _, err := bindPlanParams(fn, cond, args)
		if err != nil {
			return err
		}
		holds, err := x.predicate(cond.Pred, sc)
		if err != nil {
			return err
		}
		x.assumptions = append(x.assumptions, holds)
	}
	return nil
}

// helperRequires records the preconditions of a call of a plan helper as
// obligations on guard g. A call whose precondition fails ends the run
// (the interpreter raises a PlanContractError there), which the executor
// models like a raise; that only shapes what later obligations see, since
// the precondition itself must be proved for the plan to pass.
func (x *executor) helperRequires(call ir.Pos, fn *ir.Func, args []value, g z3.Term) error {
	for _, cond := range fn.Requires {
		sc, bound, err := bindPlanParams(fn, cond, args)
		if err != nil {
			return err
		}
		holds, err := x.predicate(cond.Pred, sc)
		if err != nil {
			return err
		}
		// An earlier clause that failed ended the run: alive says so.
		reached := x.ctx.And(g, x.alive)
		x.planConds = append(x.planConds, &planCondition{kind: KindPlanPrecondition, fn: fn, cond: cond, pos: call, call: call, reached: reached, holds: holds, bound: bound})
		x.raiseUnless(reached, holds)
	}
	return nil
}

// ensuresAtReturn records the postconditions of a call of fn (a helper
// or the target) on the value it returned, on guard g. As for a
// precondition, a failing one ends the run.
func (x *executor) ensuresAtReturn(call ir.Pos, fn *ir.Func, ret value, g z3.Term) error {
	for _, cond := range fn.Ensures {
		sc := &lambdaScope{vals: map[*ir.Local]value{cond.Pred.Params[0]: ret}}
		holds, err := x.predicate(cond.Pred, sc)
		if err != nil {
			return err
		}
		reached := x.ctx.And(g, x.alive)
		x.planConds = append(x.planConds, &planCondition{kind: KindPlanPostcondition, fn: fn, cond: cond, pos: cond.Pos, call: call, reached: reached,
			holds: holds, bound: []namedValue{{cond.Pred.Params[0].Name, ret}}})
		x.raiseUnless(reached, holds)
	}
	return nil
}

// planConditionGoals groups the evaluations of each condition at each
// position (a precondition per call site, a postcondition per decorator)
// into one obligation, like preconditions of effects.
func (x *executor) planConditionGoals() []goal {
	groups := groupBySite(x.planConds, func(pc *planCondition) (ir.Pos, *ir.Condition) { return pc.pos, pc.cond })
	var out []goal
	for _, pcs := range groups {
		first := pcs[0]
		conj := []z3.Term{x.ctx.True()}
		broken := make([]z3.Term, len(pcs))
		violations := make([][]z3.Term, len(pcs))
		for i, pc := range pcs {
			conj = append(conj, x.ctx.Implies(pc.reached, pc.holds))
			broken[i] = x.ctx.And(pc.reached, x.ctx.Not(pc.holds))
			violations[i] = []z3.Term{pc.reached, x.ctx.Not(pc.holds)}
		}
		name := "helper " + first.fn.Name
		if first.fn == x.prog.Target {
			name = first.fn.Name
		}
		out = append(out, goal{
			ob: &Obligation{
				Kind:   first.kind,
				Name:   name,
				Pos:    first.pos,
				Clause: first.cond.Source,
			},
			cond:       first.cond,
			holds:      x.ctx.And(conj...),
			violations: violations,
			explain: func(m *z3.Model) *Counterexample {
				cex := x.explainFacts(m, nil, nil, "")
				for i, t := range broken {
					if !isTrue(m, t) {
						continue
					}
					for _, b := range pcs[i].bound {
						cex.Fields = append(cex.Fields, Binding{Name: b.name, Value: render(m, b.val)})
					}
					switch {
					case pcs[i].kind != KindPlanPostcondition:
					case pcs[i].fn == x.prog.Target:
						cex.Summary = pcs[i].fn.Name + " returns it"
					default:
						cex.Summary = fmt.Sprintf("%s returns it at the call at line %d", pcs[i].fn.Name, pcs[i].call.Line)
					}
					break
				}
				return cex
			},
		})
	}
	return out
}
