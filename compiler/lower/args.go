package lower

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// Param is a parameter a call binds an argument to.
type Param struct {
	Name    string
	Type    ir.Type
	Default ir.Expr // a constant, or nil when the argument is required
	// Promote, when not nil, may accept an argument of another type: it
	// returns the value to pass instead (an int constant as the float a
	// plan function's parameter takes, checked later), or nil.
	Promote func(node ast.Expr, x ir.Expr) ir.Expr
}

// Args binds the arguments of c to params like Python does (positional
// first, then keywords by name, then defaults), lowers each against its
// parameter's type and returns them in parameter order. callee names the
// function in messages. Reordering keyword arguments must not change what
// the call does, so a call whose keyword order differs from the parameter
// order is refused when a moved argument may call a function or raise.
// Args returns nil after reporting an error.
func (l *Lowerer) Args(c *ast.Call, callee string, params []Param) []ir.Expr {
	if c.Starargs != nil {
		l.Errorf(c.Starargs, ir.Unsupported, "starred argument is not supported%s", l.Where)
		return nil
	}
	if c.Kwargs != nil {
		l.Errorf(c.Kwargs, ir.Unsupported, "** argument is not supported%s", l.Where)
		return nil
	}
	if len(c.Args) > len(params) {
		l.Errorf(c, ir.ArgumentError, "%s() takes %d positional argument%s but %d %s given", callee, len(params), plural(len(params)), len(c.Args), wereWas(len(c.Args)))
		return nil
	}
	type bound struct {
		node  ast.Expr
		order int // source order
	}
	slots := make([]*bound, len(params))
	for i, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			l.Errorf(a, ir.Unsupported, "starred argument is not supported%s", l.Where)
			return nil
		}
		slots[i] = &bound{node: a, order: i}
	}
	for j, k := range c.Keywords {
		idx := -1
		for i, p := range params {
			if p.Name == string(k.Arg) {
				idx = i
			}
		}
		if idx < 0 {
			l.Errorf(k, ir.ArgumentError, "%s() got an unexpected keyword argument '%s'", callee, k.Arg)
			return nil
		}
		if slots[idx] != nil {
			l.Errorf(k, ir.ArgumentError, "%s() got multiple values for argument '%s'", callee, k.Arg)
			return nil
		}
		slots[idx] = &bound{node: k.Value, order: len(c.Args) + j}
	}
	args := make([]ir.Expr, len(params))
	ok := true
	for i, p := range params {
		if slots[i] == nil {
			if p.Default == nil {
				l.Errorf(c, ir.ArgumentError, "%s() missing required argument '%s'", callee, p.Name)
				return nil
			}
			args[i] = CloneAt(p.Default, l.Pos(c))
			continue
		}
		x := l.Expr(slots[i].node, p.Type)
		if x == nil {
			ok = false
			continue
		}
		if !types.Assignable(x.Type(), p.Type) && p.Promote != nil {
			if y := p.Promote(slots[i].node, x); y != nil {
				x = y
			}
		}
		if !types.Assignable(x.Type(), p.Type) {
			l.Errorf(slots[i].node, ir.TypeMismatch, "argument %s of %s() must be %s, got %s%s%s", p.Name, callee, p.Type, x.Type(), types.OptionalHint(x.Type()), types.PromotionHint(x.Type(), p.Type))
			ok = false
			continue
		}
		args[i] = x
	}
	if !ok {
		return nil
	}
	// Python evaluates arguments in source order; the IR in parameter
	// order. Refuse when the two differ for an argument that may have an
	// effect or raise.
	for i := range params {
		for j := i + 1; j < len(params); j++ {
			a, b := slots[i], slots[j]
			if a == nil || b == nil || a.order < b.order {
				continue
			}
			if MayAct(args[i]) || MayAct(args[j]) {
				l.Errorf(b.node, ir.Unsupported, "keyword argument %s of %s() is evaluated before %s in Python but after it in parameter order; reordering arguments that call functions or may raise is not supported", params[j].Name, callee, params[i].Name)
				return nil
			}
		}
	}
	return args
}

// MayAct reports whether evaluating e may call a function, have an
// effect (print, a mutating method) or raise (an index, a division, a
// conversion, ...). Reordering or skipping such an expression may change
// what a plan does. 64-bit overflow is not counted: it is a documented
// deviation from CPython, not a Python behaviour.
func MayAct(e ir.Expr) bool {
	act := false
	var visit func(x ir.Expr) bool
	visit = func(x ir.Expr) bool {
		switch x := x.(type) {
		case *ir.Call, *ir.EffectCall, *ir.Index:
			act = true
		case *ir.BinOp:
			switch x.Op {
			case ir.FloorDiv, ir.Mod, ir.Div:
				if !nonZeroConst(x.Y) {
					act = true
				}
			case ir.Pow:
				act = true
			}
		case *ir.Slice:
			if x.Step != nil && !nonZeroConst(x.Step) {
				act = true
			}
		case *ir.Range:
			if !nonZeroConst(x.Step) {
				act = true
			}
		case *ir.Builtin:
			if info, ok := ir.LookupBuiltin(x.Name); !ok || !info.Pure() {
				act = true
			}
		}
		return !act
	}
	ir.Inspect(e, visit)
	return act
}

func nonZeroConst(x ir.Expr) bool {
	c, ok := x.(*ir.Const)
	if !ok {
		return false
	}
	switch v := c.Value.(type) {
	case int64:
		return v != 0
	case float64:
		return v != 0
	}
	return false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wereWas(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
