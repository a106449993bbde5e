package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/ir"
)

// Builtin calls: Args are positional in Python order (a method's receiver
// first), Keywords the keyword arguments the builtin takes, Key the key=
// lambda. arg finds an argument given either way.
func arg(b *ir.Builtin, pos int, name string) ir.Expr {
	if pos >= 0 && pos < len(b.Args) {
		return b.Args[pos]
	}
	for _, kw := range b.Keywords {
		if kw.Name == name {
			return kw.Value
		}
	}
	return nil
}

func isNoneConst(e ir.Expr) bool {
	c, ok := e.(*ir.Const)
	return ok && c.Value == nil
}

// boolArg is a bool keyword (reverse=, keepends=) defaulting to false.
func (fg *fnGen) boolArg(e ir.Expr) jen.Code {
	if e == nil {
		return jen.False()
	}
	return fg.truth(e).c
}

// builtinStmt generates builtins used as statements (list.append(x),
// print(...)) without a value wrapper; nil for the others.
func (fg *fnGen) builtinStmt(b *ir.Builtin) *jen.Statement {
	switch b.Name {
	case "print", "list.append", "list.extend", "list.insert", "list.reverse", "list.sort", "list.remove",
		"list.clear", "dict.update", "set.add", "set.discard", "set.remove":
		return fg.builtinCall(b)
	}
	return nil
}

func (fg *fnGen) builtin(b *ir.Builtin) gx {
	switch b.Name {
	case "print", "list.append", "list.extend", "list.insert", "list.reverse", "list.sort", "list.remove",
		"list.clear", "dict.update", "set.add", "set.discard", "set.remove":
		return fg.noneValue(fg.builtinCall(b))
	}
	c := fg.builtinCall(b)
	if c == nil {
		return fg.fail(b.Pos, ir.GenLimit, "builtin %s with these arguments is not supported by the generator", b.Name)
	}
	return primary(c)
}

