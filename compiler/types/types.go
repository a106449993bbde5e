package types

import (
	"fmt"
	"strings"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

// Scope resolves the names an annotation may use beyond the builtin types.
type Scope interface {
	// Row returns the row type e (a name or a dotted chain) denotes, or nil.
	Row(e ast.Expr) *ir.Row
	// Typing returns the member of typing e denotes ("Optional", "List",
	// ...), or "" when e does not denote one.
	Typing(e ast.Expr) string
}

// Annotation converts a type annotation to an IR type, or returns a
// located error. Only the builtin type names are known; see AnnotationIn.
func Annotation(f *syntax.File, e ast.Expr) (ir.Type, *diag.Error) {
	return AnnotationIn(f, e, nil)
}

// AnnotationIn converts a type annotation to an IR type, resolving row
// types and typing names (Optional, List, Dict, Tuple, Set) through sc,
// which may be nil.
func AnnotationIn(f *syntax.File, e ast.Expr, sc Scope) (ir.Type, *diag.Error) {
	a := annot{f: f, sc: sc}
	return a.conv(e)
}

// EffectParamAnnotation converts the annotation of a trusted effect's
// parameter: as AnnotationIn, and `object` is the opaque ir.Object
// (`where: dict[str, object] | None = None`, as layers written for the
// original ClauZ3 declare it). Everywhere else object is refused.
func EffectParamAnnotation(f *syntax.File, e ast.Expr, sc Scope) (ir.Type, *diag.Error) {
	a := annot{f: f, sc: sc, object: true}
	return a.conv(e)
}

// ContractParamAnnotation converts the annotation of a contract
// parameter: as AnnotationIn, and also exactly dict[str, object], the
// original's only_where(filter_dict: dict[str, object]). Such a dict is
// bound to a literal at the call site and a contract may only compare it
// whole with == or != (Python's equality, cross-type included, which the
// prover encodes); object anywhere else in a contract parameter is
// refused, since nothing could read it.
func ContractParamAnnotation(f *syntax.File, e ast.Expr, sc Scope) (ir.Type, *diag.Error) {
	t, err := annot{f: f, sc: sc, object: true}.conv(e)
	if err != nil {
		return nil, err
	}
	if ir.HasObject(t) && !ir.Identical(t, ObjectDict) {
		return nil, diag.Errorf(pyast.Pos(f, e), ir.Unsupported, "type %s is not supported for a contract parameter: object is supported there only as dict[str, object], compared whole with == or !=", t)
	}
	return t, nil
}

// ObjectDict is dict[str, object], the one type holding objects that a
// contract parameter may have.
var ObjectDict ir.Type = &ir.Dict{Key: ir.Str, Value: ir.Object}

type annot struct {
	f      *syntax.File
	sc     Scope
	object bool // object is admitted (effect parameters)
}

// typingNames are the typing members an annotation may use once imported.
var typingNames = map[string]bool{"Optional": true, "List": true, "Dict": true, "Tuple": true, "Set": true}

func (a annot) typing(e ast.Expr) string {
	if a.sc == nil {
		return ""
	}
	return a.sc.Typing(e)
}

func (a annot) conv(e ast.Expr) (ir.Type, *diag.Error) {
	f := a.f
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
		case "float":
			return ir.Float, nil
		case "None":
			return ir.None, nil
		case "frozenset", "Pattern":
			return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported yet", e.Id)
		case "object":
			if a.object {
				return ir.Object, nil
			}
			return nil, diag.Errorf(pos, ir.Unsupported, "type object is supported only in the parameters of trusted effects (e.g. where: dict[str, object] | None = None)")
		case "list", "dict", "tuple", "set":
			return nil, diag.Errorf(pos, ir.Unsupported, "type %s without element types is not supported (write e.g. %s)", e.Id, example(string(e.Id)))
		}
		if a.sc != nil {
			if r := a.sc.Row(e); r != nil {
				return r, nil
			}
		}
		if t := a.typing(e); t != "" {
			return nil, diag.Errorf(pos, ir.Unsupported, "type %s without element types is not supported (write e.g. %s)", e.Id, example(t))
		}
		if typingNames[string(e.Id)] {
			return nil, diag.Errorf(pos, ir.UndefinedName, "type %s is not defined (import it from typing)", e.Id)
		}
		return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", e.Id)
	case *ast.Attribute:
		if a.sc != nil {
			if r := a.sc.Row(e); r != nil {
				return r, nil
			}
		}
	case *ast.Subscript:
		return a.subscript(e)
	case *ast.BinOp:
		if e.Op == ast.BitOr {
			return a.union(e)
		}
	case *ast.Str:
		x, err, ok := f.StringAnnotation(e)
		if !ok {
			return nil, diag.Errorf(pos, ir.Unsupported, "string annotation %s is not supported: only a plain one-line literal holding the type is read (write the type itself, e.g. %s)", ir.PyRepr(string(e.S)), e.S)
		}
		if err != nil {
			return nil, diag.Errorf(err.Pos, err.Code, "%s", err.Msg)
		}
		return a.conv(x)
	}
	return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", pyast.Render(e))
}

