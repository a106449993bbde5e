package lower

import (
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// CondType is the type of a conditional expression whose arms have types
// a and b: their common type, or T | None when one arm is None (or
// already T | None) and the other T; nil when the arms do not agree.
func CondType(a, b ir.Type) ir.Type {
	switch {
	case ir.Identical(a, b):
		return a
	case ir.IsBasic(a, ir.KindNone):
		return types.MakeOptional(b)
	case ir.IsBasic(b, ir.KindNone):
		return types.MakeOptional(a)
	case types.Assignable(b, a):
		return a
	case types.Assignable(a, b):
		return b
	}
	return nil
}

func (l *Lowerer) ifExp(e *ast.IfExp, want ir.Type) ir.Expr {
	cond := l.Expr(e.Test, nil)
	if cond == nil {
		return nil
	}
	var then, els ir.Expr
	if want == nil && emptyDisplay(e.Body) {
		// As mypy: an arm that needs a type from context ([] if c
		// else xs) gets the other arm's type.
		if els = l.Expr(e.Orelse, nil); els == nil {
			return nil
		}
		if then = l.Expr(e.Body, els.Type()); then == nil {
			return nil
		}
	} else {
		if then = l.Expr(e.Body, want); then == nil {
			return nil
		}
		hint := then.Type()
		if ir.IsBasic(hint, ir.KindNone) {
			hint = want
		}
		if els = l.Expr(e.Orelse, hint); els == nil {
			return nil
		}
	}
	t := CondType(then.Type(), els.Type())
	if t == nil && l.PromoteArm != nil {
		if x := l.promoteArm(e, cond, then, els); x != nil {
			return x
		}
	}
	if t == nil {
		l.Errorf(e, ir.TypeMismatch, "conditional expression arms must have one type, got %s and %s%s", then.Type(), els.Type(), types.JoinHint(then.Type(), els.Type()))
		return nil
	}
	return &ir.CondExpr{Pos: l.Pos(e), Cond: cond, Then: then, Else: els, T: t}
}

func (l *Lowerer) set(e *ast.Set, want ir.Type) ir.Expr {
	var elem ir.Type
	if st, ok := want.(*ir.Set); ok {
		elem = st.Elem
	}
	elems := make([]ir.Expr, 0, len(e.Elts))
	var first ir.Type
	for _, el := range e.Elts {
		if _, ok := el.(*ast.Starred); ok {
			l.Errorf(el, ir.Unsupported, "starred expression is not supported")
			return nil
		}
		x := l.Expr(el, hintFor(first, elem))
		if x == nil {
			return nil
		}
		if first == nil {
			first = x.Type()
			if !types.Hashable(first) {
				l.Errorf(el, ir.TypeMismatch, "set element of type %s is not hashable", first)
				return nil
			}
		} else if !ir.Identical(first, x.Type()) {
			l.Errorf(el, ir.TypeMismatch, "set elements must have one type, got %s and %s%s", first, x.Type(), types.JoinHint(first, x.Type()))
			return nil
		}
		elems = append(elems, x)
	}
	return &ir.SetLit{Pos: l.Pos(e), T: &ir.Set{Elem: first}, Elems: elems}
}

func (l *Lowerer) subscript(e *ast.Subscript) ir.Expr {
	switch s := e.Slice.(type) {
	case *ast.Index:
		x := l.Expr(e.Value, nil)
		if x == nil {
			return nil
		}
		return l.Index(e, x, s.Value)
	case *ast.Slice:
		x := l.Expr(e.Value, nil)
		if x == nil {
			return nil
		}
		return l.slice(e, x, s)
	}
	l.Unsupported(e)
	return nil
}

// Index lowers x[idx] (n is the subscript, for positions and messages).
func (l *Lowerer) Index(n ast.Ast, x ir.Expr, idx ast.Expr) ir.Expr {
	pos := l.Pos(n)
	switch c := x.Type().(type) {
	case *ir.List, *ir.Tuple:
		i := l.intIndex(idx, "index of "+types.A(x.Type()))
		if i == nil {
			return nil
		}
		if lt, ok := c.(*ir.List); ok {
			return &ir.Index{Pos: pos, X: x, Index: i, T: lt.Elem}
		}
		tt := c.(*ir.Tuple)
		if k, ok := i.(*ir.Const); ok {
			v := k.Value.(int64)
			if v < 0 {
				v += int64(len(tt.Elems))
			}
			if v < 0 || v >= int64(len(tt.Elems)) {
				l.Errorf(idx, ir.PlanError, "tuple index %d is out of range for %s", k.Value, tt)
				return nil
			}
			return &ir.Index{Pos: pos, X: x, Index: i, T: tt.Elems[v]}
		}
		elem := types.Elem(tt)
		if elem == nil {
			l.Errorf(idx, ir.TypeMismatch, "index of %s must be an int constant (its elements have different types)", types.A(tt))
			return nil
		}
		return &ir.Index{Pos: pos, X: x, Index: i, T: elem}
	case *ir.Dict:
		k := l.Expr(idx, c.Key)
		if k == nil {
			return nil
		}
		if !ir.Identical(k.Type(), c.Key) {
			l.Errorf(idx, ir.TypeMismatch, "key of %s must be %s, got %s", types.A(c), c.Key, k.Type())
			return nil
		}
		return &ir.Index{Pos: pos, X: x, Index: k, T: c.Value}
	case *ir.Basic:
		if c.Kind == ir.KindStr {
			i := l.intIndex(idx, "index of a str")
			if i == nil {
				return nil
			}
			return &ir.Index{Pos: pos, X: x, Index: i, T: ir.Str}
		}
	case *ir.Set:
		l.Errorf(n, ir.Unsupported, "indexing %s is not supported (sets are not subscriptable)", types.A(c))
		return nil
	case *ir.Row:
		l.Errorf(n, ir.Unsupported, "indexing a row is not supported (read a field, e.g. x.%s)", firstRowField(c))
		return nil
	}
	l.Errorf(n, ir.Unsupported, "indexing %s is not supported%s", types.A(x.Type()), types.OptionalHint(x.Type()))
	return nil
}

func firstRowField(r *ir.Row) string {
	if len(r.Fields) > 0 {
		return r.Fields[0].Name
	}
	return "field"
}

// intIndex lowers an int index or slice bound.
func (l *Lowerer) intIndex(idx ast.Expr, what string) ir.Expr {
	i := l.Expr(idx, ir.Int)
	if i == nil {
		return nil
	}
	if !ir.IsBasic(i.Type(), ir.KindInt) {
		l.Errorf(idx, ir.TypeMismatch, "%s must be int, got %s", what, i.Type())
		return nil
	}
	return i
}

func isNoneLit(e ast.Expr) bool {
	c, ok := e.(*ast.NameConstant)
	if !ok {
		return false
	}
	_, isNone := c.Value.(py.NoneType)
	return isNone
}

func (l *Lowerer) slice(e *ast.Subscript, x ir.Expr, s *ast.Slice) ir.Expr {
	switch x.Type().(type) {
	case *ir.List:
	case *ir.Tuple:
	default:
		if !ir.IsBasic(x.Type(), ir.KindStr) {
			l.Errorf(e, ir.Unsupported, "slicing %s is not supported%s", types.A(x.Type()), types.OptionalHint(x.Type()))
			return nil
		}
	}
	out := &ir.Slice{Pos: l.Pos(e), X: x}
	for _, b := range []struct {
		node ast.Expr
		dst  *ir.Expr
	}{{s.Lower, &out.Lo}, {s.Upper, &out.Hi}, {s.Step, &out.Step}} {
		if b.node == nil || isNoneLit(b.node) {
			continue
		}
		v := l.intIndex(b.node, "slice bound")
		if v == nil {
			return nil
		}
		*b.dst = v
	}
	if c, ok := out.Step.(*ir.Const); ok && c.Value.(int64) == 0 {
		l.Errorf(s.Step, ir.PlanError, "slice step cannot be zero")
		return nil
	}
	if tt, isTuple := x.Type().(*ir.Tuple); isTuple {
		t := ir.TupleSliceType(tt, out.Lo, out.Hi, out.Step)
		if t == nil {
			l.Errorf(e, ir.Unsupported, "slicing a tuple with a bound that is not an int constant is not supported (the result's length is part of its type; slice a list)")
			return nil
		}
		out.T = t
	}
	return out
}

// emptyDisplay reports whether e is an empty list, dict or set display
// ([], {}, list(), dict(), set()), whose type comes from its context.
func emptyDisplay(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.List:
		return len(e.Elts) == 0
	case *ast.Dict:
		return len(e.Keys) == 0
	case *ast.Call:
		n, ok := e.Func.(*ast.Name)
		if !ok || len(e.Args) > 0 || len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil {
			return false
		}
		switch n.Id {
		case "list", "dict", "set":
			return true
		}
	}
	return false
}

// promoteArm is e as a float conditional expression when one arm is a
// float and the other an int constant below 2**53 in magnitude (lowered
// as that float), reported to l.PromoteArm; nil otherwise.
func (l *Lowerer) promoteArm(e *ast.IfExp, cond, then, els ir.Expr) ir.Expr {
	arms := []ir.Expr{then, els}
	nodes := []ast.Ast{e.Body, e.Orelse}
	for i := range arms {
		other := arms[1-i]
		if !ir.IsBasic(arms[i].Type(), ir.KindInt) || !ir.IsBasic(other.Type(), ir.KindFloat) {
			continue
		}
		v, ok := ir.IntConstant(arms[i])
		if !ok || v <= -(1<<53) || v >= 1<<53 {
			return nil
		}
		arms[i] = &ir.Const{Pos: arms[i].Position(), T: ir.Float, Value: float64(v)}
		x := &ir.CondExpr{Pos: l.Pos(e), Cond: cond, Then: arms[0], Else: arms[1], T: ir.Float}
		l.PromoteArm(nodes[i], v, x)
		return x
	}
	return nil
}
