package compiler

import (
	"fmt"
	"slices"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// exceptions are the builtin exception classes a plan may raise.
var exceptions = map[string]bool{
	"ValueError": true, "RuntimeError": true, "KeyError": true, "IndexError": true,
	"TypeError": true, "AssertionError": true, "ZeroDivisionError": true, "Exception": true,
}

// sigOf is the signature of a builtin function or method (receiver
// excluded) from ir.BuiltinTable, so that the front end binds exactly
// what the table declares.
func sigOf(name string) ir.Sig {
	info, ok := ir.LookupBuiltin(name)
	if !ok {
		panic("compiler: builtin " + name + " is not in ir.BuiltinTable")
	}
	return info.Sig
}

// binding is a call's arguments bound to a sig.
type binding struct {
	args  []ast.Expr          // per positional parameter (nil: absent); with varargs, every positional argument
	kws   map[string]ast.Expr // keyword-only arguments
	order map[ast.Expr]int    // the source position of each argument
	kwArg map[ast.Expr]string // the keyword an argument was passed by
}

func (b *binding) arg(i int) ast.Expr {
	if i < len(b.args) {
		return b.args[i]
	}
	return nil
}

// bind binds the arguments of c to sg, reporting Python's TypeError as a
// located refusal. label names the callee ("sorted", "str.split").
func (fl *fnLowerer) bind(c *ast.Call, label string, sg ir.Sig) *binding {
	l := fl.l
	if c.Starargs != nil {
		l.Errorf(c.Starargs, ir.Unsupported, "starred argument is not supported")
		return nil
	}
	if c.Kwargs != nil {
		l.Errorf(c.Kwargs, ir.Unsupported, "** argument is not supported")
		return nil
	}
	b := &binding{kws: map[string]ast.Expr{}, order: map[ast.Expr]int{}, kwArg: map[ast.Expr]string{}}
	for i, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			l.Errorf(a, ir.Unsupported, "starred argument is not supported")
			return nil
		}
		b.order[a] = i
	}
	if sg.Varargs {
		b.args = slices.Clone(c.Args)
	} else {
		if len(c.Args) > len(sg.Params) {
			switch len(sg.Params) {
			case 0:
				l.Errorf(c, ir.ArgumentError, "%s() takes no arguments (%d given)", label, len(c.Args))
			default:
				l.Errorf(c, ir.ArgumentError, "%s() takes at most %d argument%s (%d given)", label, len(sg.Params), plural(len(sg.Params)), len(c.Args))
			}
			return nil
		}
		b.args = make([]ast.Expr, len(sg.Params))
		copy(b.args, c.Args)
	}
	for j, k := range c.Keywords {
		name := string(k.Arg)
		b.order[k.Value] = len(c.Args) + j
		b.kwArg[k.Value] = name
		if slices.Contains(sg.KwOnly, name) {
			b.kws[name] = k.Value
			continue
		}
		idx := slices.Index(sg.Params, name)
		if sg.Varargs || idx < sg.PosOnly {
			l.Errorf(k, ir.ArgumentError, "%s() got an unexpected keyword argument '%s'", label, name)
			return nil
		}
		if b.args[idx] != nil {
			l.Errorf(k, ir.ArgumentError, "%s() got multiple values for argument '%s'", label, name)
			return nil
		}
		b.args[idx] = k.Value
	}
	n := 0
	for _, a := range b.args {
		if a != nil {
			n++
		}
	}
	if n < sg.Min || !sg.Varargs && sg.Min > 0 && slices.Contains(b.args[:sg.Min], nil) {
		l.Errorf(c, ir.ArgumentError, "%s() takes at least %d argument%s (%d given)", label, sg.Min, plural(sg.Min), n)
		return nil
	}
	return b
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// finish checks that lowering the builtin's arguments in the IR's order
// (Args, then Keywords) runs them in Python's source order, or that
// reordering cannot matter, and returns out (nil after an error).
func (fl *fnLowerer) finish(c *ast.Call, b *binding, label string, out *ir.Builtin, nodes []ast.Expr) ir.Expr {
	type ev struct {
		x    ir.Expr
		node ast.Expr
	}
	var evs []ev
	for i, x := range out.Args {
		if i < len(nodes) && nodes[i] != nil {
			evs = append(evs, ev{x, nodes[i]})
		}
	}
	for i, kw := range out.Keywords {
		if j := len(out.Args) + i; j < len(nodes) && nodes[j] != nil {
			evs = append(evs, ev{kw.Value, nodes[j]})
		}
	}
	for i := range evs {
		for j := i + 1; j < len(evs); j++ {
			a, z := evs[i], evs[j]
			if b.order[a.node] > b.order[z.node] && (lower.MayAct(a.x) || lower.MayAct(z.x)) {
				fl.errorf(z.node, ir.Unsupported, "keyword argument %s of %s() is evaluated before %s in Python but after it here; reordering arguments that call functions or may raise is not supported", b.kwArg[z.node], label, argLabel(b, a.node))
				return nil
			}
		}
	}
	return out
}

func argLabel(b *binding, n ast.Expr) string {
	if k := b.kwArg[n]; k != "" {
		return k
	}
	return "a positional argument"
}