// union converts T | None (or None | T) to ir.Optional.
func (a annot) union(e *ast.BinOp) (ir.Type, *diag.Error) {
	x, err := a.conv(e.Left)
	if err != nil {
		return nil, err
	}
	y, err := a.conv(e.Right)
	if err != nil {
		return nil, err
	}
	if t := optional(x, y); t != nil {
		return t, nil
	}
	return nil, diag.Errorf(pyast.Pos(a.f, e), ir.Unsupported, "union type %s is not supported (only T | None)", pyast.Render(e))
}

// optional is the type T | None when one of x, y is None (or already
// optional) and the other T, else nil.
func optional(x, y ir.Type) ir.Type {
	if ir.IsBasic(x, ir.KindNone) {
		x, y = y, x
	}
	if !ir.IsBasic(y, ir.KindNone) || ir.IsBasic(x, ir.KindNone) {
		return nil
	}
	return MakeOptional(x)
}

// MakeOptional is T | None (T itself when T is already optional).
func MakeOptional(t ir.Type) ir.Type {
	if _, ok := t.(*ir.Optional); ok {
		return t
	}
	return &ir.Optional{Elem: t}
}

func example(name string) string {
	switch name {
	case "list", "List":
		return "list[str]"
	case "dict", "Dict":
		return "dict[str, int]"
	case "set", "Set":
		return "set[str]"
	case "Optional":
		return "int | None"
	}
	return "tuple[int, str]"
}

