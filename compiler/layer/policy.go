package layer

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/ir"
)

// policy compiles POLICY = domain_policy(when_used=..., required=[...],
// recommended=[...], label=...) and checks its names against the layer.
func (ld *loader) policy(s *Symbol) {
	m := s.mod
	f := m.src
	call := s.def.(*ast.Call)
	if len(call.Args) > 0 || call.Starargs != nil || call.Kwargs != nil {
		ld.errorf(f, call, ir.LayerError, "domain_policy takes keyword arguments only (when_used=, required=, recommended=, label=)")
		return
	}
	p := &Policy{Pos: s.Pos, Module: m.Name, Var: s.Name, Label: ld.layer.Domain}
	ok, seenWhen := true, false
	strList := &ir.List{Elem: ir.Str}
	for _, k := range call.Keywords {
		switch k.Arg {
		case "when_used":
			seenWhen = true
			x := ld.constExpr(m, k.Value, nil)
			names, good := strConsts(x)
			if x != nil && !good {
				ld.errorf(f, k.Value, ir.LayerError, "when_used must be an effect name or a list (or tuple) of them")
			}
			if !good {
				ok = false
				continue
			}
			for _, n := range names {
				found := false
				for _, e := range ld.layer.Effects {
					if e.HasSelector(n) {
						found = true
					}
				}
				if !found {
					ld.errorf(f, k.Value, ir.LayerError, "when_used names %s, which is no effect or marker of layer %s", ir.PyRepr(n), ld.layer.Name)
					ok = false
				}
			}
			p.WhenUsed = names
		case "required", "recommended":
			x := ld.constExpr(m, k.Value, strList)
			names, good := strConsts(x)
			if x != nil && !good {
				ld.errorf(f, k.Value, ir.LayerError, "%s must be a list (or tuple) of contract names", k.Arg)
			}
			if !good {
				ok = false
				continue
			}
			var cs []*Contract
			for _, n := range names {
				c := ld.layer.Contract(n)
				if c == nil {
					ld.errorf(f, k.Value, ir.LayerError, "%s names %s, which is not a contract of layer %s", k.Arg, ir.PyRepr(n), ld.layer.Name)
					ok = false
					continue
				}
				if k.Arg == "required" {
					for i, d := range c.Defaults {
						if d == nil {
							ld.errorf(f, k.Value, ir.LayerError, "required contract %s has a parameter without default (%s); a required contract must be callable without arguments", n, c.Params[i].Name)
							ok = false
							break
						}
					}
				}
				cs = append(cs, c)
			}
			if k.Arg == "required" {
				p.Required = cs
			} else {
				p.Recommended = cs
			}
		case "label":
			x := ld.constExpr(m, k.Value, ir.Str)
			if x == nil {
				ok = false
				continue
			}
			c, isConst := x.(*ir.Const)
			if !isConst || !ir.IsBasic(c.T, ir.KindStr) {
				ld.errorf(f, k.Value, ir.LayerError, "label must be a string")
				ok = false
				continue
			}
			p.Label = c.Value.(string)
		default:
			ld.errorf(f, k, ir.Unsupported, "keyword %s of domain_policy is not supported", k.Arg)
			ok = false
		}
	}
	if !seenWhen {
		ld.errorf(f, call, ir.LayerError, "domain_policy needs when_used=")
		ok = false
	}
	if !ok {
		return
	}
	s.Policy = p
	if ld.layer.Policy == nil {
		ld.layer.Policy = p
	}
}

// strConsts extracts a str constant or a list of str constants.
func strConsts(x ir.Expr) ([]string, bool) {
	switch x := x.(type) {
	case *ir.Const:
		if v, ok := x.Value.(string); ok {
			return []string{v}, true
		}
	case *ir.ListLit, *ir.TupleLit:
		// A tuple reads as the list does (recommended=("only",)): Python
		// iterates either.
		elems := []ir.Expr(nil)
		if l, ok := x.(*ir.ListLit); ok {
			elems = l.Elems
		} else {
			elems = x.(*ir.TupleLit).Elems
		}
		out := []string{}
		for _, e := range elems {
			c, ok := e.(*ir.Const)
			if !ok {
				return nil, false
			}
			v, ok := c.Value.(string)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	return nil, false
}
