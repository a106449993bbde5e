package compiler

import (
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// policies carries the coverage policy of every imported layer into the
// program; each required contract becomes a guarantee applied to its
// defaults (the layer loader has checked that every parameter has one).
func (c *compiler) policies(prog *ir.Program) []*ir.Policy {
	var out []*ir.Policy
	for _, l := range c.roots.usedLayers() {
		lp := l.Policy
		if lp == nil {
			continue
		}
		p := &ir.Policy{Pos: lp.Pos, Layer: l.Name, Label: lp.Label, WhenUsed: append([]string(nil), lp.WhenUsed...)}
		for _, rc := range lp.Required {
			if rc.Template != nil {
				c.errs.Add(lp.Pos, ir.TypeMismatch, "required contract %s takes a row type (a parameter of type type), which a policy cannot give; require a contract without one", rc.Name)
				return nil
			}
			args := make([]ir.Expr, len(rc.Params))
			parts := make([]string, len(rc.Params))
			for i, d := range rc.Defaults {
				if d == nil {
					c.errs.Add(lp.Pos, ir.LayerError, "required contract %s has no default for parameter %s", rc.Name, rc.Params[i].Name)
					return nil
				}
				args[i] = d
				parts[i] = ir.ExprString(d)
			}
			if rc.Spec == nil {
				c.errs.Add(lp.Pos, ir.LayerError, "required contract %s did not compile", rc.Name)
				return nil
			}
			wide, why := widenContract(rc.Contract, prog)
			if why != "" {
				c.errs.Add(lp.Pos, ir.LayerError, "required contract of %s: %s", l.Name, why)
				return nil
			}
			src := rc.Module + "." + rc.Name + "(" + strings.Join(parts, ", ") + ")"
			p.Required = append(p.Required, &ir.Guarantee{Pos: lp.Pos, Source: src, Contract: wide, Args: args})
		}
		for _, rc := range lp.Recommended {
			p.Recommended = append(p.Recommended, rc.Contract)
		}
		out = append(out, p)
	}
	return out
}