func (a annot) subscript(e *ast.Subscript) (ir.Type, *diag.Error) {
	f := a.f
	pos := pyast.Pos(f, e)
	idx, isIndex := e.Slice.(*ast.Index)
	if !isIndex {
		return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", pyast.Render(e))
	}
	base := ""
	switch v := e.Value.(type) {
	case *ast.Name:
		switch v.Id {
		case "list", "dict", "tuple", "set":
			base = string(v.Id)
		case "frozenset":
			return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported yet", pyast.Render(e))
		default:
			if t := a.typing(v); t != "" {
				base = t
			} else if typingNames[string(v.Id)] {
				return nil, diag.Errorf(pyast.Pos(f, v), ir.UndefinedName, "type %s is not defined (import it from typing)", v.Id)
			}
		}
	case *ast.Attribute:
		base = a.typing(v)
	}
	if base == "" {
		return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", pyast.Render(e))
	}
	var args []ast.Expr
	if t, ok := idx.Value.(*ast.Tuple); ok {
		args = t.Elts
	} else {
		args = []ast.Expr{idx.Value}
	}
	conv := func() ([]ir.Type, *diag.Error) {
		ts := make([]ir.Type, len(args))
		for i, x := range args {
			if _, ok := x.(*ast.Ellipsis); ok {
				return nil, diag.Errorf(pyast.Pos(f, x), ir.Unsupported, "variadic type %s is not supported yet", pyast.Render(e))
			}
			t, err := a.conv(x)
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return ts, nil
	}
	switch base {
	case "list", "List", "set", "Set", "Optional":
		if len(args) != 1 {
			return nil, diag.Errorf(pos, ir.ArgumentError, "%s takes one type argument, got %d", base, len(args))
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		switch base {
		case "list", "List":
			return &ir.List{Elem: ts[0]}, nil
		case "Optional":
			if ir.IsBasic(ts[0], ir.KindNone) {
				return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", pyast.Render(e))
			}
			return MakeOptional(ts[0]), nil
		}
		if !Hashable(ts[0]) {
			return nil, diag.Errorf(pyast.Pos(f, args[0]), ir.TypeMismatch, "set element type %s is not hashable", ts[0])
		}
		return &ir.Set{Elem: ts[0]}, nil
	case "dict", "Dict":
		if len(args) != 2 {
			return nil, diag.Errorf(pos, ir.ArgumentError, "dict takes two type arguments, got %d", len(args))
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		if !Hashable(ts[0]) {
			return nil, diag.Errorf(pyast.Pos(f, args[0]), ir.TypeMismatch, "dict key type %s is not hashable", ts[0])
		}
		return &ir.Dict{Key: ts[0], Value: ts[1]}, nil
	case "tuple", "Tuple":
		if t, ok := idx.Value.(*ast.Tuple); ok && len(t.Elts) == 0 {
			return &ir.Tuple{}, nil
		}
		ts, err := conv()
		if err != nil {
			return nil, err
		}
		return &ir.Tuple{Elems: ts}, nil
	}
	return nil, diag.Errorf(pos, ir.Unsupported, "type %s is not supported", pyast.Render(e))
}

// Hashable reports whether values of t can be dict keys and set elements:
// scalars, tuples of hashable values, T | None of a hashable T, and rows
// whose fields are hashable (rows hash by value).
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
	case *ir.Optional:
		return Hashable(t.Elem)
	case *ir.Row:
		for _, f := range t.Fields {
			if !Hashable(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// Elem is the element type iterating over a value of type t yields: the
// element of a list or set, the shared element of a tuple whose elements
// have one type, the key of a dict, a character of a str. It returns nil
// otherwise.
func Elem(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.List:
		return t.Elem
	case *ir.Set:
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
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			return ir.Str
		}
	}
	return nil
}

// IsNumeric reports whether t is int, float or bool.
func IsNumeric(t ir.Type) bool {
	return ir.IsBasic(t, ir.KindInt) || ir.IsBasic(t, ir.KindFloat) || ir.IsBasic(t, ir.KindBool)
}

// OptionalHint explains, after a type error, why a T | None value cannot
// be used as a T; it is "" for other types.
func OptionalHint(ts ...ir.Type) string {
	for _, t := range ts {
		if o, ok := t.(*ir.Optional); ok {
			return fmt.Sprintf(" (a value of type %s is used as a %s only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", o, o.Elem)
		}
	}
	return ""
}

// BinOp returns the result type of x op y, or a reason the operands are
// refused. It follows ir.BinOpType.
func BinOp(op ir.BinOpKind, x, y ir.Type) (ir.Type, string) {
	if t := ir.BinOpType(op, x, y); t != nil {
		return t, ""
	}
	return nil, fmt.Sprintf("operator %s on %s and %s is not supported%s", op, x, y, OptionalHint(x, y))
}

// Orderable reports whether values of t compare with < <= > >=: numbers,
// strs, and lists and tuples of orderable values.
func Orderable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Basic:
		return t.Kind == ir.KindInt || t.Kind == ir.KindFloat || t.Kind == ir.KindBool || t.Kind == ir.KindStr
	case *ir.List:
		return Orderable(t.Elem)
	case *ir.Tuple:
		for _, e := range t.Elems {
			if !Orderable(e) {
				return false
			}
		}
		return true
	}
	return false
}

// Contains reports whether a value of type t may hold a value whose type
// satisfies pred (t itself included).
func Contains(t ir.Type, pred func(ir.Type) bool) bool {
	if pred(t) {
		return true
	}
	switch t := t.(type) {
	case *ir.List:
		return Contains(t.Elem, pred)
	case *ir.Set:
		return Contains(t.Elem, pred)
	case *ir.Optional:
		return Contains(t.Elem, pred)
	case *ir.Dict:
		return Contains(t.Key, pred) || Contains(t.Value, pred)
	case *ir.Tuple:
		for _, e := range t.Elems {
			if Contains(e, pred) {
				return true
			}
		}
	}
	return false
}

func isSet(t ir.Type) bool { _, ok := t.(*ir.Set); return ok }

// Printable returns "" when str() of a value of type t is the same text
// in every run, else the reason it is not: CPython's set order is not
// something a plan may depend on. (A row prints like a dataclass,
// UserRow(email='a@example.com', id=1).)
func Printable(t ir.Type) string {
	if Contains(t, isSet) {
		return "the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead"
	}
	return ""
}

// Compare returns "" when `x op y` is a comparison of the subset, else a
// reason: == and != compare values of one type (numbers of any kind, T
// with T | None), < <= > >= compare numbers, strs, or lists and tuples of
// one orderable type; `in` looks for a str in a str, an element in a list,
// set, or tuple of one element type, a key in a dict. Rows compare with ==
// (by value) but do not order.
// `is` is checked by the caller (only against None).
func Compare(op ir.CmpOp, x, y ir.Type) string {
	switch op {
	case ir.Eq, ir.NotEq:
		if ir.Identical(x, y) || IsNumeric(x) && IsNumeric(y) || Assignable(x, y) || Assignable(y, x) {
			return ""
		}
		if ir.IsBasic(x, ir.KindNone) || ir.IsBasic(y, ir.KindNone) {
			return fmt.Sprintf("comparison %s %s %s is not supported (%s is never None; test it with `is None`)", x, op, y, A(notNone(x, y)))
		}
		return fmt.Sprintf("comparison %s %s %s is not supported (the operands must have one type)", x, op, y)
	case ir.Lt, ir.LtE, ir.Gt, ir.GtE:
		if IsNumeric(x) && IsNumeric(y) || ir.Identical(x, y) && Orderable(x) {
			return ""
		}
		return fmt.Sprintf("comparison %s %s %s is not supported%s", x, op, y, OptionalHint(x, y))
	case ir.Is, ir.IsNot:
		return ""
	}
	ok := false
	switch c := y.(type) {
	case *ir.Basic:
		ok = c.Kind == ir.KindStr && ir.IsBasic(x, ir.KindStr)
	case *ir.List:
		ok = ir.Identical(x, c.Elem)
	case *ir.Set:
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
	return fmt.Sprintf("membership test %s %s %s is not supported%s", x, op, y, OptionalHint(x, y))
}

func notNone(x, y ir.Type) ir.Type {
	if ir.IsBasic(x, ir.KindNone) {
		return y
	}
	return x
}

// Sized reports whether len() applies to values of t.
func Sized(t ir.Type) bool {
	switch t.(type) {
	case *ir.List, *ir.Tuple, *ir.Dict, *ir.Set:
		return true
	}
	return ir.IsBasic(t, ir.KindStr)
}

// Assignable reports whether a value of type t may be stored where want is
// expected: the same type, T and None into T | None, or a str, int,
// float, bool or None into object (as ir.Verify).
func Assignable(t, want ir.Type) bool {
	if ir.Identical(t, want) {
		return true
	}
	if ir.Identical(want, ir.Object) {
		return ir.FitsObject(t)
	}
	if o, ok := want.(*ir.Optional); ok {
		return ir.IsBasic(t, ir.KindNone) || ir.Identical(t, o.Elem)
	}
	return false
}

// A is t with its indefinite article, for messages: "an int", "a str",
// "a list[int]".
func A(t ir.Type) string {
	s := t.String()
	if s != "" && strings.ContainsRune("aeiouAEIO", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// PromotionHint explains the refusal of an int (or bool) where a float
// is expected, which mypy accepts: CPython does not convert the value, so
// an engine that did would print 1.0 where CPython prints 1. Empty when
// got and want are not such a pair.
func PromotionHint(got, want ir.Type) string {
	if o, ok := want.(*ir.Optional); ok {
		want = o.Elem
	}
	if !ir.IsBasic(want, ir.KindFloat) || !(ir.IsBasic(got, ir.KindInt) || ir.IsBasic(got, ir.KindBool)) {
		return ""
	}
	return " (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))"
}

// JoinHint explains the refusal of two different types where mypy joins
// them (conditional expression arms, elements of a display): to float for
// int and float, to int for bool and int (in both, CPython keeps the value
// as it is, which prints differently), to object otherwise, a type plans
// do not have.
func JoinHint(a, b ir.Type) string {
	if h := PromotionHint(a, b); h != "" {
		return h
	}
	if h := PromotionHint(b, a); h != "" {
		return h
	}
	if ir.IsBasic(a, ir.KindBool) && ir.IsBasic(b, ir.KindInt) || ir.IsBasic(a, ir.KindInt) && ir.IsBasic(b, ir.KindBool) {
		return " (mypy joins them to int, but CPython keeps the bool, which prints as True where an int prints 1: write int(b))"
	}
	return " (mypy joins them to object, which is not a plan type)"
}