// helperUse checks that the iteration helper call c (enumerate, zip,
// reversed, range, dict.keys/values/items) is consumed whole; lenOK says
// whether len() may consume it.
func (fl *fnLowerer) helperUse(c *ast.Call, label string, lenOK bool) bool {
	u, ok := fl.consumedBy(c)
	switch {
	case !ok:
		fl.errorf(c, ir.Unsupported, "%s() is only supported where its result is iterated or consumed whole (%s)", label, consumersText)
		return false
	case u.lenOnly && !lenOK:
		fl.errorf(c, ir.Unsupported, "len() of %s() is not supported (it has no length)", label)
		return false
	}
	return true
}

// builtin lowers a call of a builtin function by name.
func (fl *fnLowerer) builtin(c *ast.Call, name string, want ir.Type) ir.Expr {
	l := fl.l
	pos := l.Pos(c)
	if !builtins[name] {
		l.Errorf(c.Func, ir.UndefinedName, "name %s is not defined%s", name, fl.c.nameHint(fl, name))
		return nil
	}
	mk := func(t ir.Type, args ...ir.Expr) *ir.Builtin {
		return &ir.Builtin{Pos: pos, Name: name, Args: args, T: t}
	}
	switch name {
	case "len":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := fl.consume(b.args[0], nil, use{what: "len()", lenOnly: true})
		if x == nil {
			return nil
		}
		if !types.Sized(x.Type()) {
			l.Errorf(b.args[0], ir.Unsupported, "len() of %s is not supported%s", x.Type(), types.OptionalHint(x.Type()))
			return nil
		}
		return mk(ir.Int, x)
	case "str", "repr":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if b.args[0] == nil {
			return &ir.Const{Pos: pos, T: ir.Str, Value: ""}
		}
		if list, ok := b.args[0].(*ast.List); ok && len(list.Elts) >= 2 {
			x, ok := fl.listDisplay(list)
			if !ok {
				return nil
			}
			if ir.IsBasic(x.Type(), ir.KindStr) {
				return x // elements of different types: x is the list's text, its str and its repr
			}
			return mk(ir.Str, x)
		}
		x := fl.printable(b.args[0], name+"()")
		if x == nil {
			return nil
		}
		return mk(ir.Str, x)
	case "int", "float", "bool":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if b.arg(1) != nil { // only int has a base parameter; float and bool refuse a second argument in bind
			if name == "int" {
				l.Errorf(b.args[1], ir.Unsupported, "int() with a base is not supported")
			} else {
				l.Errorf(c, ir.ArgumentError, "%s() takes at most 1 argument (2 given)", name)
			}
			return nil
		}
		t := map[string]ir.Type{"int": ir.Int, "float": ir.Float, "bool": ir.Bool}[name]
		if b.args[0] == nil {
			zero := map[string]any{"int": int64(0), "float": 0.0, "bool": false}[name]
			return &ir.Const{Pos: pos, T: t, Value: zero}
		}
		x := l.Expr(b.args[0], nil)
		if x == nil {
			return nil
		}
		if name != "bool" && !types.IsNumeric(x.Type()) && !ir.IsBasic(x.Type(), ir.KindStr) {
			l.Errorf(b.args[0], ir.Unsupported, "%s() of %s is not supported%s", name, x.Type(), types.OptionalHint(x.Type()))
			return nil
		}
		return mk(t, x)
	case "abs":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := l.Expr(b.args[0], nil)
		if x == nil {
			return nil
		}
		switch {
		case ir.IsBasic(x.Type(), ir.KindFloat):
			return mk(ir.Float, x)
		case types.IsNumeric(x.Type()):
			return mk(ir.Int, x)
		}
		l.Errorf(b.args[0], ir.Unsupported, "abs() of %s is not supported%s", x.Type(), types.OptionalHint(x.Type()))
		return nil
	case "ord", "chr":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		in, out := ir.Str, ir.Int
		if name == "chr" {
			in, out = ir.Int, ir.Str
		}
		x := l.Expr(b.args[0], in)
		if x == nil {
			return nil
		}
		if !ir.Identical(x.Type(), in) {
			l.Errorf(b.args[0], ir.Unsupported, "%s() of %s is not supported (it takes %s)", name, x.Type(), types.A(in))
			return nil
		}
		return mk(out, x)
	case "round":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := l.Expr(b.args[0], nil)
		if x == nil {
			return nil
		}
		if !types.IsNumeric(x.Type()) {
			l.Errorf(b.args[0], ir.Unsupported, "round() of %s is not supported%s", x.Type(), types.OptionalHint(x.Type()))
			return nil
		}
		out := mk(ir.Int, x)
		nodes := []ast.Expr{b.args[0]}
		if nd := b.args[1]; nd != nil && !isNone(nd) {
			n := l.Expr(nd, ir.Int)
			if n == nil {
				return nil
			}
			if !ir.IsBasic(n.Type(), ir.KindInt) {
				l.Errorf(nd, ir.TypeMismatch, "ndigits of round() must be int, got %s", n.Type())
				return nil
			}
			out.Args = append(out.Args, n)
			nodes = append(nodes, nd)
			if ir.IsBasic(x.Type(), ir.KindFloat) {
				out.T = ir.Float
			}
		}
		return fl.finish(c, b, name, out, nodes)
	case "min", "max":
		return fl.minMax(c, name)
	case "sum":
		return fl.sum(c)
	case "any", "all":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := fl.consume(b.args[0], nil, use{what: name + "()", gen: genPure})
		if x == nil || fl.elemOf(x, b.args[0], name+"()", true) == nil { // truthiness does not depend on set order
			return nil
		}
		return mk(ir.Bool, x)
	case "enumerate":
		if !fl.helperUse(c, name, false) {
			return nil
		}
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := fl.consume(b.args[0], nil, use{what: "enumerate()"})
		if x == nil {
			return nil
		}
		elem := fl.elemOf(x, b.args[0], "enumerate()", false)
		if elem == nil {
			return nil
		}
		out := mk(&ir.List{Elem: &ir.Tuple{Elems: []ir.Type{ir.Int, elem}}}, x)
		nodes := []ast.Expr{b.args[0]}
		if b.args[1] != nil {
			s := l.Expr(b.args[1], ir.Int)
			if s == nil {
				return nil
			}
			if !ir.IsBasic(s.Type(), ir.KindInt) {
				l.Errorf(b.args[1], ir.TypeMismatch, "start of enumerate() must be int, got %s", s.Type())
				return nil
			}
			out.Args = append(out.Args, s)
			nodes = append(nodes, b.args[1])
		}
		return fl.finish(c, b, name, out, nodes)
	case "zip":
		if !fl.helperUse(c, name, false) {
			return nil
		}
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if s := b.kws["strict"]; s != nil {
			l.Errorf(s, ir.Unsupported, "zip() with strict= is not supported")
			return nil
		}
		if len(b.args) == 0 {
			l.Errorf(c, ir.Unsupported, "zip() without arguments is not supported")
			return nil
		}
		out := mk(nil)
		var elems []ir.Type
		for _, a := range b.args {
			x := fl.consume(a, nil, use{what: "zip()"})
			if x == nil {
				return nil
			}
			elem := fl.elemOf(x, a, "zip()", false)
			if elem == nil {
				return nil
			}
			out.Args = append(out.Args, x)
			elems = append(elems, elem)
		}
		out.T = &ir.List{Elem: &ir.Tuple{Elems: elems}}
		return out
	case "reversed":
		if !fl.helperUse(c, name, false) {
			return nil
		}
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := fl.consume(b.args[0], nil, use{what: "reversed()"})
		if x == nil {
			return nil
		}
		if bx, ok := x.(*ir.Builtin); ok && (bx.Name == "enumerate" || bx.Name == "zip" || bx.Name == "reversed") {
			l.Errorf(b.args[0], ir.Unsupported, "reversed() of %s() is not supported (it is not reversible)", bx.Name)
			return nil
		}
		if _, isSet := x.Type().(*ir.Set); isSet {
			l.Errorf(b.args[0], ir.Unsupported, "reversed() of %s is not supported (a set is not reversible)", types.A(x.Type()))
			return nil
		}
		elem := fl.elemOf(x, b.args[0], "reversed()", false)
		if elem == nil {
			return nil
		}
		return mk(&ir.List{Elem: elem}, x)
	case "sorted":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		x := fl.consume(b.args[0], nil, use{what: "sorted()", gen: genEager})
		if x == nil {
			return nil
		}
		elem := fl.elemOf(x, b.args[0], "sorted()", true)
		if elem == nil {
			return nil
		}
		_, isSet := x.Type().(*ir.Set)
		out := mk(&ir.List{Elem: elem}, x)
		if !fl.sortOptions(c, b, out, elem, "sorted()", isSet) {
			return nil
		}
		return fl.finish(c, b, name, out, []ast.Expr{b.args[0], b.kws["reverse"]})
	case "list", "set":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if b.args[0] == nil {
			if name == "list" {
				if lt, ok := want.(*ir.List); ok {
					return &ir.ListLit{Pos: pos, T: lt}
				}
				l.Errorf(c, ir.TypeMismatch, "cannot infer the type of an empty list; annotate it (e.g. x: list[str] = list())")
				return nil
			}
			if st, ok := want.(*ir.Set); ok {
				return &ir.SetLit{Pos: pos, T: st}
			}
			l.Errorf(c, ir.TypeMismatch, "cannot infer the type of an empty set; annotate it (e.g. x: set[str] = set())")
			return nil
		}
		x := fl.consume(b.args[0], want, use{what: name + "()", gen: genEager})
		if x == nil {
			return nil
		}
		elem := fl.elemOf(x, b.args[0], name+"()", name == "set")
		if elem == nil {
			return nil
		}
		if name == "list" {
			if comp, ok := x.(*ir.Comprehension); ok && comp.Kind == ir.ListComp {
				if _, isGen := b.args[0].(*ast.GeneratorExp); isGen {
					return comp // list(generator) is the list comprehension
				}
			}
			return mk(&ir.List{Elem: elem}, x)
		}
		if !types.Hashable(elem) {
			l.Errorf(b.args[0], ir.TypeMismatch, "set element of type %s is not hashable", elem)
			return nil
		}
		return mk(&ir.Set{Elem: elem}, x)
	case "tuple":
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if b.args[0] == nil {
			return &ir.TupleLit{Pos: pos, T: &ir.Tuple{}}
		}
		x := l.Expr(b.args[0], want)
		if x == nil {
			return nil
		}
		if _, ok := x.Type().(*ir.Tuple); !ok {
			l.Errorf(b.args[0], ir.Unsupported, "tuple() of %s is not supported (a tuple's length is part of its type; use a list)", types.A(x.Type()))
			return nil
		}
		return mk(x.Type(), x)
	case "dict":
		if len(c.Keywords) > 0 {
			l.Errorf(c.Keywords[0], ir.Unsupported, "dict() with keyword arguments is not supported (write a dict display)")
			return nil
		}
		b := fl.bind(c, name, sigOf(name))
		if b == nil {
			return nil
		}
		if b.args[0] == nil {
			if dt, ok := want.(*ir.Dict); ok {
				return &ir.DictLit{Pos: pos, T: dt}
			}
			l.Errorf(c, ir.TypeMismatch, "cannot infer the type of an empty dict; annotate it (e.g. x: dict[str, int] = dict())")
			return nil
		}
		var hint ir.Type
		if dt, ok := want.(*ir.Dict); ok {
			hint = &ir.List{Elem: &ir.Tuple{Elems: []ir.Type{dt.Key, dt.Value}}}
		}
		x := fl.consume(b.args[0], hint, use{what: "dict()", gen: genEager})
		if x == nil {
			return nil
		}
		if _, ok := x.Type().(*ir.Dict); ok {
			return mk(x.Type(), x)
		}
		elem := fl.elemOf(x, b.args[0], "dict()", false)
		if elem == nil {
			return nil
		}
		pair, ok := elem.(*ir.Tuple)
		if !ok || len(pair.Elems) != 2 {
			l.Errorf(b.args[0], ir.Unsupported, "dict() of %s is not supported (it takes a dict or (key, value) tuples)", types.A(x.Type()))
			return nil
		}
		if !types.Hashable(pair.Elems[0]) {
			l.Errorf(b.args[0], ir.TypeMismatch, "dict key of type %s is not hashable", pair.Elems[0])
			return nil
		}
		return mk(&ir.Dict{Key: pair.Elems[0], Value: pair.Elems[1]}, x)
	case "print":
		return fl.print(c)
	case "range":
		if !fl.helperUse(c, name, true) {
			return nil
		}
		x, _ := fl.rangeCall(c)
		return x
	}
	if exceptions[name] {
		l.Errorf(c, ir.Unsupported, "call of %s outside raise is not supported", name)
		return nil
	}
	l.Errorf(c, ir.Unsupported, "call of %s is not supported", name)
	return nil
}

