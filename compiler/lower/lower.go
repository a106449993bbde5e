package lower

import (
	"fmt"
	"math"
	"math/big"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// Env gives names, attributes and calls their meaning. Each method returns
// nil after reporting an error through the Lowerer.
type Env interface {
	Name(l *Lowerer, n *ast.Name, want ir.Type) ir.Expr
	Attribute(l *Lowerer, a *ast.Attribute, want ir.Type) ir.Expr
	Call(l *Lowerer, c *ast.Call, want ir.Type) ir.Expr
}

// Lowerer lowers the expressions of one file.
type Lowerer struct {
	File *syntax.File
	Errs *diag.List
	Env  Env
	// Where is appended to refusals, e.g. " in a contract lambda".
	Where string
	// BinOps, when not nil, restricts the arithmetic operators accepted.
	BinOps map[ir.BinOpKind]bool
	// NoFStrings refuses f-strings.
	NoFStrings bool
	// Full enables the whole plan expression language: float literals,
	// / and **, str and list repetition, `is None`, conditional
	// expressions, subscripts, slicing and set displays.
	Full bool
	// Ext, when not nil, is asked first about every expression; it lowers
	// what needs the caller's scopes (comprehensions, lambdas, ...) and
	// returns handled=false to let the Lowerer lower e.
	Ext func(l *Lowerer, e ast.Expr, want ir.Type) (x ir.Expr, handled bool)
	// ListDisplay, when not nil, lowers a list display whose text is
	// used (an f-string's field): a list, or, when its elements mix
	// types (a list[object] to mypy), the str CPython would write. ok is
	// false when it reported an error.
	ListDisplay func(e *ast.List) (x ir.Expr, ok bool)
	// PromoteArm, when not nil, lets a conditional expression with an
	// int constant arm (node, of value v) and a float arm be a float, the
	// int lowered as a float: it is called with the expression x so
	// lowered, whose uses the caller must check (CPython keeps the int).
	PromoteArm func(node ast.Ast, v int64, x ir.Expr)
}

// Pos is the IR position of n.
func (l *Lowerer) Pos(n ast.Ast) ir.Pos { return pyast.Pos(l.File, n) }

// Errorf reports a located error at n with its code.
func (l *Lowerer) Errorf(n ast.Ast, code ir.Code, format string, args ...any) {
	l.Errs.Add(l.Pos(n), code, format, args...)
}

// Unsupported reports "<what> is not supported" at n.
func (l *Lowerer) Unsupported(n ast.Ast) {
	l.Errorf(n, ir.Unsupported, "%s is not supported%s", pyast.Describe(n), l.Where)
}

// Expr lowers e. want, when not nil, is the type the context expects; it
// types empty list and dict displays. The result's type is not checked
// against want: callers do that with their own message. Expr returns nil
// after reporting an error.
func (l *Lowerer) Expr(e ast.Expr, want ir.Type) ir.Expr {
	if l.Ext != nil {
		if x, handled := l.Ext(l, e, want); handled {
			return x
		}
	}
	pos := l.Pos(e)
	switch e := e.(type) {
	case *ast.Num:
		switch v := e.N.(type) {
		case py.Int:
			return &ir.Const{Pos: pos, T: ir.Int, Value: int64(v)}
		case *py.BigInt:
			l.Errorf(e, ir.PlanError, "integer literal %s does not fit in 64 bits", (*big.Int)(v).String())
			return nil
		case py.Float:
			if l.Full {
				return &ir.Const{Pos: pos, T: ir.Float, Value: float64(v)}
			}
			l.Errorf(e, ir.Unsupported, "float literal is not supported yet%s", l.Where)
			return nil
		}
		l.Unsupported(e)
		return nil
	case *ast.Str:
		if fs, ok := l.File.FStrings[e]; ok {
			if l.NoFStrings {
				l.Errorf(e, ir.Unsupported, "f-string is not supported%s", l.Where)
				return nil
			}
			return l.fstring(e, fs)
		}
		return &ir.Const{Pos: pos, T: ir.Str, Value: string(e.S)}
	case *ast.NameConstant:
		switch v := e.Value.(type) {
		case py.Bool:
			return &ir.Const{Pos: pos, T: ir.Bool, Value: bool(v)}
		case py.NoneType:
			return &ir.Const{Pos: pos, T: ir.None, Value: nil}
		}
		l.Unsupported(e)
		return nil
	case *ast.Name:
		return l.Env.Name(l, e, want)
	case *ast.Attribute:
		return l.Env.Attribute(l, e, want)
	case *ast.Call:
		return l.Env.Call(l, e, want)
	case *ast.BinOp:
		return l.binOp(e, want)
	case *ast.UnaryOp:
		return l.unaryOp(e)
	case *ast.BoolOp:
		return l.boolOp(e, want)
	case *ast.Compare:
		return l.compare(e)
	case *ast.List:
		return l.list(e, want)
	case *ast.Tuple:
		return l.tuple(e, want)
	case *ast.Dict:
		return l.dict(e, want)
	case *ast.IfExp:
		if l.Full {
			return l.ifExp(e, want)
		}
	case *ast.Subscript:
		if l.Full {
			return l.subscript(e)
		}
	case *ast.Set:
		if l.Full {
			return l.set(e, want)
		}
	}
	l.Unsupported(e)
	return nil
}

var binOps = map[ast.OperatorNumber]ir.BinOpKind{
	ast.Add:      ir.Add,
	ast.Sub:      ir.Sub,
	ast.Mult:     ir.Mul,
	ast.FloorDiv: ir.FloorDiv,
	ast.Modulo:   ir.Mod,
	ast.Div:      ir.Div,
	ast.Pow:      ir.Pow,
	ast.BitAnd:   ir.BitAnd,
	ast.BitOr:    ir.BitOr,
	ast.BitXor:   ir.BitXor,
}

// BinOpKind maps a Python arithmetic operator to the IR's, if it has it
// (Mult maps to Mul; MakeBinOp turns it into Repeat on a str or list).
func BinOpKind(op ast.OperatorNumber) (ir.BinOpKind, bool) {
	k, ok := binOps[op]
	return k, ok
}

func (l *Lowerer) binOp(e *ast.BinOp, want ir.Type) ir.Expr {
	if e.Op == ast.Div && !l.Full {
		l.Errorf(e, ir.Unsupported, "float division is not supported yet%s", l.Where)
		return nil
	}
	op, ok := binOps[e.Op]
	if (op == ir.Pow || op == ir.BitAnd || op == ir.BitOr || op == ir.BitXor) && !l.Full {
		ok = false
	}
	if !ok || (l.BinOps != nil && !l.BinOps[op]) {
		l.Unsupported(e)
		return nil
	}
	if o, ok := want.(*ir.Optional); ok {
		// No operator gives a T | None: the operands are Ts (a
		// narrowed local among them is read as its T).
		want = o.Elem
	}
	x := l.Expr(e.Left, want)
	if x == nil {
		return nil
	}
	y := l.Expr(e.Right, hintFor(x.Type(), want))
	if y == nil {
		return nil
	}
	return l.MakeBinOp(e, op, x, y)
}

// MakeBinOp types x op y (reporting at n when it does not type). With
// Full, * on a str or list and an int is repetition (an int first is
// swapped when neither operand acts), and ** is checked to give the type
// Python gives.
func (l *Lowerer) MakeBinOp(n ast.Ast, op ir.BinOpKind, x, y ir.Expr) ir.Expr {
	if op == ir.Mul && l.Full {
		if tt, isTuple := x.Type().(*ir.Tuple); isTuple && ir.IsBasic(y.Type(), ir.KindInt) {
			k, isConst := ir.IntConstant(y)
			if !isConst {
				l.Errorf(n, ir.Unsupported, "tuple repetition by a count that is not a constant is not supported (a tuple's length is part of its type)")
				return nil
			}
			t := ir.TupleRepeatType(tt, k)
			if t == nil {
				l.Errorf(n, ir.Unsupported, "tuple repetition giving more than 1024 elements is not supported")
				return nil
			}
			return &ir.BinOp{Pos: l.Pos(n), Op: ir.Repeat, X: x, Y: y, T: t}
		}
		switch {
		case isSeq(x.Type()) && ir.IsBasic(y.Type(), ir.KindInt):
			op = ir.Repeat
		case ir.IsBasic(x.Type(), ir.KindInt) && isSeq(y.Type()):
			if MayAct(x) || MayAct(y) {
				l.Errorf(n, ir.Unsupported, "operator * with the int first is not supported when an operand calls a function or may raise (write the %s first)", y.Type())
				return nil
			}
			x, y, op = y, x, ir.Repeat
		}
	}
	t, why := types.BinOp(op, x.Type(), y.Type())
	if t == nil {
		l.Errorf(n, optionalCode(x.Type(), y.Type()), "%s", why)
		return nil
	}
	if op == ir.Pow {
		if why := powCheck(x, y, t); why != "" {
			l.Errorf(n, ir.Unsupported, "%s", why)
			return nil
		}
	}
	return &ir.BinOp{Pos: l.Pos(n), Op: op, X: x, Y: y, T: t}
}

func isSeq(t ir.Type) bool {
	_, isList := t.(*ir.List)
	return isList || ir.IsBasic(t, ir.KindStr)
}

// powCheck refuses the ** whose Python result type is not the static one:
// int ** int is a float for a negative exponent, and a negative number to
// a fractional power is complex.
func powCheck(x, y ir.Expr, t ir.Type) string {
	if ir.IsBasic(t, ir.KindInt) {
		if c, ok := y.(*ir.Const); ok {
			if n, isInt := c.Value.(int64); isInt && n >= 0 {
				return ""
			}
		}
		return "operator ** on ints needs a non-negative int constant exponent: Python gives a float for a negative one (write float(x) ** n)"
	}
	if ir.IsBasic(y.Type(), ir.KindInt) || ir.IsBasic(y.Type(), ir.KindBool) {
		return ""
	}
	if c, ok := y.(*ir.Const); ok {
		if f, isF := c.Value.(float64); isF && f == math.Trunc(f) && !math.IsInf(f, 0) {
			return ""
		}
	}
	if c, ok := x.(*ir.Const); ok {
		switch v := c.Value.(type) {
		case int64:
			if v >= 0 {
				return ""
			}
		case float64:
			if v >= 0 {
				return ""
			}
		}
	}
	return "operator ** with a float exponent needs an int exponent or a non-negative constant base: Python gives a complex number for a negative base"
}

// hintFor is the type to expect of a second operand whose first has type t.
func hintFor(t, want ir.Type) ir.Type {
	if t != nil {
		return t
	}
	return want
}

// minInt64Literal is the constant -9223372036854775808 when e is the
// negation of the literal 9223372036854775808: the smallest int64 is a
// value of the subset (ints are int64, docs/language.md), but its
// magnitude alone is not, so it is read as one literal rather than as a
// negation that would overflow.
func minInt64Literal(l *Lowerer, e *ast.UnaryOp) *ir.Const {
	if e.Op != ast.USub {
		return nil
	}
	n, ok := e.Operand.(*ast.Num)
	if !ok {
		return nil
	}
	b, ok := n.N.(*py.BigInt)
	if !ok {
		return nil
	}
	neg := new(big.Int).Neg((*big.Int)(b))
	if !neg.IsInt64() {
		return nil
	}
	return &ir.Const{Pos: l.Pos(e), T: ir.Int, Value: neg.Int64()}
}

func (l *Lowerer) unaryOp(e *ast.UnaryOp) ir.Expr {
	switch e.Op {
	case ast.Not:
		x := l.Expr(e.Operand, nil)
		if x == nil {
			return nil
		}
		return &ir.UnOp{Pos: l.Pos(e), Op: ir.Not, X: x}
	case ast.USub, ast.UAdd:
		if e.Op == ast.UAdd && !l.Full {
			break
		}
		if c := minInt64Literal(l, e); c != nil {
			return c
		}
		x := l.Expr(e.Operand, nil)
		if x == nil {
			return nil
		}
		isFloat := l.Full && ir.IsBasic(x.Type(), ir.KindFloat)
		if !ir.IsBasic(x.Type(), ir.KindInt) && !isFloat {
			l.Errorf(e, ir.Unsupported, "unary %s on %s is not supported%s", pyast.UnaryOpName(e.Op), x.Type(), types.OptionalHint(x.Type()))
			return nil
		}
		if e.Op == ast.UAdd {
			return x
		}
		if c, ok := x.(*ir.Const); ok {
			switch v := c.Value.(type) {
			case int64:
				if v != -v || v == 0 {
					return &ir.Const{Pos: l.Pos(e), T: ir.Int, Value: -v}
				}
			case float64:
				return &ir.Const{Pos: l.Pos(e), T: ir.Float, Value: -v}
			}
		}
		return &ir.UnOp{Pos: l.Pos(e), Op: ir.Neg, X: x}
	}
	l.Unsupported(e)
	return nil
}

func (l *Lowerer) boolOp(e *ast.BoolOp, want ir.Type) ir.Expr {
	op := ir.And
	if e.Op == ast.Or {
		op = ir.Or
	}
	var acc ir.Expr
	for _, v := range e.Values {
		hint := want
		if acc != nil {
			hint = acc.Type()
		}
		x := l.Expr(v, hint)
		if x == nil {
			return nil
		}
		if acc = l.joinBool(e, v, op, acc, x); acc == nil {
			return nil
		}
	}
	return acc
}

// joinBool is acc <op> x, the next operand x (written v) of the and/or
// e; acc nil is the first operand. Nil, reported at v, when x's type is
// not acc's: the language gives and/or one operand type.
func (l *Lowerer) joinBool(e *ast.BoolOp, v ast.Expr, op ir.BoolOpKind, acc, x ir.Expr) ir.Expr {
	if acc == nil {
		return x
	}
	if !ir.Identical(acc.Type(), x.Type()) {
		l.Errorf(v, ir.TypeMismatch, "operands of %s must have one type, got %s and %s", op, acc.Type(), x.Type())
		return nil
	}
	return &ir.BoolOp{Pos: l.Pos(e), Op: op, X: acc, Y: x, T: acc.Type()}
}

var cmpOps = map[ast.CmpOp]ir.CmpOp{
	ast.Eq:    ir.Eq,
	ast.NotEq: ir.NotEq,
	ast.Lt:    ir.Lt,
	ast.LtE:   ir.LtE,
	ast.Gt:    ir.Gt,
	ast.GtE:   ir.GtE,
	ast.In:    ir.In,
	ast.NotIn: ir.NotIn,
}

// CmpOp maps a Python comparison operator to the IR's, if it has it.
func CmpOp(op ast.CmpOp) (ir.CmpOp, bool) {
	k, ok := cmpOps[op]
	return k, ok
}

// Comparison lowers a comparison chain (for an Ext that prepares its
// operands).
func (l *Lowerer) Comparison(e *ast.Compare) ir.Expr { return l.compare(e) }

func (l *Lowerer) compare(e *ast.Compare) ir.Expr {
	ops := make([]ir.CmpOp, len(e.Ops))
	for i, op := range e.Ops {
		k, ok := cmpOps[op]
		if l.Full && (op == ast.Is || op == ast.IsNot) {
			k, ok = ir.Is, true
			if op == ast.IsNot {
				k = ir.IsNot
			}
		}
		if !ok {
			l.Errorf(e, ir.Unsupported, "identity comparison (%s) is not supported%s; compare values with == or !=", pyast.CmpOpName(op), l.Where)
			return nil
		}
		ops[i] = k
	}
	if len(e.Comparators) != len(ops) {
		l.Unsupported(e)
		return nil
	}
	first := l.Expr(e.Left, nil)
	if first == nil {
		return nil
	}
	operands := []ir.Expr{first}
	for i, c := range e.Comparators {
		prev := operands[i].Type()
		hint := prev
		if ops[i] == ir.In || ops[i] == ir.NotIn {
			hint = &ir.List{Elem: prev}
		}
		y := l.Expr(c, hint)
		if y == nil {
			return nil
		}
		if ops[i] == ir.Is || ops[i] == ir.IsNot {
			if !isNoneConst(operands[i]) && !isNoneConst(y) {
				l.Errorf(e, ir.Unsupported, "identity comparison (%s) is only supported with None; compare values with == or !=", ops[i])
				return nil
			}
		} else if why := types.Compare(ops[i], prev, y.Type()); why != "" {
			l.Errorf(e, optionalCode(prev, y.Type()), "%s", why)
			return nil
		}
		operands = append(operands, y)
	}
	return &ir.Compare{Pos: l.Pos(e), Ops: ops, Operands: operands}
}

func isNoneConst(x ir.Expr) bool {
	c, ok := x.(*ir.Const)
	return ok && ir.IsBasic(c.T, ir.KindNone)
}

func (l *Lowerer) list(e *ast.List, want ir.Type) ir.Expr {
	var elem ir.Type
	if lt, ok := want.(*ir.List); ok {
		elem = lt.Elem
	}
	if len(e.Elts) == 0 {
		if elem == nil {
			l.Errorf(e, ir.TypeMismatch, "cannot infer the type of an empty list; annotate it (e.g. x: list[str] = [])")
			return nil
		}
		return &ir.ListLit{Pos: l.Pos(e), T: &ir.List{Elem: elem}}
	}
	elems := make([]ir.Expr, 0, len(e.Elts))
	var first ir.Type
	for _, el := range e.Elts {
		hint := elem
		if first != nil {
			hint = first
		}
		x := l.Expr(el, hint)
		if x == nil {
			return nil
		}
		if first == nil {
			first = x.Type()
		} else if !ir.Identical(first, x.Type()) {
			l.Errorf(el, ir.TypeMismatch, "list elements must have one type, got %s and %s%s", first, x.Type(), types.JoinHint(first, x.Type()))
			return nil
		}
		elems = append(elems, x)
	}
	return &ir.ListLit{Pos: l.Pos(e), T: &ir.List{Elem: first}, Elems: elems}
}

func (l *Lowerer) tuple(e *ast.Tuple, want ir.Type) ir.Expr {
	var hints []ir.Type
	if tt, ok := want.(*ir.Tuple); ok && len(tt.Elems) == len(e.Elts) {
		hints = tt.Elems
	}
	elems := make([]ir.Expr, len(e.Elts))
	ts := make([]ir.Type, len(e.Elts))
	for i, el := range e.Elts {
		var hint ir.Type
		if hints != nil {
			hint = hints[i]
		}
		x := l.Expr(el, hint)
		if x == nil {
			return nil
		}
		elems[i], ts[i] = x, x.Type()
	}
	return &ir.TupleLit{Pos: l.Pos(e), T: &ir.Tuple{Elems: ts}, Elems: elems}
}

func (l *Lowerer) dict(e *ast.Dict, want ir.Type) ir.Expr {
	var kt, vt ir.Type
	if o, ok := want.(*ir.Optional); ok {
		want = o.Elem
	}
	if dt, ok := want.(*ir.Dict); ok {
		kt, vt = dt.Key, dt.Value
	}
	if ir.Identical(vt, ir.Object) && len(e.Keys) > 0 {
		return l.objectDict(e, kt)
	}
	if len(e.Keys) == 0 {
		if kt == nil {
			l.Errorf(e, ir.TypeMismatch, "cannot infer the type of an empty dict; annotate it (e.g. x: dict[str, int] = {})")
			return nil
		}
		return &ir.DictLit{Pos: l.Pos(e), T: &ir.Dict{Key: kt, Value: vt}}
	}
	keys := make([]ir.Expr, 0, len(e.Keys))
	values := make([]ir.Expr, 0, len(e.Keys))
	var k0, v0 ir.Type
	for i, ke := range e.Keys {
		if ke == nil || i >= len(e.Values) {
			l.Errorf(e, ir.Unsupported, "dict unpacking is not supported%s", l.Where)
			return nil
		}
		k := l.Expr(ke, hintFor(k0, kt))
		if k == nil {
			return nil
		}
		v := l.Expr(e.Values[i], hintFor(v0, vt))
		if v == nil {
			return nil
		}
		if k0 == nil {
			k0, v0 = k.Type(), v.Type()
			if !types.Hashable(k0) {
				l.Errorf(ke, ir.TypeMismatch, "dict key of type %s is not hashable", k0)
				return nil
			}
		} else if !ir.Identical(k0, k.Type()) {
			l.Errorf(ke, ir.TypeMismatch, "dict keys must have one type, got %s and %s%s", k0, k.Type(), types.JoinHint(k0, k.Type()))
			return nil
		} else if !ir.Identical(v0, v.Type()) {
			l.Errorf(e.Values[i], ir.TypeMismatch, "dict values must have one type, got %s and %s%s", v0, v.Type(), types.JoinHint(v0, v.Type()))
			return nil
		}
		keys = append(keys, k)
		values = append(values, v)
	}
	return &ir.DictLit{Pos: l.Pos(e), T: &ir.Dict{Key: k0, Value: v0}, Keys: keys, Values: values}
}

// objectDict lowers a dict display passed where dict[kt, object] is
// expected: the keys have one type (kt's), each value is any plain value
// (ir.FitsObject), and the display is typed dict[kt, object].
func (l *Lowerer) objectDict(e *ast.Dict, kt ir.Type) ir.Expr {
	keys := make([]ir.Expr, 0, len(e.Keys))
	values := make([]ir.Expr, 0, len(e.Keys))
	for i, ke := range e.Keys {
		if ke == nil || i >= len(e.Values) {
			l.Errorf(e, ir.Unsupported, "dict unpacking is not supported%s", l.Where)
			return nil
		}
		k := l.Expr(ke, kt)
		if k == nil {
			return nil
		}
		if !ir.Identical(k.Type(), kt) {
			l.Errorf(ke, ir.TypeMismatch, "dict key must be %s, got %s", kt, k.Type())
			return nil
		}
		v := l.Expr(e.Values[i], nil)
		if v == nil {
			return nil
		}
		if !ir.FitsObject(v.Type()) {
			l.Errorf(e.Values[i], ir.TypeMismatch, "a value passed as object must be a str, int, float, bool or None, got %s", v.Type())
			return nil
		}
		keys = append(keys, k)
		values = append(values, v)
	}
	return &ir.DictLit{Pos: l.Pos(e), T: &ir.Dict{Key: kt, Value: ir.Object}, Keys: keys, Values: values}
}

func (l *Lowerer) fstring(e *ast.Str, fs *syntax.FString) ir.Expr {
	out := l.fstringParts(e, fs, false)
	if out == nil {
		return nil // a nil *ir.FString is not a nil ir.Expr
	}
	return out
}

// fstringParts lowers the parts of an f-string, or of a format spec with
// replacement fields (inSpec), whose fields may not have computed specs
// of their own (CPython refuses that nesting too).
func (l *Lowerer) fstringParts(e *ast.Str, fs *syntax.FString, inSpec bool) *ir.FString {
	out := &ir.FString{Pos: l.Pos(e)}
	for _, p := range fs.Parts {
		if p.Expr == nil {
			out.Parts = append(out.Parts, ir.FPart{Lit: p.Literal})
			continue
		}
		var x ir.Expr
		if list, ok := p.Expr.(*ast.List); ok && len(list.Elts) >= 2 && l.ListDisplay != nil {
			if x, ok = l.ListDisplay(list); !ok {
				return nil
			}
			if ir.IsBasic(x.Type(), ir.KindStr) && (p.Conversion == 0 || p.Conversion == 's' || p.Conversion == 'r') {
				// Elements of different types: x is the list's text,
				// which !s and !r give too; a list takes no format spec.
				if p.Spec != nil && (len(p.Spec.Parts) > 1 || len(p.Spec.Parts) == 1 && (p.Spec.Parts[0].Expr != nil || p.Spec.Parts[0].Literal != "")) {
					l.Errorf(p.Expr, ir.Unsupported, "format spec on a list is not supported (CPython raises TypeError: unsupported format string passed to list.__format__)")
					return nil
				}
				out.Parts = append(out.Parts, ir.FPart{X: x})
				continue
			}
		} else {
			x = l.Expr(p.Expr, nil)
		}
		if x == nil {
			return nil
		}
		if why := types.Printable(x.Type()); why != "" {
			l.Errorf(p.Expr, ir.Unsupported, "f-string of %s is not supported: %s", types.A(x.Type()), why)
			return nil
		}
		switch p.Conversion {
		case 0, 's', 'r':
		default:
			l.Errorf(p.Expr, ir.Unsupported, "conversion !%c is not supported%s", p.Conversion, l.Where)
			return nil
		}
		spec := ""
		var dyn *ir.FString
		if p.Spec != nil {
			for _, sp := range p.Spec.Parts {
				if sp.Expr != nil && inSpec {
					l.Errorf(sp.Expr, ir.Unsupported, "replacement field nested in a nested format spec is not supported")
					return nil
				}
				if sp.Expr != nil && dyn == nil {
					if dyn = l.fstringParts(e, p.Spec, true); dyn == nil {
						return nil
					}
					dyn.Pos = l.Pos(sp.Expr)
				}
				spec += sp.Literal
			}
		}
		if dyn != nil {
			// The spec is known at run time only, where the engines check
			// it as CPython does; here the value must be of a type that
			// takes a format spec at all.
			t := x.Type()
			if p.Conversion != 0 {
				t = ir.Str
			}
			if !types.IsNumeric(t) && !ir.IsBasic(t, ir.KindStr) {
				l.Errorf(p.Expr, ir.Unsupported, "computed format spec on a %s value is not supported: only str, int, float and bool values take a format spec", t)
				return nil
			}
			out.Parts = append(out.Parts, ir.FPart{X: x, Conv: p.Conversion, DynSpec: dyn})
			continue
		}
		if spec != "" {
			t := x.Type()
			if p.Conversion != 0 {
				t = ir.Str
			}
			if why := CheckSpec(spec, t); !why.OK() {
				l.Errorf(p.Expr, why.Code, "%s", why.Msg)
				return nil
			}
		}
		out.Parts = append(out.Parts, ir.FPart{X: x, Conv: p.Conversion, Spec: spec})
	}
	return out
}

// IsConstant reports whether e is a constant expression: a literal, a
// display of constants, or a negated constant.
func IsConstant(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return true
	case *ir.ListLit:
		return allConstant(e.Elems)
	case *ir.TupleLit:
		return allConstant(e.Elems)
	case *ir.DictLit:
		return allConstant(e.Keys) && allConstant(e.Values)
	case *ir.UnOp:
		return e.Op == ir.Neg && IsConstant(e.X)
	}
	return false
}

