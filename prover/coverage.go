package prover

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// KindRequired is an obligation a layer's policy adds: a required
// contract of a domain the plan uses (docs/design.md section 5).
const KindRequired Kind = "required"

// DomainStatus is the coverage verdict for one used domain.
type DomainStatus string

const (
	// Covered: every required contract is proved and the plan guarantees
	// every recommended contract.
	Covered DomainStatus = "covered"
	// RecommendedGap: the plan promises something about the domain but
	// leaves out recommended contracts (Missing names them).
	RecommendedGap DomainStatus = "recommended_gap"
	// SilentGap: the plan uses the domain and promises nothing about it,
	// not even an explicit waiver.
	SilentGap DomainStatus = "silent_gap"
	// RequiredGap: a required contract is not proved; the plan is refused.
	RequiredGap DomainStatus = "required_gap"
	// Waived: the plan's only guarantees about the domain are explicit
	// no_guarantees() waivers (Waivers names them, Missing lists the
	// recommended contracts it waives).
	Waived DomainStatus = "waived"
)

// Coverage is the coverage report of one plan: one entry per used domain,
// sorted by layer.
type Coverage struct {
	Domains []DomainCoverage `json:"domains"`
}

// DomainCoverage is the coverage of one used domain.
type DomainCoverage struct {
	Label  string       `json:"label"`
	Layer  string       `json:"layer"`
	Status DomainStatus `json:"status"`
	// UsedBy lists the calls that make the domain used, e.g.
	// "send_email at plan.py:9:9" (dead branches included).
	UsedBy     []string `json:"used_by"`
	Guarantees []string `json:"guarantees"` // the plan's guarantees about the domain
	// Vacuous lists the plan's guarantees declared by the domain's layer
	// that select none of the calls using the domain (prover.Selects): a
	// changed marker or relation has left them saying nothing about what
	// the plan does here, so they are not counted as guarantees about it.
	Vacuous  []string         `json:"vacuous"`
	Waivers  []string         `json:"waivers"` // those that are explicit no_guarantees()
	Required []RequiredResult `json:"required"`
	Missing  []string         `json:"missing_recommended"`
}

// RequiredResult is a required contract and the outcome of its proof.
type RequiredResult struct {
	Contract string `json:"contract"`
	Status   string `json:"status"`
}

// OK reports whether no used domain has a required gap.
func (c *Coverage) OK() bool {
	for _, d := range c.Domains {
		if d.Status == RequiredGap {
			return false
		}
	}
	return true
}