// printable lowers e as a value whose text a plan may print.
func (fl *fnLowerer) printable(e ast.Expr, what string) ir.Expr {
	x := fl.l.Expr(e, nil)
	if x == nil {
		return nil
	}
	if why := types.Printable(x.Type()); why != "" {
		fl.errorf(e, ir.Unsupported, "%s of %s is not supported: %s", what, types.A(x.Type()), why)
		return nil
	}
	return x
}

func (fl *fnLowerer) print(c *ast.Call) ir.Expr {
	l := fl.l
	b := fl.bind(c, "print", sigOf("print"))
	if b == nil {
		return nil
	}
	for _, k := range []string{"file", "flush"} {
		if v := b.kws[k]; v != nil {
			l.Errorf(v, ir.Unsupported, "print() with %s= is not supported (print writes to the plan's stdout)", k)
			return nil
		}
	}
	out := &ir.Builtin{Pos: l.Pos(c), Name: "print", T: ir.None}
	nodes := slices.Clone(b.args)
	for _, a := range b.args {
		if list, ok := a.(*ast.List); ok && len(list.Elts) >= 2 {
			x, ok := fl.listDisplay(list)
			if !ok {
				return nil
			}
			out.Args = append(out.Args, x)
			continue
		}
		x := fl.printable(a, "print()")
		if x == nil {
			return nil
		}
		out.Args = append(out.Args, x)
	}
	// keywords in source order
	for _, k := range c.Keywords {
		name := string(k.Arg)
		if name != "sep" && name != "end" || isNone(k.Value) {
			continue
		}
		x := l.Expr(k.Value, ir.Str)
		if x == nil {
			return nil
		}
		if !ir.IsBasic(x.Type(), ir.KindStr) {
			l.Errorf(k.Value, ir.TypeMismatch, "%s of print() must be str, got %s", name, x.Type())
			return nil
		}
		out.Keywords = append(out.Keywords, ir.Keyword{Name: name, Value: x})
		nodes = append(nodes, k.Value)
	}
	return fl.finish(c, b, "print", out, nodes)
}

