package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// Plan is the plan a policy is evaluated against: its source and the
// configuration it is compiled with (the evaluator's own trusted roots,
// never ones a client names).
type Plan struct {
	File   string
	Source []byte
	Config compiler.Config
}

// ClauseStatus is the outcome of proving one clause against the plan.
type ClauseStatus string

const (
	ClauseProved ClauseStatus = "proved"
	ClauseFailed ClauseStatus = "failed" // the prover found an execution that breaks it
	// ClauseInconclusive: it did not compile, or the prover could not
	// decide it; never treated as proved.
	ClauseInconclusive ClauseStatus = "inconclusive"
)

// RuleStatus is the outcome of one rule.
type RuleStatus string

const (
	RuleFired        RuleStatus = "fired"
	RuleNotFired     RuleStatus = "not_fired"
	RuleInconclusive RuleStatus = "inconclusive"
)

// ClauseResult is one clause of a rule and why it has its status.
type ClauseResult struct {
	Clause string       `json:"clause"`
	Status ClauseStatus `json:"status"`
	Detail string       `json:"detail,omitempty"` // the counterexample or the reason
}

// RuleResult is one evaluated rule.
type RuleResult struct {
	Name     string         `json:"name"`
	Decision Outcome        `json:"decision"`
	Status   RuleStatus     `json:"status"`
	Clauses  []ClauseResult `json:"clauses"`
	// Detail says why an auto_approved rule whose clauses are all proved
	// does not fire: the plan calls an effect no proved clause selects
	// whole. Uncovered is the same as data, for callers and tests.
	Detail    string     `json:"detail,omitempty"`
	Uncovered *Uncovered `json:"uncovered,omitempty"`
}

// Uncovered is the first call of a plan that keeps an auto_approved rule
// whose clauses are all proved from firing.
type Uncovered struct {
	Effect string `json:"effect"`
	Pos    ir.Pos `json:"pos"`
	// Partly: a proved clause selects some of the effect's calls (a
	// where() filter, shares_value or a lower bound), not all of them;
	// false: no proved clause selects it at all.
	Partly bool `json:"partly"`
}

// Decision is the outcome of a policy for one plan.
type Decision struct {
	Outcome Outcome `json:"decision"`
	Rule    string  `json:"rule,omitempty"` // the rule that fired
	Reason  string  `json:"reason"`         // its reason, or why a human is asked
	// Rules lists every rule evaluated, deny rules first, in order; rules
	// after the deciding one are not evaluated.
	Rules []RuleResult `json:"rules"`
}

// VacuousDetail is the detail of a proved clause that selects none of the
// effects the plan can call: it holds because it says nothing about what
// the plan does, so it never counts toward approving (attacks H1/H2).
const VacuousDetail = "covers nothing the plan does: it selects none of the effects the plan can call"

// ErrPlanNotProved is wrapped by Evaluate's error when the plan itself is
// not proved: a policy never decides such a plan. The error is a
// *NotProvedError, which says which obligations are not proved.
var ErrPlanNotProved = errors.New("the plan is not proved")

// NotProvedError is Evaluate's refusal of a plan that is not proved
// itself; errors.Is(err, ErrPlanNotProved) holds for it.
type NotProvedError struct {
	Unproved []*prover.Obligation // the plan's obligations that are not Proved
}

func (e *NotProvedError) Error() string {
	parts := make([]string, len(e.Unproved))
	for i, o := range e.Unproved {
		parts[i] = o.Title() + " " + o.Status.String()
	}
	return ErrPlanNotProved.Error() + ": " + strings.Join(parts, "; ")
}

func (e *NotProvedError) Is(target error) bool { return target == ErrPlanNotProved }

