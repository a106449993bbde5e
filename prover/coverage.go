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
	UsedBy     []string         `json:"used_by"`
	Guarantees []string         `json:"guarantees"` // the plan's guarantees about the domain
	Waivers    []string         `json:"waivers"`    // those that are explicit no_guarantees()
	Required   []RequiredResult `json:"required"`
	Missing    []string         `json:"missing_recommended"`
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
	pol   *ir.Policy
	calls []string
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
		for _, c := range calls {
			for _, sel := range pol.WhenUsed {
				if c.Effect.HasSelector(sel) && strings.HasPrefix(c.Effect.Module+".", pol.Layer+".") {
					uses = append(uses, c.Effect.Name+" at "+c.Pos.String())
					break
				}
			}
		}
		if len(uses) > 0 {
			out = append(out, usedPolicy{pol: pol, calls: uses})
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
			case *ir.Builtin:
				if e.Key != nil {
					visit(e.Key.Body) // Inspect does not enter a key lambda
				}
			}
			return true
		})
	}
	var walk func(ss []ir.Stmt) error
	walk = func(ss []ir.Stmt) error {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Assign:
				visit(s.Value)
			case *ir.If:
				visit(s.Cond)
				if err := walk(s.Then); err != nil {
					return err
				}
				if err := walk(s.Else); err != nil {
					return err
				}
			case *ir.For:
				visit(s.Iter)
				if err := walk(s.Body); err != nil {
					return err
				}
			case *ir.Return:
				if s.Value != nil {
					visit(s.Value)
				}
			case *ir.ExprStmt:
				visit(s.X)
			case *ir.SetIndex:
				visit(s.X)
				visit(s.Index)
				visit(s.Value)
			case *ir.Assert:
				visit(s.Cond)
				if s.Msg != nil {
					visit(s.Msg)
				}
			case *ir.Raise:
				if s.Msg != nil {
					visit(s.Msg)
				}
			case *ir.Break, *ir.Continue:
			default:
				return fmt.Errorf("prover: coverage: %s: statement %T is not understood; the plan's domains cannot be decided", s.Position(), s)
			}
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
			Guarantees: []string{}, Waivers: []string{}, Required: []RequiredResult{}, Missing: []string{}}
		stated := map[string]bool{}
		substantive := false
		for _, g := range p.Guarantees {
			if !aboutLayer(g.Contract, pol.Layer) {
				continue
			}
			d.Guarantees = append(d.Guarantees, g.Source)
			if _, waiver := g.Contract.Spec.(*ir.NoGuarantees); waiver {
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