// listDisplay lowers a list display printed as is. Its elements may have
// different types (print([1, "a", x]), which mypy --strict accepts as a
// list[object]); then it is the text print writes: "[" + repr(e1) + ", " +
// ... + "]", each repr computed by the engine as for any value, the
// elements evaluated left to right as Python evaluates the display before
// printing it (repr neither acts nor raises). With one element type it is
// the list itself. ok is false when an element was refused (reported).
func (fl *fnLowerer) listDisplay(list *ast.List) (x ir.Expr, ok bool) {
	var elems []ir.Expr
	var first ir.Type
	mixed := false
	for _, e := range list.Elts {
		x := fl.l.Expr(e, first)
		if x == nil {
			return nil, false
		}
		if why := types.Printable(x.Type()); why != "" {
			fl.errorf(e, ir.Unsupported, "a list display holding %s is not supported where its text is used: %s", types.A(x.Type()), why)
			return nil, false
		}
		if first == nil {
			first = x.Type()
		}
		mixed = mixed || !ir.Identical(x.Type(), first)
		elems = append(elems, x)
	}
	pos := fl.l.Pos(list)
	if !mixed {
		return &ir.ListLit{Pos: pos, T: &ir.List{Elem: first}, Elems: elems}, true
	}
	str := func(s string) ir.Expr { return &ir.Const{Pos: pos, T: ir.Str, Value: s} }
	cat := func(x, y ir.Expr) ir.Expr { return &ir.BinOp{Pos: pos, Op: ir.Add, X: x, Y: y, T: ir.Str} }
	text := str("[")
	for i, x := range elems {
		if i > 0 {
			text = cat(text, str(", "))
		}
		text = cat(text, &ir.Builtin{Pos: x.Position(), Name: "repr", Args: []ir.Expr{x}, T: ir.Str})
	}
	return cat(text, str("]")), true
}