// Evaluate decides plan by pol: deny rules first, then allow rules, first
// rule that fires wins; otherwise Ask. An error (the plan does not
// compile or is not proved, the context is cancelled) is a refusal the
// caller must not turn into a decision.
func Evaluate(ctx context.Context, plan Plan, pol *Policy, opts prover.Options) (*Decision, error) {
	if pol == nil || len(pol.Rules) == 0 {
		return nil, errors.New("policy: no policy or no rules")
	}
	var order []*Rule
	for _, want := range []Outcome{AutoRejected, AutoApproved} {
		for i := range pol.Rules {
			if pol.Rules[i].Decision == want {
				order = append(order, &pol.Rules[i])
			}
		}
	}
	if len(order) != len(pol.Rules) {
		return nil, fmt.Errorf("policy %s: a rule has an unknown decision (the policy was not validated)", pol.File)
	}
	var clauses []compiler.Clause
	index := map[string]int{} // clause text -> index in clauses
	for _, r := range order {
		for _, src := range r.Clauses() {
			if _, ok := index[src]; !ok {
				index[src] = len(clauses)
				// positions read "policy.json rule NAME:1:COL", the column within the clause
				clauses = append(clauses, compiler.Clause{File: pol.File + " rule " + r.Name, Source: src, Imports: pol.Imports})
			}
		}
	}
	prog, gs, cerrs, err := compiler.CompileWithClauses(plan.File, plan.Source, plan.Config, clauses)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	own, err := check.Prove(ctx, prog, opts)
	if err != nil {
		return nil, fmt.Errorf("policy: proving the plan: %w", err)
	}
	if !own.Proved() {
		return nil, fmt.Errorf("policy: %w", notProved(own))
	}
	calls, err := prover.CalledEffects(prog)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	ev := &evaluator{ctx: ctx, prog: prog, opts: opts, gs: gs, cerrs: cerrs, calls: calls, done: map[int]*ClauseResult{}}
	d := &Decision{Outcome: Ask, Rules: []RuleResult{}}
	var inconclusiveDeny []string
	for _, r := range order {
		if r.Decision == AutoApproved && len(inconclusiveDeny) > 0 {
			break // an undecided deny rule keeps every allow rule from approving
		}
		rr := RuleResult{Name: r.Name, Decision: r.Decision, Clauses: []ClauseResult{}}
		proved, failed, unknown := 0, 0, 0
		for _, src := range r.Clauses() {
			cr, err := ev.clause(index[src], src)
			if err != nil {
				return nil, err
			}
			rr.Clauses = append(rr.Clauses, *cr)
			switch cr.Status {
			case ClauseProved:
				proved++
			case ClauseFailed:
				failed++
			default:
				unknown++
			}
			if failed > 0 {
				break // decisive for both kinds of rule
			}
		}
		switch {
		case failed > 0 && r.Decision == AutoRejected:
			rr.Status = RuleFired
		case failed > 0:
			rr.Status = RuleNotFired
		case unknown > 0:
			rr.Status = RuleInconclusive
		case r.Decision == AutoApproved && proved == len(r.Clauses()):
			rr.Status = RuleFired
			var about []*ir.Contract
			for _, src := range r.Clauses() {
				about = append(about, gs[index[src]].Contract)
			}
			if u := uncovered(calls, about); u != nil {
				rr.Status, rr.Detail, rr.Uncovered = RuleNotFired, u.detail(), u
			}
		default:
			rr.Status = RuleNotFired
		}
		d.Rules = append(d.Rules, rr)
		switch {
		case rr.Status == RuleFired:
			d.Outcome, d.Rule, d.Reason = r.Decision, r.Name, r.Reason
			return d, nil
		case rr.Status == RuleInconclusive && r.Decision == AutoRejected:
			inconclusiveDeny = append(inconclusiveDeny, r.Name)
		}
	}
	if len(inconclusiveDeny) > 0 {
		d.Reason = "deny rule " + strings.Join(inconclusiveDeny, ", ") + " is inconclusive: no rule may approve, a human decides"
	} else {
		d.Reason = "no rule fired: a human decides"
	}
	return d, nil
}

type evaluator struct {
	ctx   context.Context
	prog  *ir.Program
	opts  prover.Options
	gs    []*ir.Guarantee
	cerrs []error
	calls []*ir.EffectCall
	done  map[int]*ClauseResult
}