// WriteText prints one line per used domain.
func (c *Coverage) WriteText(w io.Writer) error {
	for _, d := range c.Domains {
		line := fmt.Sprintf("coverage %s: %s", d.Label, d.Status)
		var notes []string
		if len(d.UsedBy) > 0 {
			used := "used by " + d.UsedBy[0]
			if len(d.UsedBy) > 1 {
				used += fmt.Sprintf(" and %d more", len(d.UsedBy)-1)
			}
			notes = append(notes, used)
		}
		if len(d.Missing) > 0 {
			notes = append(notes, "missing recommended: "+strings.Join(d.Missing, ", "))
		}
		if len(d.Waivers) > 0 {
			notes = append(notes, "waived by "+strings.Join(d.Waivers, ", "))
		}
		for _, v := range d.Vacuous {
			notes = append(notes, "VACUOUS: "+v+" selects none of the calls that use this domain")
		}
		for _, r := range d.Required {
			if r.Status != Proved.String() {
				notes = append(notes, "required "+r.Contract+" "+r.Status)
			}
		}
		if len(notes) > 0 {
			line += " (" + strings.Join(notes, "; ") + ")"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

// usedPolicy is a policy whose domain the plan uses, with the calls that
// use it.
type usedPolicy struct {
	pol     *ir.Policy
	calls   []string
	effects []*ir.Effect // the effects of those calls, each once
}

// usedPolicies returns the policies of p whose when_used effects the
// target can call: statically, through helpers, dead branches included
// (over-telling is the safe side of a warning and of a required proof).
func usedPolicies(p *ir.Program) ([]usedPolicy, error) {
	calls, err := staticEffectCalls(p)
	if err != nil {
		return nil, err
	}
	var out []usedPolicy
	for _, pol := range p.Policies {
		var uses []string
		var effs []*ir.Effect
		for _, c := range calls {
			for _, sel := range pol.WhenUsed {
				if c.Effect.HasSelector(sel) && strings.HasPrefix(c.Effect.Module+".", pol.Layer+".") {
					uses = append(uses, c.Effect.Name+" at "+c.Pos.String())
					if !containsEffect(effs, c.Effect) {
						effs = append(effs, c.Effect)
					}
					break
				}
			}
		}
		if len(uses) > 0 {
			out = append(out, usedPolicy{pol: pol, calls: uses, effects: effs})
		}
	}
	return out, nil
}

// staticEffectCalls lists every effect call in the target and in every
// plan function it can call, in a deterministic order.
func staticEffectCalls(p *ir.Program) ([]*ir.EffectCall, error) {
	if p.Target == nil {
		return nil, fmt.Errorf("prover: coverage: program has no target")
	}
	var out []*ir.EffectCall
	seen := map[*ir.Func]bool{}
	queue := []*ir.Func{p.Target}
	var visit func(e ir.Expr)
	visit = func(e ir.Expr) {
		ir.Inspect(e, func(e ir.Expr) bool {
			switch e := e.(type) {
			case *ir.EffectCall:
				out = append(out, e)
			case *ir.Call:
				if !seen[e.Func] {
					seen[e.Func] = true
					queue = append(queue, e.Func)
				}
			}
			return true
		})
	}
	walk := func(ss []ir.Stmt) error {
		if err := ir.InspectStmts(ss, visit, nil); err != nil {
			return fmt.Errorf("prover: coverage: %w; the plan's domains cannot be decided", err)
		}
		return nil
	}
	seen[p.Target] = true
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if err := walk(f.Body); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CalledEffects lists every effect call the target can make, directly or
// through helpers, dead branches included, in a deterministic order (a
// static walk of the IR, no solver).
func CalledEffects(p *ir.Program) ([]*ir.EffectCall, error) {
	return staticEffectCalls(p)
}

// requiredGoals adds one obligation per required contract of every used
// domain.
func (x *executor) requiredGoals(p *ir.Program) ([]goal, error) {
	used, err := usedPolicies(p)
	if err != nil {
		return nil, err
	}
	var out []goal
	for _, u := range used {
		for _, g := range u.pol.Required {
			gl, err := x.guarantee(g)
			if err != nil {
				return nil, err
			}
			gl.ob.Kind = KindRequired
			gl.guarantee = g // its counterexample replays like a guarantee's
			out = append(out, gl)
		}
	}
	return out, nil
}

// coverageOf computes the coverage report of p once its obligations are
// decided.
func coverageOf(p *ir.Program, res *Result) (*Coverage, error) {
	used, err := usedPolicies(p)
	if err != nil {
		return nil, err
	}
	cov := &Coverage{Domains: []DomainCoverage{}}
	for _, u := range used {
		pol := u.pol
		d := DomainCoverage{Label: pol.Label, Layer: pol.Layer, UsedBy: u.calls,
			Guarantees: []string{}, Waivers: []string{}, Vacuous: []string{}, Required: []RequiredResult{}, Missing: []string{}}
		stated := map[string]bool{}
		substantive := false
		for _, g := range p.Guarantees {
			if !aboutLayer(g.Contract, pol.Layer) {
				continue
			}
			_, waiver := g.Contract.Spec.(*ir.NoGuarantees)
			if !waiver && !selectsAny(g.Contract, u.effects) {
				d.Vacuous = append(d.Vacuous, g.Source)
				continue
			}
			d.Guarantees = append(d.Guarantees, g.Source)
			if waiver {
				d.Waivers = append(d.Waivers, g.Source)
				continue
			}
			substantive = true
			stated[g.Contract.Module+"."+g.Contract.Name] = true
		}
		for _, c := range pol.Recommended {
			if !stated[c.Module+"."+c.Name] {
				d.Missing = append(d.Missing, c.Name)
			}
		}
		requiredOK := true
		for _, g := range pol.Required {
			status := ""
			for _, o := range res.Obligations {
				if o.Kind == KindRequired && o.Name == g.Source {
					status = o.Status.String()
				}
			}
			if status == "" {
				return nil, fmt.Errorf("prover: coverage: required contract %s of %s was not proved", g.Source, pol.Layer)
			}
			if status != Proved.String() {
				requiredOK = false
			}
			d.Required = append(d.Required, RequiredResult{Contract: g.Source, Status: status})
		}
		switch {
		case !requiredOK:
			d.Status = RequiredGap
		case len(d.Guarantees) == 0:
			d.Status = SilentGap
		case !substantive:
			d.Status = Waived
		case len(d.Missing) > 0:
			d.Status = RecommendedGap
		default:
			d.Status = Covered
		}
		cov.Domains = append(cov.Domains, d)
	}
	sort.SliceStable(cov.Domains, func(i, j int) bool { return cov.Domains[i].Layer < cov.Domains[j].Layer })
	return cov, nil
}

// aboutLayer reports whether contract c speaks about the domain of layer:
// it is declared by the layer, or one of its relations selects an effect
// the layer declares.
func aboutLayer(c *ir.Contract, layer string) bool {
	in := func(module string) bool { return strings.HasPrefix(module+".", layer+".") }
	if in(c.Module) {
		return true
	}
	for _, rel := range specRelations(c.Spec) {
		for _, e := range rel.Effects {
			if in(e.Module) {
				return true
			}
		}
	}
	return false
}

// selectsAny reports whether c selects some call of one of effs.
func selectsAny(c *ir.Contract, effs []*ir.Effect) bool {
	for _, e := range effs {
		if Selects(c, e) != SelectsNone {
			return true
		}
	}
	return false
}

func containsEffect(es []*ir.Effect, e *ir.Effect) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

func specRelations(s ir.Spec) []*ir.Relation {
	switch s := s.(type) {
	case *ir.All:
		return []*ir.Relation{s.Rel}
	case *ir.Empty:
		return []*ir.Relation{s.Rel}
	case *ir.Distinct:
		return []*ir.Relation{s.Rel}
	case *ir.SharesValue:
		return []*ir.Relation{s.A, s.B}
	case *ir.Count:
		return []*ir.Relation{s.Rel}
	case *ir.Sum:
		return []*ir.Relation{s.Rel}
	}
	return nil
}

// Selection is how much of one effect's calls a contract constrains.
type Selection int

const (
	// SelectsNone: no relation of the contract takes in the effect (a
	// waiver selects nothing).
	SelectsNone Selection = iota
	// SelectsPart: a relation takes in the effect but the contract says
	// something of only some of its calls: the relation is narrowed with
	// where(), or the contract only asks that some call exist
	// (shares_value, a lower bound on a count or a sum).
	SelectsPart
	// SelectsAll: every call of the effect is constrained.
	SelectsAll
)

// Selects says how contract c constrains the calls of effect e: the one
// definition of "a guarantee is about an effect" that coverage, the
// approval card and approval policies share. A contract declared in e's
// layer does not select e for that alone: only its relations (or, for a
// fluent, the effects that write it) do, so a relation whose selector a
// changed marker no longer matches is seen to say nothing about e.
func Selects(c *ir.Contract, e *ir.Effect) Selection {
	if c == nil || e == nil {
		return SelectsNone
	}
	in := func(rel *ir.Relation) bool {
		if rel == nil {
			return false
		}
		for _, x := range rel.Effects {
			if x == e || (x.Module == e.Module && x.Name == e.Name) {
				return true
			}
		}
		return false
	}
	whole := func(rel *ir.Relation) Selection {
		switch {
		case !in(rel):
			return SelectsNone
		case len(rel.Filters) > 0:
			return SelectsPart
		}
		return SelectsAll
	}
	bound := func(op ir.CmpOp) bool { return op == ir.Lt || op == ir.LtE || op == ir.Eq }
	switch s := c.Spec.(type) {
	case *ir.All:
		return whole(s.Rel)
	case *ir.Empty:
		return whole(s.Rel)
	case *ir.Distinct:
		return whole(s.Rel)
	case *ir.Count:
		if sel := whole(s.Rel); sel != SelectsAll || bound(s.Op) {
			return sel
		}
		return SelectsPart
	case *ir.Sum:
		if sel := whole(s.Rel); sel != SelectsAll || bound(s.Op) {
			return sel
		}
		return SelectsPart
	case *ir.SharesValue:
		if in(s.A) || in(s.B) {
			return SelectsPart
		}
	case *ir.FinalAll:
		return writes(e, s.Fluent)
	case *ir.FinalIs:
		return writes(e, s.Fluent)
	}
	return SelectsNone
}

// writes: a guarantee on a fluent's final value constrains every effect
// that writes the fluent.
func writes(e *ir.Effect, f *ir.Fluent) Selection {
	for _, u := range e.Updates {
		if u.Fluent == f || (f != nil && u.Fluent != nil && u.Fluent.Module == f.Module && u.Fluent.Name == f.Name) {
			return SelectsAll
		}
	}
	return SelectsNone
}