// sortOptions lowers the key= and reverse= of sorted() and list.sort()
// into out.
func (fl *fnLowerer) sortOptions(at ast.Ast, b *binding, out *ir.Builtin, elem ir.Type, what string, overSet bool) bool {
	l := fl.l
	if k := b.kws["key"]; k != nil && !isNone(k) {
		if overSet {
			l.Errorf(k, ir.Unsupported, "%s of a set with key= is not supported: elements with equal keys would keep their set order, and %s", what, setOrder)
			return false
		}
		lam, ok := fl.keyFunc(k, elem, what)
		if !ok {
			return false
		}
		out.Key = lam
	} else if !types.Orderable(elem) {
		l.Errorf(at, ir.Unsupported, "%s of %s elements is not supported (they do not order)%s", what, elem, types.OptionalHint(elem))
		return false
	}
	if r := b.kws["reverse"]; r != nil {
		x := l.Expr(r, ir.Bool)
		if x == nil {
			return false
		}
		if !ir.IsBasic(x.Type(), ir.KindBool) {
			l.Errorf(r, ir.TypeMismatch, "reverse of %s must be bool, got %s", what, x.Type())
			return false
		}
		out.Keywords = append(out.Keywords, ir.Keyword{Name: "reverse", Value: x})
	}
	return true
}

func (fl *fnLowerer) minMax(c *ast.Call, name string) ir.Expr {
	l := fl.l
	b := fl.bind(c, name, sigOf(name))
	if b == nil {
		return nil
	}
	if d := b.kws["default"]; d != nil {
		l.Errorf(d, ir.Unsupported, "%s() with default= is not supported", name)
		return nil
	}
	out := &ir.Builtin{Pos: l.Pos(c), Name: name}
	var elem ir.Type
	if len(b.args) == 1 {
		x := fl.consume(b.args[0], nil, use{what: name + "()", gen: genEager})
		if x == nil {
			return nil
		}
		if elem = fl.elemOf(x, b.args[0], name+"()", false); elem == nil {
			return nil
		}
		out.Args = []ir.Expr{x}
	} else {
		var firstBad ast.Expr // the first argument of another type than the first's
		for _, a := range b.args {
			x := l.Expr(a, elem)
			if x == nil {
				return nil
			}
			if elem == nil {
				elem = x.Type()
			} else if !ir.Identical(elem, x.Type()) && firstBad == nil {
				firstBad = a
			}
			out.Args = append(out.Args, x)
		}
		if firstBad != nil {
			// max(0.5, 1): mypy types it float; accepted when the ints
			// are constants and no read of the result could show one.
			if b.kws["key"] != nil || !fl.promoteMinMax(out, b.args) {
				got := out.Args[slices.Index(b.args, firstBad)].Type()
				l.Errorf(firstBad, ir.TypeMismatch, "arguments of %s() must have one type, got %s and %s%s", name, elem, got, types.PromotionHint(elem, got)+types.PromotionHint(got, elem))
				return nil
			}
			elem = ir.Float
		}
	}
	out.T = elem
	if k := b.kws["key"]; k != nil && !isNone(k) {
		lam, ok := fl.keyFunc(k, elem, name+"()")
		if !ok {
			return nil
		}
		out.Key = lam
	} else if !types.Orderable(elem) {
		l.Errorf(c, ir.Unsupported, "%s() of %s values is not supported (they do not order)%s", name, elem, types.OptionalHint(elem))
		return nil
	}
	return out
}

func (fl *fnLowerer) sum(c *ast.Call) ir.Expr {
	l := fl.l
	b := fl.bind(c, "sum", sigOf("sum"))
	if b == nil {
		return nil
	}
	x := fl.consume(b.args[0], nil, use{what: "sum()", gen: genEager})
	if x == nil {
		return nil
	}
	elem := fl.elemOf(x, b.args[0], "sum()", false)
	if elem == nil {
		return nil
	}
	if ir.IsBasic(elem, ir.KindStr) {
		l.Errorf(b.args[0], ir.Unsupported, "sum() of strs is not supported (use str.join)")
		return nil
	}
	out := &ir.Builtin{Pos: l.Pos(c), Name: "sum", Args: []ir.Expr{x}}
	startT := ir.Int
	if s := b.args[1]; s != nil {
		sx := l.Expr(s, elem)
		if sx == nil {
			return nil
		}
		startT = sx.Type()
		out.Args = append(out.Args, sx)
	}
	t := ir.BinOpType(ir.Add, startT, elem)
	if t == nil {
		l.Errorf(c, ir.Unsupported, "sum() of %s values from %s start is not supported%s", elem, types.A(startT), types.OptionalHint(elem))
		return nil
	}
	if !ir.Identical(t, startT) && !(ir.IsBasic(startT, ir.KindBool) && ir.IsBasic(t, ir.KindInt)) {
		l.Errorf(c, ir.TypeMismatch, "sum() of %s values needs %s start, e.g. sum(xs, 0.0): the sum of no values is the start itself", elem, types.A(t))
		return nil
	}
	if ir.IsBasic(startT, ir.KindBool) {
		l.Errorf(b.args[1], ir.Unsupported, "sum() with a bool start is not supported")
		return nil
	}
	out.T = t
	return fl.finish(c, b, "sum", out, []ast.Expr{b.args[0], b.args[1]})
}