// clause proves clause i alone against the plan (once; the result is
// shared by every rule that repeats it).
func (ev *evaluator) clause(i int, src string) (*ClauseResult, error) {
	if cr, ok := ev.done[i]; ok {
		return cr, nil
	}
	cr := &ClauseResult{Clause: src}
	ev.done[i] = cr
	if ev.cerrs[i] != nil || ev.gs[i] == nil {
		cr.Status, cr.Detail = ClauseInconclusive, "does not compile: "+errText(ev.cerrs[i])
		return cr, nil
	}
	p := *ev.prog
	p.Guarantees = []*ir.Guarantee{ev.gs[i]}
	p.Policies = nil // the plan's own proof covered the required contracts
	// IR that does not verify is an Internal error of check.Prove, so
	// the clause is inconclusive with that reason.
	res, err := check.Prove(ev.ctx, &p, ev.opts)
	if err != nil {
		if ev.ctx.Err() != nil {
			return nil, fmt.Errorf("policy: %w", ev.ctx.Err())
		}
		cr.Status, cr.Detail = ClauseInconclusive, err.Error()
		return cr, nil
	}
	var ob *prover.Obligation
	for _, o := range res.Obligations {
		if o.Kind == prover.KindGuarantee {
			if ob != nil {
				cr.Status, cr.Detail = ClauseInconclusive, "internal error: the clause gave two obligations"
				return cr, nil
			}
			ob = o
			continue
		}
		if o.Status != prover.Proved {
			cr.Status, cr.Detail = ClauseInconclusive, "internal error: "+o.Title()+" is "+o.Status.String()+" here but was proved for the plan"
			return cr, nil
		}
	}
	switch {
	case ob == nil:
		cr.Status, cr.Detail = ClauseInconclusive, "internal error: the clause gave no obligation"
	case ob.Status == prover.Proved:
		cr.Status = ClauseProved
		if selectsNothing(ev.gs[i].Contract, ev.calls) {
			cr.Detail = VacuousDetail
		}
	case ob.Status == prover.Failed:
		cr.Status = ClauseFailed
		if ob.Counterexample != nil {
			cr.Detail = ob.Counterexample.String()
		}
	default:
		cr.Status, cr.Detail = ClauseInconclusive, ob.Reason
	}
	return cr, nil
}

func errText(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

func notProved(r *prover.Result) *NotProvedError {
	e := &NotProvedError{}
	for _, o := range r.Obligations {
		if o.Status != prover.Proved {
			e.Unproved = append(e.Unproved, o)
		}
	}
	return e
}

// uncovered says why clauses whose contracts are cs cannot approve a
// plan making calls (nil when they can): every effect the plan can call
// must be selected whole (prover.Selects) by one of them. A proved clause
// says nothing about an effect it does not select: pol.only([...]) holds
// for a plan that sends no email and buys a car, a clause about pay_bill
// holds for a plan that withdraws 99999, and a clause whose relation a
// changed marker no longer points at holds for every mail.
func uncovered(calls []*ir.EffectCall, cs []*ir.Contract) *Uncovered {
	seen := map[*ir.Effect]bool{}
	for _, c := range calls {
		if seen[c.Effect] {
			continue
		}
		seen[c.Effect] = true
		best := prover.SelectsNone
		for _, ct := range cs {
			if s := prover.Selects(ct, c.Effect); s > best {
				best = s
			}
		}
		switch best {
		case prover.SelectsNone:
			return &Uncovered{Effect: c.Effect.Name, Pos: c.Pos}
		case prover.SelectsPart:
			return &Uncovered{Effect: c.Effect.Name, Pos: c.Pos, Partly: true}
		}
	}
	return nil
}

// detail is u in words, the rule's Detail.
func (u *Uncovered) detail() string {
	if u.Partly {
		return fmt.Sprintf("the plan calls %s at %s, which a proved clause of this rule selects only in part (a where() filter, shares_value or a lower bound leaves some calls unconstrained)", u.Effect, u.Pos)
	}
	return fmt.Sprintf("the plan calls %s at %s, which no proved clause of this rule selects", u.Effect, u.Pos)
}

// selectsNothing reports whether contract c selects none of the effects
// the plan can call: proved, it is vacuous for this plan.
func selectsNothing(c *ir.Contract, calls []*ir.EffectCall) bool {
	for _, call := range calls {
		if prover.Selects(c, call.Effect) != prover.SelectsNone {
			return false
		}
	}
	return true
}
