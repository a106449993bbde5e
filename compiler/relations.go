package compiler

import (
	"fmt"
	"sort"

	"github.com/clauz3/clauz3/ir"
)

// widenContract fits contract ct to the effects of prog. A relation
// effect("name") relates every fact whose effect name or marker is name
// (docs/design.md section 4), in whichever layer the effect lives; the layer loader
// only knew its own layer's effects. When an effect of another imported
// layer answers to the selector, the relation is widened to it, provided
// every field the contract reads of the relation's facts exists there
// with the same type; otherwise the contract cannot be proved against
// this plan and the reason is returned. ct itself is returned when no
// relation changes.
func widenContract(ct *ir.Contract, prog *ir.Program) (*ir.Contract, string) {
	changed := false
	widen := func(rel *ir.Relation, lambdas ...*ir.Lambda) (*ir.Relation, string) {
		var extra []*ir.Effect
		for _, e := range prog.Effects {
			if e.HasSelector(rel.Selector) && !containsEffect(rel.Effects, e) {
				extra = append(extra, e)
			}
		}
		if len(extra) == 0 {
			return rel, ""
		}
		reads := factFieldsRead(append(append([]*ir.Lambda(nil), rel.Filters...), lambdas...))
		for _, e := range extra {
			for _, f := range reads {
				want := rel.Fact.Field(f)
				p := e.Param(f)
				switch {
				case want == nil:
					return nil, fmt.Sprintf("contract %s reads field %s, which relation %s does not have", ct.Name, f, ir.PyRepr(rel.Selector))
				case p == nil:
					return nil, fmt.Sprintf("relation %s of contract %s also selects effect %s of %s, which has no field %s (the contract reads it)", ir.PyRepr(rel.Selector), ct.Name, e.Name, e.Module, f)
				case !ir.Identical(p.Type, want.Type):
					return nil, fmt.Sprintf("relation %s of contract %s also selects effect %s of %s, whose field %s is %s, not %s", ir.PyRepr(rel.Selector), ct.Name, e.Name, e.Module, f, p.Type, want.Type)
				}
			}
		}
		w := *rel
		w.Effects = append(append([]*ir.Effect(nil), rel.Effects...), extra...)
		sort.SliceStable(w.Effects, func(i, j int) bool {
			a, b := w.Effects[i], w.Effects[j]
			if a.Name != b.Name {
				return a.Name < b.Name
			}
			return a.Module < b.Module
		})
		changed = true
		return &w, ""
	}
	var spec ir.Spec
	var why string
	switch s := ct.Spec.(type) {
	case *ir.All:
		c := *s
		c.Rel, why = widen(s.Rel, s.Pred)
		spec = &c
	case *ir.Empty:
		c := *s
		c.Rel, why = widen(s.Rel)
		spec = &c
	case *ir.Distinct:
		c := *s
		c.Rel, why = widen(s.Rel, s.Key)
		spec = &c
	case *ir.SharesValue:
		c := *s
		c.A, why = widen(s.A, s.KeyA)
		if why == "" {
			c.B, why = widen(s.B, s.KeyB)
		}
		spec = &c
	case *ir.Count:
		c := *s
		c.Rel, why = widen(s.Rel)
		spec = &c
	case *ir.Sum:
		c := *s
		c.Rel, why = widen(s.Rel, s.Key)
		spec = &c
	case *ir.NoGuarantees, *ir.FinalAll, *ir.FinalIs:
		return ct, "" // no relation: fluents are read after the whole trace
	default:
		return nil, fmt.Sprintf("contract %s: spec %T is not understood", ct.Name, ct.Spec)
	}
	if why != "" {
		return nil, why
	}
	if !changed {
		return ct, ""
	}
	w := *ct
	w.Spec = spec
	return &w, ""
}

// factFieldsRead lists the fact fields the lambdas read, sorted.
func factFieldsRead(ls []*ir.Lambda) []string {
	seen := map[string]bool{}
	for _, l := range ls {
		if l == nil {
			continue
		}
		ir.Inspect(l.Body, func(e ir.Expr) bool {
			if f, ok := e.(*ir.FactField); ok {
				seen[f.Field] = true
			}
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}