// rangeCall lowers range(stop), range(start, stop) or range(start, stop,
// step) with int arguments; runs reports whether it surely yields at least
// one value (constant arguments).
func (fl *fnLowerer) rangeCall(e *ast.Call) (ir.Expr, bool) {
	l := fl.l
	if len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil || len(e.Args) < 1 || len(e.Args) > 3 {
		l.Errorf(e, ir.ArgumentError, "range() takes one to three positional arguments")
		return nil, false
	}
	args := make([]ir.Expr, len(e.Args))
	for i, a := range e.Args {
		x := l.Expr(a, ir.Int)
		if x == nil {
			return nil, false
		}
		if !ir.IsBasic(x.Type(), ir.KindInt) {
			l.Errorf(a, ir.TypeMismatch, "range() argument must be int, got %s%s", x.Type(), types.OptionalHint(x.Type()))
			return nil, false
		}
		args[i] = x
	}
	pos := l.Pos(e)
	r := &ir.Range{Pos: pos, Start: &ir.Const{Pos: pos, T: ir.Int, Value: int64(0)}, Step: &ir.Const{Pos: pos, T: ir.Int, Value: int64(1)}}
	switch len(args) {
	case 1:
		r.Stop = args[0]
	default:
		r.Start, r.Stop = args[0], args[1]
		if len(args) == 3 {
			r.Step = args[2]
		}
	}
	if v, ok := ir.IntConstant(r.Step); ok && v == 0 {
		l.Errorf(e.Args[2], ir.PlanError, "range() step must not be zero")
		return nil, false
	}
	start, ok1 := ir.IntConstant(r.Start)
	stop, ok2 := ir.IntConstant(r.Stop)
	step, ok3 := ir.IntConstant(r.Step)
	runs := ok1 && ok2 && ok3 && (step > 0 && start < stop || step < 0 && start > stop)
	return r, runs
}

// ---- methods ----

func kindOf(t ir.Type) string {
	switch t.(type) {
	case *ir.List:
		return "list"
	case *ir.Dict:
		return "dict"
	case *ir.Set:
		return "set"
	}
	if ir.IsBasic(t, ir.KindStr) {
		return "str"
	}
	return ""
}

// methodKnown reports whether values of type t have the method name in
// the subset.
func methodKnown(t ir.Type, name string) bool {
	k := kindOf(t)
	return k != "" && ir.IsBuiltin(k+"."+name)
}

