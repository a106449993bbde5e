package lower

import (
	"maps"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/ir"
)

// ConditionNarrowing lowers None tests of a condition's own optional
// parameters and narrows them in and/or, as Python's typing does: after
// an operand `x is not None` of an and (`x is None` of an or), the
// operands to its right run only when x is not None, and read it
// unwrapped. Trusted-layer and plan conditions use it from their Ext and
// name lookups. The zero value narrows nothing.
type ConditionNarrowing struct {
	// Param returns the condition's parameter so named, or nil.
	Param   func(name string) *ir.Local
	nonNone map[*ir.Local]bool
}

// Ref returns a read of parameter loc at pos: unwrapped where a None test
// to its left has shown it is not None.
func (c *ConditionNarrowing) Ref(pos ir.Pos, loc *ir.Local) ir.Expr {
	ref := &ir.LocalRef{Pos: pos, Local: loc}
	if c.nonNone[loc] {
		return &ir.Unwrap{Pos: pos, X: ref}
	}
	return ref
}

// Ext lowers a None test of a parameter and an and/or; handled is false
// for anything else.
func (c *ConditionNarrowing) Ext(l *Lowerer, x ast.Expr, want ir.Type) (ir.Expr, bool) {
	if loc, isNot, cmp := c.noneTested(x); loc != nil {
		if _, isOpt := loc.Type.(*ir.Optional); !isOpt {
			l.Errorf(cmp, ir.TypeMismatch, "%s is %s, never None", loc.Name, loc.Type)
			return nil, true
		}
		op := ir.Is
		if isNot {
			op = ir.IsNot
		}
		ref := &ir.LocalRef{Pos: l.Pos(cmp), Local: loc}
		return &ir.Compare{Pos: l.Pos(cmp), Ops: []ir.CmpOp{op}, Operands: []ir.Expr{ref, &ir.Const{Pos: l.Pos(cmp), T: ir.None, Value: nil}}}, true
	}
	if b, ok := x.(*ast.BoolOp); ok {
		return c.boolOp(l, b, want), true
	}
	return nil, false
}

// noneTested returns the parameter that `p is None` / `p is not None`
// (None on either side) tests, or nil.
func (c *ConditionNarrowing) noneTested(x ast.Expr) (*ir.Local, bool, *ast.Compare) {
	cmp, ok := x.(*ast.Compare)
	if !ok || c.Param == nil || len(cmp.Ops) != 1 || (cmp.Ops[0] != ast.Is && cmp.Ops[0] != ast.IsNot) {
		return nil, false, nil
	}
	name, none := cmp.Left, cmp.Comparators[0]
	if isNone(name) {
		name, none = none, name
	}
	n, isName := name.(*ast.Name)
	if !isNone(none) || !isName {
		return nil, false, nil
	}
	loc := c.Param(string(n.Id))
	if loc == nil {
		return nil, false, nil
	}
	return loc, cmp.Ops[0] == ast.IsNot, cmp
}

func isNone(x ast.Expr) bool {
	k, ok := x.(*ast.NameConstant)
	return ok && k.Value == py.None
}

// boolOp lowers and/or as Lowerer does, narrowing the parameters a None
// test shows are not None for the operands to its right.
func (c *ConditionNarrowing) boolOp(l *Lowerer, b *ast.BoolOp, want ir.Type) ir.Expr {
	op := ir.And
	if b.Op == ast.Or {
		op = ir.Or
	}
	saved := c.nonNone
	defer func() { c.nonNone = saved }()
	var acc ir.Expr
	for _, v := range b.Values {
		hint := want
		if acc != nil {
			hint = acc.Type()
		}
		x := l.Expr(v, hint)
		if x == nil {
			return nil
		}
		if loc, isNot, _ := c.noneTested(v); loc != nil && isNot == (op == ir.And) {
			c.nonNone = maps.Clone(c.nonNone)
			if c.nonNone == nil {
				c.nonNone = map[*ir.Local]bool{}
			}
			c.nonNone[loc] = true
		}
		if acc = l.joinBool(b, v, op, acc, x); acc == nil {
			return nil
		}
	}
	return acc
}