// builtinCall is the Go code of a builtin call (nil when unsupported).
func (fg *fnGen) builtinCall(b *ir.Builtin) *jen.Statement {
	g := fg.g
	pos := b.Pos
	x := func(i int) *jen.Statement { return fg.expr(b.Args[i]).c }
	recv := func() *jen.Statement { return fg.primary(b.Args[0]) }
	n := len(b.Args)
	q := func(name string) *jen.Statement { return jen.Qual(rt, name) }
	switch b.Name {
	case "len":
		if r, ok := b.Args[0].(*ir.Range); ok {
			// Computed, as CPython does: the list of a range may not fit.
			return q("RangeLen").Call(fg.asInt(r.Start).c, fg.asInt(r.Stop).c, fg.asInt(r.Step).c)
		}
		switch t := b.Args[0].Type().(type) {
		case *ir.List, *ir.Dict, *ir.Set:
			return recv().Dot("Len").Call()
		case *ir.Tuple:
			if isSimple(b.Args[0]) {
				return jen.Int64().Call(jen.Lit(len(t.Elems)))
			}
			return q("TupleLen").Call(x(0))
		case *ir.Basic:
			if t.Kind == ir.KindStr {
				return q("Len").Call(x(0))
			}
		}
	case "str":
		if n == 0 {
			return jen.Lit("")
		}
		return fg.strOf(b.Args[0]).c
	case "repr":
		return fg.reprOf(b.Args[0]).c
	case "int":
		if n == 0 {
			return jen.Int64().Call(jen.Lit(0))
		}
		t := b.Args[0].Type()
		switch {
		case isKind(t, ir.KindStr):
			if base := arg(b, 1, "base"); base != nil {
				return q("ParseIntBase").Call(x(0), fg.asInt(base).c)
			}
			return q("ParseInt").Call(x(0))
		case isKind(t, ir.KindFloat):
			return q("FloatToInt").Call(x(0))
		case isKind(t, ir.KindBool):
			return q("BoolInt").Call(x(0))
		case isKind(t, ir.KindInt):
			return typed(fg.expr(b.Args[0])).c
		}
	case "float":
		if n == 0 {
			return jen.Float64().Call(jen.Lit(0))
		}
		t := b.Args[0].Type()
		switch {
		case isKind(t, ir.KindStr):
			return q("ParseFloat").Call(x(0))
		case isKind(t, ir.KindFloat):
			return x(0)
		case isKind(t, ir.KindInt), isKind(t, ir.KindBool):
			return fg.asFloat(b.Args[0]).c
		}
	case "bool":
		if n == 0 {
			return jen.False()
		}
		return jen.Parens(fg.truth(b.Args[0]).c)
	case "abs":
		t := b.Args[0].Type()
		if isKind(t, ir.KindFloat) {
			return q("AbsFloat").Call(x(0))
		}
		return q("Abs").Call(fg.asInt(b.Args[0]).c)
	case "ord":
		return q("Ord").Call(x(0))
	case "chr":
		return q("Chr").Call(fg.asInt(b.Args[0]).c)
	case "round":
		nd := arg(b, 1, "ndigits")
		if nd != nil && isNoneConst(nd) {
			nd = nil
		}
		t := b.Args[0].Type()
		switch {
		case isKind(t, ir.KindFloat) && nd == nil:
			return q("RoundFloat").Call(x(0))
		case isKind(t, ir.KindFloat):
			return q("RoundFloatN").Call(x(0), fg.asInt(nd).c)
		case nd == nil:
			return typed(fg.asInt(b.Args[0])).c
		default:
			return q("RoundInt").Call(fg.asInt(b.Args[0]).c, fg.asInt(nd).c)
		}
	case "min", "max":
		return fg.minMax(b)
	case "sum":
		elem := elemOf(b.Args[0].Type())
		if r, ok := b.Args[0].(*ir.Range); ok {
			_ = r
			elem = ir.Int
		}
		start := arg(b, 1, "start")
		seq := fg.iterSeq(b.Args[0])
		switch {
		case isKind(elem, ir.KindFloat):
			st := jen.Lit(0.0)
			if start != nil {
				st = fg.asFloat(start).c
			}
			return q("SumFloat").Call(seq, st)
		case isKind(elem, ir.KindBool):
			st := jen.Lit(0)
			if start != nil {
				st = fg.asInt(start).c
			}
			return q("SumBool").Call(seq, st)
		case isKind(elem, ir.KindInt):
			st := jen.Lit(0)
			if start != nil {
				st = fg.asInt(start).c
			}
			if isKind(b.T, ir.KindFloat) && start != nil {
				return q("SumFloat").Call(jen.Qual(rt, "FloatsOf").Call(seq), fg.asFloat(start).c)
			}
			return q("SumInt").Call(seq, st)
		}
	case "any", "all":
		fn := "Any"
		if b.Name == "all" {
			fn = "All"
		}
		return q(fn).Call(fg.iterSeq(b.Args[0]), fg.truthFunc(pos, elemOf(b.Args[0].Type())))
	case "enumerate":
		start := jen.Code(jen.Lit(0))
		if s := arg(b, 1, "start"); s != nil {
			start = fg.asInt(s).c
		}
		return q("Enumerate").Call(fg.iterSeq(b.Args[0]), start)
	case "zip":
		switch n {
		case 2:
			return q("Zip2").Call(fg.iterSeq(b.Args[0]), fg.iterSeq(b.Args[1]))
		case 3:
			return q("Zip3").Call(fg.iterSeq(b.Args[0]), fg.iterSeq(b.Args[1]), fg.iterSeq(b.Args[2]))
		}
	case "sorted":
		rev := fg.boolArg(arg(b, -1, "reverse"))
		seq := fg.iterSeq(b.Args[0])
		if b.Key != nil {
			return q("SortedBy").Call(seq, fg.lambda(b.Key, elemOf(b.Args[0].Type())), rev)
		}
		return q("Sorted").Call(seq, rev)
	case "reversed":
		if _, ok := b.Args[0].(*ir.Range); ok {
			return q("Collect").Call(fg.iterSeq(b))
		}
		return q("Reversed").Call(fg.iterSeq(b.Args[0]))
	case "list":
		lt, ok := b.T.(*ir.List)
		if !ok {
			return nil
		}
		if n == 0 {
			return q("NewList").Types(g.goType(pos, lt.Elem)).Call()
		}
		if _, isList := b.Args[0].Type().(*ir.List); isList {
			if isFreshList(b.Args[0]) {
				return x(0) // list(sorted(...)): already a new list
			}
			if _, isRange := b.Args[0].(*ir.Range); !isRange {
				return recv().Dot("Copy").Call()
			}
		}
		return q("Collect").Call(fg.iterSeq(b.Args[0]))
	case "tuple":
		if n == 0 {
			return q("Tuple0").Values()
		}
		if ir.Identical(b.Args[0].Type(), b.T) {
			return x(0)
		}
	case "dict":
		dt, ok := b.T.(*ir.Dict)
		if !ok {
			return nil
		}
		if n == 0 {
			return q("NewDict").Types(g.goType(pos, dt.Key), g.goType(pos, dt.Value)).Call()
		}
		if _, isDict := b.Args[0].Type().(*ir.Dict); isDict {
			return recv().Dot("Copy").Call()
		}
		return q("DictFromPairs").Call(fg.iterSeq(b.Args[0]))
	case "set":
		st, ok := b.T.(*ir.Set)
		if !ok {
			return nil
		}
		if n == 0 {
			return q("NewSet").Types(g.goType(pos, st.Elem)).Call()
		}
		if _, isSet := b.Args[0].Type().(*ir.Set); isSet {
			return recv().Dot("Copy").Call()
		}
		return q("SetOf").Call(fg.iterSeq(b.Args[0]))
	case "print":
		var sep, end jen.Code
		var args []jen.Code
		for _, e := range b.Args {
			// str() happens inside Print, after every argument is evaluated
			args = append(args, typed(fg.expr(e)).c)
		}
		for _, kw := range b.Keywords {
			if isNoneConst(kw.Value) {
				continue
			}
			var v jen.Code = fg.expr(kw.Value).c
			if isOptional(kw.Value.Type()) {
				def := " "
				if kw.Name == "end" {
					def = "\n"
				}
				v = fg.primary(kw.Value).Dot("OrElse").Call(jen.Lit(def))
			}
			switch kw.Name {
			case "sep":
				sep = v
			case "end":
				end = v
			default:
				fg.g.fail(pos, ir.GenLimit, "print(%s=...) is not supported", kw.Name)
			}
		}
		if sep == nil && end == nil {
			return jen.Id(runParam).Dot("Println").Call(args...)
		}
		if sep == nil {
			sep = jen.Lit(" ")
		}
		if end == nil {
			end = jen.Lit("\n")
		}
		return jen.Id(runParam).Dot("Print").Call(append([]jen.Code{sep, end}, args...)...)

	// str methods
	case "str.upper", "str.lower", "str.title", "str.capitalize", "str.isdigit", "str.isalpha", "str.isspace":
		fn := map[string]string{"str.upper": "Upper", "str.lower": "Lower", "str.title": "Title", "str.capitalize": "Capitalize",
			"str.isdigit": "IsDigit", "str.isalpha": "IsAlpha", "str.isspace": "IsSpace"}[b.Name]
		return q(fn).Call(x(0))
	case "str.strip", "str.lstrip", "str.rstrip":
		base := map[string]string{"str.strip": "Strip", "str.lstrip": "LStrip", "str.rstrip": "RStrip"}[b.Name]
		chars := arg(b, 1, "chars")
		if chars == nil || isNoneConst(chars) {
			return q(base).Call(x(0))
		}
		if isOptional(chars.Type()) {
			return nil
		}
		return q(base+"Chars").Call(x(0), fg.expr(chars).c)
	case "str.split":
		sep := arg(b, 1, "sep")
		maxsplit := jen.Code(jen.Lit(-1))
		if m := arg(b, 2, "maxsplit"); m != nil {
			maxsplit = fg.asInt(m).c
		}
		if sep == nil || isNoneConst(sep) {
			return q("Split").Call(x(0), maxsplit)
		}
		return q("SplitSep").Call(x(0), fg.expr(sep).c, maxsplit)
	case "str.join":
		if _, isList := b.Args[1].Type().(*ir.List); isList {
			return q("JoinList").Call(x(0), fg.expr(b.Args[1]).c)
		}
		return q("Join").Call(x(0), fg.iterSeq(b.Args[1]))
	case "str.replace":
		count := jen.Code(jen.Lit(-1))
		if c := arg(b, 3, "count"); c != nil {
			count = fg.asInt(c).c
		}
		return q("Replace").Call(x(0), x(1), x(2), count)
	case "str.startswith", "str.endswith":
		// one str argument, no start or end (ir.BuiltinTable): Go's
		// byte prefix test is CPython's on code points
		return jen.Qual("strings", map[string]string{"str.startswith": "HasPrefix", "str.endswith": "HasSuffix"}[b.Name]).Call(x(0), x(1))
	case "str.find", "str.count":
		return q(map[string]string{"str.find": "Find", "str.count": "Count"}[b.Name]).Call(x(0), x(1))
	case "str.zfill":
		return q("ZFill").Call(x(0), fg.asInt(b.Args[1]).c)
	case "str.swapcase", "str.islower", "str.isupper", "str.istitle":
		fn := map[string]string{"str.swapcase": "SwapCase", "str.islower": "IsLower", "str.isupper": "IsUpper", "str.istitle": "IsTitle"}[b.Name]
		return q(fn).Call(x(0))
	case "str.index", "str.rfind", "str.rindex", "str.partition", "str.rpartition":
		if n != 2 {
			return nil
		}
		fn := map[string]string{"str.index": "Index", "str.rfind": "RFind", "str.rindex": "RIndex", "str.partition": "Partition", "str.rpartition": "RPartition"}[b.Name]
		return q(fn).Call(x(0), x(1))
	case "str.center", "str.ljust", "str.rjust":
		fn := map[string]string{"str.center": "Center", "str.ljust": "LJust", "str.rjust": "RJust"}[b.Name]
		fill := jen.Code(jen.Lit(" "))
		if f := arg(b, 2, "fillchar"); f != nil {
			fill = fg.expr(f).c
		}
		return q(fn).Call(x(0), fg.asInt(b.Args[1]).c, fill)
	case "str.rsplit":
		sep := arg(b, 1, "sep")
		maxsplit := jen.Code(jen.Lit(-1))
		if m := arg(b, 2, "maxsplit"); m != nil {
			maxsplit = fg.asInt(m).c
		}
		if sep == nil || isNoneConst(sep) {
			return q("RSplit").Call(x(0), maxsplit)
		}
		return q("RSplitSep").Call(x(0), fg.expr(sep).c, maxsplit)
	case "str.splitlines":
		return q("SplitLines").Call(x(0))

	// list methods
	case "list.append":
		return recv().Dot("Append").Call(fg.convert(b.Args[1], b.Args[0].Type().(*ir.List).Elem).c)
	case "list.extend":
		return recv().Dot("Extend").Call(fg.iterSeq(b.Args[1]))
	case "list.pop":
		if i := arg(b, 1, "index"); i != nil {
			return recv().Dot("PopAt").Call(fg.asInt(i).c)
		}
		return recv().Dot("Pop").Call()
	case "list.insert":
		return recv().Dot("Insert").Call(fg.asInt(b.Args[1]).c, fg.convert(b.Args[2], b.Args[0].Type().(*ir.List).Elem).c)
	case "list.index", "list.count", "list.remove":
		if n != 2 {
			return nil
		}
		m := map[string]string{"list.index": "Index", "list.count": "Count", "list.remove": "Remove"}[b.Name]
		return recv().Dot(m).Call(x(1))
	case "list.reverse":
		return recv().Dot("Reverse").Call()
	case "list.copy":
		return recv().Dot("Copy").Call()
	case "list.clear":
		return recv().Dot("Clear").Call()
	case "list.sort":
		rev := fg.boolArg(arg(b, -1, "reverse"))
		if b.Key != nil {
			return q("SortBy").Call(x(0), fg.lambda(b.Key, b.Args[0].Type().(*ir.List).Elem), rev)
		}
		return recv().Dot("Sort").Call(rev)

	// dict methods
	case "dict.get":
		dt := b.Args[0].Type().(*ir.Dict)
		def := arg(b, 2, "default")
		if def == nil || (isNoneConst(def) && isOptional(b.T)) {
			if isOptional(dt.Value) && isOptional(b.T) && ir.Identical(b.T, dt.Value) {
				return recv().Dot("GetOr").Call(x(1), jen.Qual(rt, "Optional").Types(g.goType(pos, dt.Value.(*ir.Optional).Elem)).Values())
			}
			return recv().Dot("Lookup").Call(x(1))
		}
		if isOptional(b.T) && !isOptional(dt.Value) {
			// d.get(k, v) typed V | None: the value wrapped, or the default
			v := fg.temp("v")
			return jen.Func().Params().Add(g.goType(pos, b.T)).Block(
				jen.If(jen.Id(v).Op(":=").Add(recv()).Dot("Lookup").Call(x(1)), jen.Op("!").Id(v).Dot("IsNone").Call()).Block(jen.Return(jen.Id(v))),
				jen.Return(fg.convert(def, b.T).c),
			).Call()
		}
		return recv().Dot("GetOr").Call(x(1), fg.convert(def, dt.Value).c)
	case "dict.keys":
		return recv().Dot("KeyList").Call()
	case "dict.values":
		return recv().Dot("ValueList").Call()
	case "dict.items":
		return recv().Dot("ItemList").Call()
	case "dict.pop":
		dt := b.Args[0].Type().(*ir.Dict)
		if def := arg(b, 2, "default"); def != nil {
			return recv().Dot("PopOr").Call(x(1), fg.convert(def, dt.Value).c)
		}
		return recv().Dot("Pop").Call(x(1))
	case "dict.update":
		if _, ok := b.Args[1].Type().(*ir.Dict); ok {
			return recv().Dot("Update").Call(x(1))
		}
		return recv().Dot("UpdatePairs").Call(fg.iterSeq(b.Args[1]))
	case "dict.setdefault":
		dt := b.Args[0].Type().(*ir.Dict)
		if n < 3 {
			return nil
		}
		return recv().Dot("SetDefault").Call(x(1), fg.convert(b.Args[2], dt.Value).c)
	case "dict.copy":
		return recv().Dot("Copy").Call()

	// set methods
	case "set.add":
		return recv().Dot("Add").Call(x(1))
	case "set.discard":
		return recv().Dot("Discard").Call(x(1))
	case "set.remove":
		return recv().Dot("Remove").Call(x(1))
	}
	return nil
}