// method lowers recv.name(args).
func (fl *fnLowerer) method(c *ast.Call, recv ir.Expr, name string, want ir.Type) ir.Expr {
	l := fl.l
	t := recv.Type()
	kind := kindOf(t)
	if !methodKnown(t, name) {
		switch t := t.(type) {
		case *ir.Row:
			l.Errorf(c, ir.UndefinedName, "row type %s has no method .%s()", t.Name, name)
		default:
			l.Errorf(c, ir.Unsupported, "method .%s() of %s is not supported%s", name, t, types.OptionalHint(t))
		}
		return nil
	}
	label := kind + "." + name
	out := &ir.Builtin{Pos: l.Pos(c), Name: label, Args: []ir.Expr{recv}}
	nodes := []ast.Expr{nil}
	// arg lowers the i-th bound argument against want (nil when absent)
	// and appends it.
	add := func(n ast.Expr, x ir.Expr) {
		out.Args = append(out.Args, x)
		nodes = append(nodes, n)
	}
	typed := func(n ast.Expr, t ir.Type, what string) ir.Expr {
		x := l.Expr(n, t)
		if x == nil {
			return nil
		}
		if !types.Assignable(x.Type(), t) {
			l.Errorf(n, ir.TypeMismatch, "%s of %s() must be %s, got %s%s%s", what, label, t, x.Type(), types.OptionalHint(x.Type()), types.PromotionHint(x.Type(), t))
			return nil
		}
		return x
	}
	switch kind {
	case "str":
		switch name {
		case "upper", "lower", "title", "capitalize", "isdigit", "isalpha", "isspace", "splitlines",
			"swapcase", "islower", "isupper", "istitle":
			if fl.bind(c, label, sigOf(label)) == nil {
				return nil
			}
			switch name {
			case "isdigit", "isalpha", "isspace", "islower", "isupper", "istitle":
				out.T = ir.Bool
			case "splitlines":
				out.T = &ir.List{Elem: ir.Str}
			default:
				out.T = ir.Str
			}
			return out
		case "strip", "lstrip", "rstrip":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			out.T = ir.Str
			if a := b.args[0]; a != nil && !isNone(a) {
				x := typed(a, ir.Str, "chars")
				if x == nil {
					return nil
				}
				add(a, x)
			}
			return out
		case "split", "rsplit":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			out.T = &ir.List{Elem: ir.Str}
			sep, maxsplit := b.args[0], b.args[1]
			if sep != nil && !isNone(sep) {
				x := typed(sep, ir.Str, "sep")
				if x == nil {
					return nil
				}
				add(sep, x)
			} else if maxsplit != nil {
				add(sep, &ir.Const{Pos: l.Pos(c), T: ir.None, Value: nil})
			}
			if maxsplit != nil {
				x := typed(maxsplit, ir.Int, "maxsplit")
				if x == nil {
					return nil
				}
				add(maxsplit, x)
			}
			return fl.finish(c, b, label, out, nodes)
		case "join":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := fl.consume(b.args[0], &ir.List{Elem: ir.Str}, use{what: "str.join()", gen: genEager})
			if x == nil {
				return nil
			}
			elem := fl.elemOf(x, b.args[0], "str.join()", false)
			if elem == nil {
				return nil
			}
			if !ir.IsBasic(elem, ir.KindStr) {
				l.Errorf(b.args[0], ir.Unsupported, "str.join() of %s elements is not supported (they must be str)", elem)
				return nil
			}
			add(b.args[0], x)
			out.T = ir.Str
			return out
		case "replace":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			for i, p := range []string{"old", "new", "count"} {
				a := b.args[i]
				if a == nil {
					continue
				}
				t := ir.Str
				if p == "count" {
					t = ir.Int
				}
				x := typed(a, t, p)
				if x == nil {
					return nil
				}
				add(a, x)
			}
			out.T = ir.Str
			return out
		case "startswith", "endswith":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			return fl.affix(c, out, b.args[0], label)
		case "find", "count", "index", "rfind", "rindex":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := typed(b.args[0], ir.Str, "argument")
			if x == nil {
				return nil
			}
			add(b.args[0], x)
			out.T = ir.Int
			return out
		case "partition", "rpartition":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := typed(b.args[0], ir.Str, "sep")
			if x == nil {
				return nil
			}
			add(b.args[0], x)
			out.T = &ir.Tuple{Elems: []ir.Type{ir.Str, ir.Str, ir.Str}}
			return out
		case "center", "ljust", "rjust":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			for i, p := range []string{"width", "fillchar"} {
				a := b.args[i]
				if a == nil {
					continue
				}
				t := ir.Int
				if p == "fillchar" {
					t = ir.Str
				}
				x := typed(a, t, p)
				if x == nil {
					return nil
				}
				add(a, x)
			}
			out.T = ir.Str
			return out
		case "zfill":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := typed(b.args[0], ir.Int, "width")
			if x == nil {
				return nil
			}
			add(b.args[0], x)
			out.T = ir.Str
			return out
		}
	case "list":
		elem := t.(*ir.List).Elem
		switch name {
		case "append", "remove", "index", "count":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := typed(b.args[0], elem, "argument")
			if x == nil {
				return nil
			}
			add(b.args[0], x)
			out.T = map[string]ir.Type{"append": ir.None, "remove": ir.None, "index": ir.Int, "count": ir.Int}[name]
			return out
		case "extend":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := fl.extendArg(b.args[0], t, label)
			if x == nil {
				return nil
			}
			add(b.args[0], x)
			out.T = ir.None
			return out
		case "pop":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			if a := b.args[0]; a != nil {
				x := typed(a, ir.Int, "index")
				if x == nil {
					return nil
				}
				add(a, x)
			}
			out.T = elem
			return out
		case "insert":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			i := typed(b.args[0], ir.Int, "index")
			if i == nil {
				return nil
			}
			x := typed(b.args[1], elem, "object")
			if x == nil {
				return nil
			}
			add(b.args[0], i)
			add(b.args[1], x)
			out.T = ir.None
			return out
		case "reverse", "copy", "clear":
			if fl.bind(c, label, sigOf(label)) == nil {
				return nil
			}
			out.T = ir.None
			if name == "copy" {
				out.T = t
			}
			return out
		case "sort":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			out.T = ir.None
			if !fl.sortOptions(c, b, out, elem, "list.sort()", false) {
				return nil
			}
			return fl.finish(c, b, label, out, []ast.Expr{nil, b.kws["reverse"]})
		}
	case "dict":
		dt := t.(*ir.Dict)
		switch name {
		case "keys", "values", "items":
			if !fl.helperUse(c, label, true) || fl.bind(c, label, sigOf(label)) == nil {
				return nil
			}
			switch name {
			case "keys":
				out.T = &ir.List{Elem: dt.Key}
			case "values":
				out.T = &ir.List{Elem: dt.Value}
			default:
				out.T = &ir.List{Elem: &ir.Tuple{Elems: []ir.Type{dt.Key, dt.Value}}}
			}
			return out
		case "get", "pop", "setdefault":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			k := l.Expr(b.args[0], dt.Key)
			if k == nil {
				return nil
			}
			if !ir.Identical(k.Type(), dt.Key) {
				l.Errorf(b.args[0], ir.TypeMismatch, "key of %s() must be %s, got %s", label, dt.Key, k.Type())
				return nil
			}
			add(b.args[0], k)
			out.T = dt.Value
			if name == "get" {
				out.T = types.MakeOptional(dt.Value)
			}
			if d := b.args[1]; d != nil {
				x := l.Expr(d, dt.Value)
				if x == nil {
					return nil
				}
				switch {
				case types.Assignable(x.Type(), dt.Value):
					out.T = dt.Value
				case ir.IsBasic(x.Type(), ir.KindNone) && name != "setdefault":
					out.T = types.MakeOptional(dt.Value)
				default:
					l.Errorf(d, ir.TypeMismatch, "default of %s() must be %s, got %s%s", label, dt.Value, x.Type(), types.PromotionHint(x.Type(), dt.Value))
					return nil
				}
				add(d, x)
			}
			return out
		case "update":
			b := fl.bind(c, label, sigOf(label))
			if b == nil {
				return nil
			}
			x := l.Expr(b.args[0], t)
			if x == nil {
				return nil
			}
			if !ir.Identical(x.Type(), t) {
				l.Errorf(b.args[0], ir.TypeMismatch, "argument of dict.update() must be %s, got %s", t, x.Type())
				return nil
			}
			add(b.args[0], x)
			out.T = ir.None
			return out
		case "copy":
			if fl.bind(c, label, sigOf(label)) == nil {
				return nil
			}
			out.T = t
			return out
		}
	case "set":
		b := fl.bind(c, label, sigOf(label))
		if b == nil {
			return nil
		}
		elem := t.(*ir.Set).Elem
		x := l.Expr(b.args[0], elem)
		if x == nil {
			return nil
		}
		if !ir.Identical(x.Type(), elem) {
			l.Errorf(b.args[0], ir.TypeMismatch, "argument of %s() must be %s, got %s%s", label, elem, x.Type(), types.PromotionHint(x.Type(), elem))
			return nil
		}
		add(b.args[0], x)
		out.T = ir.None
		return out
	}
	l.Errorf(c, ir.Unsupported, "method .%s() of %s is not supported", name, t)
	return nil
}