func allConstant(es []ir.Expr) bool {
	for _, e := range es {
		if !IsConstant(e) {
			return false
		}
	}
	return true
}

// CloneAt copies the constant expression e, placing every node at pos (a
// constant inlined where it is used, or a default filled in at a call).
func CloneAt(e ir.Expr, pos ir.Pos) ir.Expr {
	switch e := e.(type) {
	case *ir.Const:
		return &ir.Const{Pos: pos, T: e.T, Value: e.Value}
	case *ir.ListLit:
		return &ir.ListLit{Pos: pos, T: e.T, Elems: cloneAll(e.Elems, pos)}
	case *ir.TupleLit:
		return &ir.TupleLit{Pos: pos, T: e.T, Elems: cloneAll(e.Elems, pos)}
	case *ir.DictLit:
		return &ir.DictLit{Pos: pos, T: e.T, Keys: cloneAll(e.Keys, pos), Values: cloneAll(e.Values, pos)}
	case *ir.UnOp:
		return &ir.UnOp{Pos: pos, Op: e.Op, X: CloneAt(e.X, pos)}
	}
	panic(fmt.Sprintf("lower.CloneAt: %T is not a constant", e))
}

func cloneAll(es []ir.Expr, pos ir.Pos) []ir.Expr {
	if es == nil {
		return nil
	}
	out := make([]ir.Expr, len(es))
	for i, e := range es {
		out[i] = CloneAt(e, pos)
	}
	return out
}

// optionalCode is the code of a refused operator: a T | None operand
// where a T is needed is a TypeMismatch (mypy's too), any other pair of
// operand types an operation the language does not have.
func optionalCode(x, y ir.Type) ir.Code {
	for _, t := range []ir.Type{x, y} {
		if _, ok := t.(*ir.Optional); ok {
			return ir.TypeMismatch
		}
	}
	return ir.Unsupported
}