func (fg *fnGen) minMax(b *ir.Builtin) *jen.Statement {
	g := fg.g
	pos := b.Pos
	name := "Min"
	if b.Name == "max" {
		name = "Max"
	}
	q := func(s string) *jen.Statement { return jen.Qual(rt, s) }
	var def ir.Expr
	for _, kw := range b.Keywords {
		if kw.Name == "default" {
			def = kw.Value
		}
	}
	if len(b.Args) == 1 { // min(iterable)
		elem := elemOf(b.Args[0].Type())
		if _, ok := b.Args[0].(*ir.Range); ok {
			elem = ir.Int
		}
		seq := fg.iterSeq(b.Args[0])
		switch {
		case b.Key != nil:
			return q(name+"By").Call(seq, fg.lambda(b.Key, elem))
		case def != nil:
			return q(name+"OfDefault").Call(seq, fg.convert(def, elem).c)
		}
		return q(name + "Of").Call(seq)
	}
	t := g.goType(pos, b.T)
	args := make([]jen.Code, len(b.Args))
	for i, x := range b.Args {
		args[i] = fg.convert(x, b.T).c
	}
	if b.Key != nil {
		return q(name + "ArgsBy").Call(append([]jen.Code{fg.lambda(b.Key, b.T)}, args...)...)
	}
	return q(name).Types(t).Call(args...)
}

// isFreshList reports whether e builds a new list nobody else holds, so
// list(e) need not copy it.
func isFreshList(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.ListLit, *ir.Comprehension, *ir.Slice:
		return true
	case *ir.BinOp:
		return e.Op == ir.Add || e.Op == ir.Repeat
	case *ir.Builtin:
		switch e.Name {
		case "sorted", "reversed", "zip", "enumerate", "list", "dict.keys", "dict.values", "dict.items",
			"str.split", "str.rsplit", "str.splitlines", "list.copy":
			return true
		}
	}
	return false
}
