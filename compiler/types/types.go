package types

import (
	"fmt"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

// Annotation converts a type annotation to an IR type, or returns a
// located error.
func Annotation(f *syntax.File, e ast.Expr) (ir.Type, *diag.Error) {
	pos := pyast.Pos(f, e)
	switch e := e.(type) {
	case *ast.NameConstant:
		if _, isNone := e.Value.(py.NoneType); isNone {
			return ir.None, nil
		}
	case *ast.Name:
		switch e.Id {
		case "int":
			return ir.Int, nil
		case "str":
			return ir.Str, nil
		case "bool":
			return ir.Bool, nil
		case "None":
			return ir.None, nil
		case "float", "set", "frozenset", "Pattern", "Optional", "Union":
			return nil, diag.Errorf(pos, "type %s is not supported yet", e.Id)
		case "list", "dict", "tuple":
			return nil, diag.Errorf(pos, "type %s without element types is not supported (write e.g. %s)", e.Id, example(string(e.Id)))
		}
		return nil, diag.Errorf(pos, "type %s is not supported", e.Id)
	case *ast.Subscript:
		return subscript(f, e)
	case *ast.BinOp:
		if e.Op == ast.BitOr {
			return nil, diag.Errorf(pos, "union type %s is not supported yet", pyast.Render(e))
		}
	case *ast.Str:
		return nil, diag.Errorf(pos, "string annotation is not supported")
	}
	return nil, diag.Errorf(pos, "type %s is not supported", pyast.Render(e))
}

func example(name string) string {
	switch name {
	case "list":
		return "list[str]"
	case "dict":
		return "dict[str, int]"
	}
	return "tuple[int, str]"
}

func subscript(f *syntax.File, e *ast.Subscript) (ir.Type, *diag.Error) {
	pos := pyast.Pos(f, e)
	name, ok := e.Value.(*ast.Name)
	idx, isIndex := e.Slice.(*ast.Index)
	if !ok || !isIndex {
		return nil, diag.Errorf(pos, "type %s is not supported", pyast.Render(e))
	}
	var args []ast.Expr
	if t, ok := idx.Value.(*ast.Tuple); ok {
		args = t.Elts
	} else {
		args = []ast.Expr{idx.Value}
	}
	conv := func() ([]ir.Type, *diag.Error) {
		ts := make([]ir.Type, len(args))
		for i, a := range args {
			if _, ok := a.(*ast.Ellipsis); ok {
				return nil, diag.Errorf(pyast.Pos(f, a), "variadic type %s is not supported yet", pyast.Render(e))
			}
			t, err := Annotation(f, a)
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return ts, nil
	}
	switch name.Id {
	case "list":
		if len(args) != 1 {
			return nil, diag.Errorf(pos, "list takes one type argument, got %d", len(args))
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		return &ir.List{Elem: ts[0]}, nil
	case "dict":
		if len(args) != 2 {
			return nil, diag.Errorf(pos, "dict takes two type arguments, got %d", len(args))
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		if !Hashable(ts[0]) {
			return nil, diag.Errorf(pyast.Pos(f, args[0]), "dict key type %s is not hashable", ts[0])
		}
		return &ir.Dict{Key: ts[0], Value: ts[1]}, nil
	case "tuple":
		if t, ok := idx.Value.(*ast.Tuple); ok && len(t.Elts) == 0 {
			return &ir.Tuple{}, nil
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		return &ir.Tuple{Elems: ts}, nil
	case "set", "frozenset", "Optional", "Union", "List", "Dict", "Tuple":
		return nil, diag.Errorf(pos, "type %s is not supported yet", pyast.Render(e))
	}
	return nil, diag.Errorf(pos, "type %s is not supported", pyast.Render(e))
}

// Hashable reports whether values of t can be dict keys.
func Hashable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Basic:
		return true
	case *ir.Tuple:
		for _, e := range t.Elems {
			if !Hashable(e) {
				return false
			}
		}
		return true
	}
	return false
}

// Elem is the element type iterating over a value of type t yields: the
// element of a list, the shared element of a tuple whose elements have one
// type, the key of a dict, a character of a str. It returns nil otherwise.
func Elem(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.List:
		return t.Elem
	case *ir.Tuple:
		if len(t.Elems) == 0 {
			return nil
		}
		for _, e := range t.Elems[1:] {
			if !ir.Identical(e, t.Elems[0]) {
				return nil
			}
		}
		return t.Elems[0]
	case *ir.Dict:
		return t.Key
	}
	return nil
}

// BinOp returns the result type of x op y, or a reason the operands are
// refused.
func BinOp(op ir.BinOpKind, x, y ir.Type) (ir.Type, string) {
	if ir.IsBasic(x, ir.KindInt) && ir.IsBasic(y, ir.KindInt) {
		return ir.Int, ""
	}
	if op == ir.Add && ir.Identical(x, y) {
		if ir.IsBasic(x, ir.KindStr) {
			return ir.Str, ""
		}
		if _, ok := x.(*ir.List); ok {
			return x, ""
		}
	}
	return nil, fmt.Sprintf("operator %s on %s and %s is not supported", op, x, y)
}

// Compare returns "" when `x op y` is a comparison of the subset, else a
// reason: == and != compare values of one type, < <= > >= compare two ints
// or two strs, `in` looks for a str in a str, an element in a list or in a
// tuple of one element type, a key in a dict.
func Compare(op ir.CmpOp, x, y ir.Type) string {
	switch op {
	case ir.Eq, ir.NotEq:
		if ir.Identical(x, y) {
			return ""
		}
		return fmt.Sprintf("comparison %s %s %s is not supported (the operands must have one type)", x, op, y)
	case ir.Lt, ir.LtE, ir.Gt, ir.GtE:
		if ir.Identical(x, y) && (ir.IsBasic(x, ir.KindInt) || ir.IsBasic(x, ir.KindStr)) {
			return ""
		}
		return fmt.Sprintf("comparison %s %s %s is not supported", x, op, y)
	}
	ok := false
	switch c := y.(type) {
	case *ir.Basic:
		ok = c.Kind == ir.KindStr && ir.IsBasic(x, ir.KindStr)
	case *ir.List:
		ok = ir.Identical(x, c.Elem)
	case *ir.Dict:
		ok = ir.Identical(x, c.Key)
	case *ir.Tuple:
		elem := Elem(c)
		ok = elem != nil && ir.Identical(x, elem)
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("membership test %s %s %s is not supported", x, op, y)
}

// Sized reports whether len() applies to values of t.
func Sized(t ir.Type) bool {
	switch t.(type) {
	case *ir.List, *ir.Tuple, *ir.Dict:
		return true
	}
	return ir.IsBasic(t, ir.KindStr)
}