// extendArg lowers the iterable xs.extend() (or xs += ...) takes for the
// list type lt.
func (fl *fnLowerer) extendArg(n ast.Expr, lt ir.Type, what string) ir.Expr {
	elem := lt.(*ir.List).Elem
	x := fl.consume(n, lt, use{what: what})
	if x == nil {
		return nil
	}
	xe := fl.elemOf(x, n, what, false)
	if xe == nil {
		return nil
	}
	if !ir.Identical(xe, elem) {
		fl.errorf(n, ir.Unsupported, "%s of %s elements into %s is not supported", what, xe, types.A(lt))
		return nil
	}
	return x
}

// affix lowers s.startswith(p) / s.endswith(p) where p is a str or a
// tuple of strs; a tuple becomes a chain of `or` (the receiver and the
// tuple must then be re-readable without effect).
func (fl *fnLowerer) affix(c *ast.Call, out *ir.Builtin, n ast.Expr, label string) ir.Expr {
	l := fl.l
	x := l.Expr(n, ir.Str)
	if x == nil {
		return nil
	}
	out.T = ir.Bool
	if ir.IsBasic(x.Type(), ir.KindStr) {
		out.Args = append(out.Args, x)
		return out
	}
	tt, ok := x.Type().(*ir.Tuple)
	if ok {
		for _, e := range tt.Elems {
			ok = ok && ir.IsBasic(e, ir.KindStr)
		}
	}
	if !ok {
		l.Errorf(n, ir.TypeMismatch, "argument of %s() must be str or a tuple of str, got %s", label, x.Type())
		return nil
	}
	recv := out.Args[0]
	if !rereadable(recv) || lower.MayAct(x) {
		l.Errorf(n, ir.Unsupported, "%s() with a tuple is only supported on a local variable or a constant, with a tuple that cannot call or raise (assign them first)", label)
		return nil
	}
	var elems []ir.Expr
	switch tx := x.(type) {
	case *ir.TupleLit:
		elems = tx.Elems
	default:
		if !rereadable(x) {
			l.Errorf(n, ir.Unsupported, "%s() with a tuple is only supported on a local variable or a constant, with a tuple that cannot call or raise (assign them first)", label)
			return nil
		}
		for i := range tt.Elems {
			p := x.Position()
			elems = append(elems, &ir.Index{Pos: p, X: reread(x), Index: &ir.Const{Pos: p, T: ir.Int, Value: int64(i)}, T: ir.Str})
		}
	}
	if len(elems) == 0 {
		return &ir.Const{Pos: out.Pos, T: ir.Bool, Value: false}
	}
	var acc ir.Expr
	for _, e := range elems {
		one := &ir.Builtin{Pos: out.Pos, Name: out.Name, Args: []ir.Expr{reread(recv), e}, T: ir.Bool}
		if acc == nil {
			acc = one
		} else {
			acc = &ir.BoolOp{Pos: out.Pos, Op: ir.Or, X: acc, Y: one, T: ir.Bool}
		}
	}
	return acc
}

// rereadable reports whether e may be evaluated several times with the
// same value and no effect: a constant, a local, a row field of one.
func rereadable(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const, *ir.LocalRef:
		return true
	case *ir.Attr:
		return rereadable(e.X)
	case *ir.Unwrap:
		return rereadable(e.X)
	}
	return false
}

// reread copies a rereadable expression, so that no IR node has two
// parents.
func reread(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.Const:
		c := *e
		return &c
	case *ir.LocalRef:
		c := *e
		return &c
	case *ir.Attr:
		c := *e
		c.X = reread(e.X)
		return &c
	case *ir.Unwrap:
		c := *e
		c.X = reread(e.X)
		return &c
	case *ir.Index:
		c := *e
		c.X = reread(e.X)
		c.Index = reread(e.Index)
		return &c
	}
	panic(fmt.Sprintf("reread: %T is not rereadable", e))
}
