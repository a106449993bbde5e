package gen

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/ir"
)

// gx is generated Go expression code with the precedence of its outermost
// operator (so operands get parentheses only when Go needs them) and
// whether it is an untyped integer constant (which needs int64(...) where
// Go cannot infer the type).
type gx struct {
	c          *jen.Statement
	prec       int
	untypedInt bool
	isConst    bool // a Go constant expression (Go folds those exactly)
}

const (
	precOr      = 1
	precAnd     = 2
	precCmp     = 3
	precAdd     = 4
	precMul     = 5
	precUnary   = 6
	precPrimary = 7
)

func primary(c *jen.Statement) gx { return gx{c: c, prec: precPrimary} }

// typed makes an untyped integer constant an int64.
func typed(x gx) gx {
	if x.untypedInt {
		return primary(jen.Int64().Call(x.c))
	}
	return x
}

func paren(x gx, min int) *jen.Statement {
	if x.prec < min {
		return jen.Parens(x.c)
	}
	return x.c
}

// binop joins x op y at precedence p (left-associative).
func binop(x gx, op string, p int, y gx) gx {
	return gx{c: jen.Add(paren(x, p)).Op(op).Add(paren(y, p+1)), prec: p, isConst: x.isConst && y.isConst}
}

// runtimeFloats keeps Go from folding a float operation on two constants
// exactly: Python rounds each operation (0.1 + 0.2 is 0.30000000000000004).
func runtimeFloats(x, y gx) (gx, gx) {
	if x.isConst && y.isConst {
		x = primary(jen.Qual(rt, "Float").Call(x.c))
	}
	return x, y
}

func not(x gx) gx {
	return gx{c: jen.Op("!").Add(paren(x, precUnary)), prec: precUnary}
}

func (fg *fnGen) call(e *ir.Call) *jen.Statement {
	args := fg.g.runArg(e.Func)
	for i, a := range e.Args {
		args = append(args, fg.convert(a, e.Func.Params[i].Type).c)
	}
	return jen.Id(fg.g.funcNames[e.Func]).Call(args...)
}

func (fg *fnGen) effectCall(e *ir.EffectCall) *jen.Statement {
	args := []jen.Code{jen.Id(runParam)}
	for i, a := range e.Args {
		args = append(args, fg.convert(a, e.Effect.Params[i].Type).c)
	}
	return jen.Id(fg.g.effectNames[e.Effect]).Call(args...)
}

// noneValue wraps a call of something returning None where a value is
// needed.
func (fg *fnGen) noneValue(call *jen.Statement) gx {
	return primary(jen.Func().Params().Qual(rt, "NoneType").Block(call, jen.Return(jen.Qual(rt, "None"))).Call())
}

// primary is e as an operand of a selector or call.
func (fg *fnGen) primary(e ir.Expr) *jen.Statement { return paren(fg.expr(e), precPrimary) }

// convert is e where a value of type want is expected: a T or None into
// T | None.
func (fg *fnGen) convert(e ir.Expr, want ir.Type) gx {
	got := e.Type()
	if ir.Identical(want, ir.Object) && !ir.Identical(got, want) {
		// An untyped Go constant would be an int in an any, where
		// the plan's int is int64.
		x := fg.expr(e)
		if x.untypedInt {
			return primary(jen.Int64().Call(x.c))
		}
		return x
	}
	if o, ok := want.(*ir.Optional); ok && !ir.Identical(got, want) {
		t := fg.g.goType(e.Position(), o.Elem)
		if ir.IsBasic(got, ir.KindNone) {
			if isSimple(e) {
				return primary(jen.Qual(rt, "Optional").Types(t).Values())
			}
			return primary(jen.Func().Params().Qual(rt, "Optional").Types(t).Block(
				fg.exprStmt(e), jen.Return(jen.Qual(rt, "Optional").Types(t).Values())).Call())
		}
		return primary(jen.Qual(rt, "Some").Types(t).Call(fg.expr(e).c))
	}
	return fg.expr(e)
}

func (fg *fnGen) expr(e ir.Expr) gx {
	g := fg.g
	switch e := e.(type) {
	case *ir.Const:
		return constExpr(e.Value)
	case *ir.LocalRef:
		return primary(jen.Id(fg.name(e.Local)))
	case *ir.BinOp:
		return fg.binOp(e)
	case *ir.UnOp:
		if e.Op == ir.Not {
			return fg.falsy(e.X)
		}
		if c, ok := e.X.(*ir.Const); ok {
			switch v := c.Value.(type) {
			case int64:
				if v != math.MinInt64 {
					return gx{c: jen.Lit(int(-v)), prec: precUnary, untypedInt: true, isConst: true}
				}
			case float64:
				return constExpr(-v)
			}
		}
		x := fg.expr(e.X)
		switch {
		case ir.IsBasic(e.X.Type(), ir.KindFloat):
			return gx{c: jen.Op("-").Add(paren(x, precUnary)), prec: precUnary}
		case ir.IsBasic(e.X.Type(), ir.KindBool):
			return primary(jen.Qual(rt, "Neg").Call(jen.Qual(rt, "BoolInt").Call(x.c)))
		}
		return primary(jen.Qual(rt, "Neg").Call(x.c))
	case *ir.BoolOp:
		return fg.boolOp(e)
	case *ir.Compare:
		return fg.compare(e)
	case *ir.Call:
		if ir.IsBasic(e.Func.Result, ir.KindNone) {
			return fg.noneValue(fg.call(e))
		}
		return primary(fg.call(e))
	case *ir.EffectCall:
		if ir.IsBasic(e.Effect.Result, ir.KindNone) {
			return fg.noneValue(fg.effectCall(e))
		}
		return primary(fg.effectCall(e))
	case *ir.Builtin:
		return fg.builtin(e)
	case *ir.ListLit:
		elems := make([]jen.Code, len(e.Elems))
		for i, x := range e.Elems {
			elems[i] = fg.convert(x, e.T.Elem).c
		}
		return primary(jen.Qual(rt, "NewList").Types(g.goType(e.Pos, e.T.Elem)).Call(elems...))
	case *ir.TupleLit:
		return fg.tupleLit(e.Pos, e.T, e.Elems)
	case *ir.DictLit:
		c := jen.Qual(rt, "NewDict").Types(g.goType(e.Pos, e.T.Key), g.goType(e.Pos, e.T.Value)).Call()
		for i := range e.Keys {
			c = c.Dot("Put").Call(fg.convert(e.Keys[i], e.T.Key).c, fg.convert(e.Values[i], e.T.Value).c)
		}
		return primary(c)
	case *ir.SetLit:
		elems := make([]jen.Code, len(e.Elems))
		allConst := len(e.Elems) > 2
		for i, x := range e.Elems {
			elems[i] = fg.convert(x, e.T.Elem).c
			if !isConstExpr(x) {
				allConst = false
			}
		}
		fn := "NewSet"
		if allConst {
			fn = "SetLiteral" // CPython folds it into a frozenset constant
		}
		return primary(jen.Qual(rt, fn).Types(g.goType(e.Pos, e.T.Elem)).Call(elems...))
	case *ir.Range:
		return primary(jen.Qual(rt, "Collect").Call(fg.rangeSeq(e)))
	case *ir.FString:
		return fg.fstring(e)
	case *ir.Index:
		return fg.index(e)
	case *ir.Slice:
		return fg.slice(e)
	case *ir.Attr:
		return primary(fg.primary(e.X).Dot(RowFieldName(e.Field)))
	case *ir.Unwrap:
		return primary(fg.primary(e.X).Dot("Unwrap").Call())
	case *ir.CondExpr:
		t := g.goType(e.Pos, e.T)
		return primary(jen.Func().Params().Add(t).Block(
			jen.If(fg.truth(e.Cond).c).Block(jen.Return(fg.convert(e.Then, e.T).c)),
			jen.Return(fg.convert(e.Else, e.T).c),
		).Call())
	case *ir.Comprehension:
		return fg.comprehension(e)
	case *ir.FactField:
		return fg.fail(e.Pos, ir.Internal, "a contract fact outside a contract")
	}
	return fg.fail(e.Position(), ir.GenLimit, "expression %T is not supported by the generator", e)
}

// isConstExpr reports whether CPython's compiler sees e as a constant
// (a literal, or a negated numeric literal, which the AST optimiser folds).
func isConstExpr(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return true
	case *ir.UnOp:
		_, ok := e.X.(*ir.Const)
		return ok && e.Op == ir.Neg
	case *ir.TupleLit:
		for _, x := range e.Elems {
			if !isConstExpr(x) {
				return false
			}
		}
		return true
	}
	return false
}

func constExpr(v any) gx {
	switch v := v.(type) {
	case nil:
		return primary(jen.Qual(rt, "None"))
	case bool:
		if v {
			return primary(jen.True())
		}
		return primary(jen.False())
	case int64:
		if v < 0 {
			return gx{c: jen.Lit(int(v)), prec: precUnary, untypedInt: true, isConst: true}
		}
		return gx{c: jen.Lit(int(v)), prec: precPrimary, untypedInt: true, isConst: true}
	case float64:
		switch {
		case math.IsNaN(v):
			return primary(jen.Qual("math", "NaN").Call())
		case math.IsInf(v, 1):
			return primary(jen.Qual("math", "Inf").Call(jen.Lit(1)))
		case math.IsInf(v, -1):
			return primary(jen.Qual("math", "Inf").Call(jen.Lit(-1)))
		case v == 0 && math.Signbit(v):
			return primary(jen.Qual("math", "Copysign").Call(jen.Lit(0), jen.Lit(-1)))
		}
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		prec := precPrimary
		if v < 0 {
			prec = precUnary
		}
		return gx{c: jen.Op(s), prec: prec, isConst: true}
	case string:
		return gx{c: jen.Lit(v), prec: precPrimary, isConst: true}
	}
	return primary(jen.Lit(fmt.Sprint(v)))
}

func isNumeric(t ir.Type) bool {
	return ir.IsBasic(t, ir.KindInt) || ir.IsBasic(t, ir.KindBool) || ir.IsBasic(t, ir.KindFloat)
}

// asInt is an int or bool operand as an int64.
func (fg *fnGen) asInt(e ir.Expr) gx {
	x := fg.expr(e)
	if ir.IsBasic(e.Type(), ir.KindBool) {
		return primary(jen.Qual(rt, "BoolInt").Call(x.c))
	}
	return x
}

// asFloat is a numeric operand as a float64.
func (fg *fnGen) asFloat(e ir.Expr) gx {
	switch {
	case ir.IsBasic(e.Type(), ir.KindFloat):
		return fg.expr(e)
	case ir.IsBasic(e.Type(), ir.KindBool):
		return primary(jen.Float64().Call(jen.Qual(rt, "BoolInt").Call(fg.expr(e).c)))
	}
	if c, ok := e.(*ir.Const); ok {
		if v, ok := c.Value.(int64); ok && v >= -(1<<53) && v <= 1<<53 {
			return constExpr(float64(v))
		}
	}
	return primary(jen.Float64().Call(fg.expr(e).c))
}

func (fg *fnGen) binOp(e *ir.BinOp) gx {
	xt, yt := e.X.Type(), e.Y.Type()
	if isNumeric(xt) && isNumeric(yt) {
		if ir.IsBasic(e.T, ir.KindInt) {
			x, y := fg.asInt(e.X), fg.asInt(e.Y)
			fn := map[ir.BinOpKind]string{ir.Add: "Add", ir.Sub: "Sub", ir.Mul: "Mul", ir.FloorDiv: "FloorDiv", ir.Mod: "Mod", ir.Pow: "Pow"}[e.Op]
			if fn == "" {
				return fg.fail(e.Pos, ir.GenLimit, "operator %s on ints is not supported", e.Op)
			}
			return primary(jen.Qual(rt, fn).Call(x.c, y.c))
		}
		if e.Op == ir.Div && !ir.IsBasic(xt, ir.KindFloat) && !ir.IsBasic(yt, ir.KindFloat) {
			return primary(jen.Qual(rt, "TrueDiv").Call(fg.asInt(e.X).c, fg.asInt(e.Y).c))
		}
		x, y := runtimeFloats(fg.asFloat(e.X), fg.asFloat(e.Y))
		switch e.Op {
		case ir.Add:
			return binop(x, "+", precAdd, y)
		case ir.Sub:
			return binop(x, "-", precAdd, y)
		case ir.Mul:
			return binop(x, "*", precMul, y)
		case ir.Div:
			return primary(jen.Qual(rt, "Div").Call(x.c, y.c))
		case ir.FloorDiv:
			return primary(jen.Qual(rt, "FloorDivFloat").Call(x.c, y.c))
		case ir.Mod:
			return primary(jen.Qual(rt, "ModFloat").Call(x.c, y.c))
		case ir.Pow:
			return primary(jen.Qual(rt, "PowFloat").Call(x.c, y.c))
		}
		return fg.fail(e.Pos, ir.GenLimit, "operator %s on floats is not supported", e.Op)
	}
	switch e.Op {
	case ir.Add:
		switch t := xt.(type) {
		case *ir.List:
			return primary(jen.Qual(rt, "Concat").Call(fg.expr(e.X).c, fg.expr(e.Y).c))
		case *ir.Tuple:
			yt := yt.(*ir.Tuple)
			return fg.tupleConcat(e, t, yt)
		}
		if ir.IsBasic(xt, ir.KindStr) {
			return binop(fg.expr(e.X), "+", precAdd, fg.expr(e.Y))
		}
	case ir.Repeat:
		if ir.IsBasic(xt, ir.KindStr) {
			return primary(jen.Qual(rt, "RepeatStr").Call(fg.expr(e.X).c, fg.asInt(e.Y).c))
		}
		if _, ok := xt.(*ir.List); ok {
			return primary(fg.primary(e.X).Dot("Repeat").Call(fg.asInt(e.Y).c))
		}
		if tt, ok := xt.(*ir.Tuple); ok {
			var idx []int
			for range len(e.T.(*ir.Tuple).Elems) / max(len(tt.Elems), 1) {
				for i := range tt.Elems {
					idx = append(idx, i)
				}
			}
			return fg.tuplePick(e.Pos, e.X, idx, e.T)
		}
	case ir.Sub, ir.BitAnd, ir.BitOr, ir.BitXor:
		if _, ok := xt.(*ir.Set); ok {
			fn := map[ir.BinOpKind]string{ir.Sub: "SetSub", ir.BitAnd: "SetAnd", ir.BitOr: "SetOr", ir.BitXor: "SetXor"}[e.Op]
			return primary(jen.Qual(rt, fn).Call(fg.expr(e.X).c, fg.expr(e.Y).c))
		}
	}
	return fg.fail(e.Pos, ir.GenLimit, "operator %s on %s and %s is not supported", e.Op, xt, yt)
}

// tuplePick builds the tuple of type t from the elements idx of the tuple
// x (evaluated once): tuple repetition and slicing.
func (fg *fnGen) tuplePick(pos ir.Pos, x ir.Expr, idx []int, t ir.Type) gx {
	a := fg.temp("a")
	elems := make([]jen.Code, len(idx))
	for k, i := range idx {
		elems[k] = jen.Id(a).Dot(fmt.Sprintf("V%d", i))
	}
	gt := fg.g.goType(pos, t)
	body := []jen.Code{jen.Id(a).Op(":=").Add(fg.expr(x).c)}
	if len(idx) == 0 {
		body = append(body, jen.Id("_").Op("=").Id(a))
	}
	body = append(body, jen.Return(tupleValue(gt, elems)))
	return primary(jen.Func().Params().Add(gt).Block(body...).Call())
}

func (fg *fnGen) tupleConcat(e *ir.BinOp, xt, yt *ir.Tuple) gx {
	rt2 := e.T.(*ir.Tuple)
	a, b := fg.temp("a"), fg.temp("b")
	var elems []jen.Code
	for i := range xt.Elems {
		elems = append(elems, jen.Id(a).Dot(fmt.Sprintf("V%d", i)))
	}
	for i := range yt.Elems {
		elems = append(elems, jen.Id(b).Dot(fmt.Sprintf("V%d", i)))
	}
	t := fg.g.goType(e.Pos, rt2)
	body := []jen.Code{
		jen.Id(a).Op(":=").Add(fg.expr(e.X).c),
		jen.Id(b).Op(":=").Add(fg.expr(e.Y).c),
	}
	// an empty operand has no field to read
	if len(xt.Elems) == 0 {
		body = append(body, jen.Id("_").Op("=").Id(a))
	}
	if len(yt.Elems) == 0 {
		body = append(body, jen.Id("_").Op("=").Id(b))
	}
	return primary(jen.Func().Params().Add(t).Block(append(body, jen.Return(tupleValue(t, elems)))...).Call())
}

func tupleValue(t *jen.Statement, elems []jen.Code) *jen.Statement {
	d := jen.Dict{}
	for i, x := range elems {
		d[jen.Id(fmt.Sprintf("V%d", i))] = x
	}
	return t.Clone().Values(d)
}

func (fg *fnGen) tupleLit(pos ir.Pos, t *ir.Tuple, es []ir.Expr) gx {
	elems := make([]jen.Code, len(es))
	for i, x := range es {
		elems[i] = fg.convert(x, t.Elems[i]).c
	}
	return primary(tupleValue(fg.g.goType(pos, t), elems))
}

// truth is Python's truthiness of e as a Go bool.
func (fg *fnGen) truth(e ir.Expr) gx {
	x := fg.expr(e)
	switch t := e.Type().(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindBool:
			return x
		case ir.KindInt:
			return binop(x, "!=", precCmp, primary(jen.Lit(0)))
		case ir.KindFloat:
			return binop(x, "!=", precCmp, primary(jen.Lit(0)))
		case ir.KindStr:
			return binop(x, "!=", precCmp, primary(jen.Lit("")))
		}
	case *ir.List, *ir.Dict, *ir.Set:
		return binop(primary(paren(x, precPrimary).Dot("Len").Call()), "!=", precCmp, primary(jen.Lit(0)))
	}
	return primary(jen.Qual(rt, "Truthy").Call(typed(x).c))
}

// falsy is Python's `not e` as a Go bool.
func (fg *fnGen) falsy(e ir.Expr) gx {
	x := fg.expr(e)
	switch t := e.Type().(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt, ir.KindFloat:
			return binop(x, "==", precCmp, primary(jen.Lit(0)))
		case ir.KindStr:
			return binop(x, "==", precCmp, primary(jen.Lit("")))
		}
	case *ir.List, *ir.Dict, *ir.Set:
		return binop(primary(paren(x, precPrimary).Dot("Len").Call()), "==", precCmp, primary(jen.Lit(0)))
	}
	return not(fg.truth(e))
}

// truthFunc is a Go func(T) bool giving the truthiness of a T.
func (fg *fnGen) truthFunc(pos ir.Pos, t ir.Type) *jen.Statement {
	if b, ok := t.(*ir.Basic); ok {
		switch b.Kind {
		case ir.KindBool:
			return jen.Qual(rt, "TruthyBool")
		case ir.KindInt:
			return jen.Qual(rt, "TruthyInt")
		case ir.KindFloat:
			return jen.Qual(rt, "TruthyFloat")
		case ir.KindStr:
			return jen.Qual(rt, "TruthyStr")
		}
	}
	return jen.Qual(rt, "TruthyAny").Types(fg.g.goType(pos, t))
}

func (fg *fnGen) boolOp(e *ir.BoolOp) gx {
	if ir.IsBasic(e.T, ir.KindBool) {
		if e.Op == ir.And {
			return binop(fg.expr(e.X), "&&", precAnd, fg.expr(e.Y))
		}
		return binop(fg.expr(e.X), "||", precOr, fg.expr(e.Y))
	}
	// `x and y` / `x or y` yield an operand.
	t := fg.g.goType(e.Pos, e.T)
	v := fg.temp("v")
	test := fg.truthOfCode(e.Pos, e.T, primary(jen.Id(v)))
	if e.Op == ir.And {
		test = not(test)
	}
	return primary(jen.Func().Params().Add(t).Block(
		jen.If(jen.Id(v).Op(":=").Add(typed(fg.convert(e.X, e.T)).c), test.c).Block(jen.Return(jen.Id(v))),
		jen.Return(fg.convert(e.Y, e.T).c),
	).Call())
}

// truthOfCode is the truthiness of already generated code of type t.
func (fg *fnGen) truthOfCode(pos ir.Pos, t ir.Type, x gx) gx {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindBool:
			return x
		case ir.KindInt, ir.KindFloat:
			return binop(x, "!=", precCmp, primary(jen.Lit(0)))
		case ir.KindStr:
			return binop(x, "!=", precCmp, primary(jen.Lit("")))
		}
	case *ir.List, *ir.Dict, *ir.Set:
		return binop(primary(paren(x, precPrimary).Dot("Len").Call()), "!=", precCmp, primary(jen.Lit(0)))
	}
	return primary(jen.Qual(rt, "Truthy").Call(x.c))
}

func (fg *fnGen) compare(e *ir.Compare) gx {
	if len(e.Ops) == 1 {
		return fg.cmpLink(e.Pos, e.Ops[0], e.Operands[0], fg.expr(e.Operands[0]), e.Operands[1], fg.expr(e.Operands[1]))
	}
	simple := true
	for _, x := range e.Operands[1 : len(e.Operands)-1] {
		if !isSimple(x) {
			simple = false
		}
	}
	if simple {
		var out gx
		for i, op := range e.Ops {
			l := fg.cmpLink(e.Pos, op, e.Operands[i], fg.expr(e.Operands[i]), e.Operands[i+1], fg.expr(e.Operands[i+1]))
			if i == 0 {
				out = l
			} else {
				out = binop(out, "&&", precAnd, l)
			}
		}
		return out
	}
	// A chain with computed middle operands: each operand once, stopping
	// at the first false link.
	var body []jen.Code
	prev := fg.temp("x")
	body = append(body, jen.Id(prev).Op(":=").Add(typed(fg.expr(e.Operands[0])).c))
	for i, op := range e.Ops {
		right := e.Operands[i+1]
		var rc gx
		if i+1 == len(e.Ops) {
			rc = fg.expr(right)
			body = append(body, jen.Return(fg.cmpLink(e.Pos, op, e.Operands[i], primary(jen.Id(prev)), right, rc).c))
			break
		}
		cur := fg.temp("x")
		body = append(body, jen.Id(cur).Op(":=").Add(typed(fg.expr(right)).c))
		link := fg.cmpLink(e.Pos, op, e.Operands[i], primary(jen.Id(prev)), right, primary(jen.Id(cur)))
		body = append(body, jen.If(not(link).c).Block(jen.Return(jen.False())))
		prev = cur
	}
	return primary(jen.Func().Params().Bool().Block(body...).Call())
}

func isKind(t ir.Type, k ir.BasicKind) bool { return ir.IsBasic(t, k) }

// cmpLink is one comparison x op y, with x and y already generated.
func (fg *fnGen) cmpLink(pos ir.Pos, op ir.CmpOp, xe ir.Expr, x gx, ye ir.Expr, y gx) gx {
	xt, yt := xe.Type(), ye.Type()
	goOp := map[ir.CmpOp]string{ir.Eq: "==", ir.NotEq: "!=", ir.Lt: "<", ir.LtE: "<=", ir.Gt: ">", ir.GtE: ">="}[op]
	rtFn := map[ir.CmpOp]string{ir.Eq: "Equal", ir.NotEq: "NotEqual", ir.Lt: "Less", ir.LtE: "LessEq", ir.Gt: "Greater", ir.GtE: "GreaterEq"}[op]
	switch op {
	case ir.Is, ir.IsNot:
		var res gx
		switch {
		case isKind(xt, ir.KindNone) && isKind(yt, ir.KindNone):
			res = primary(jen.True())
		case isOptional(xt) && isKind(yt, ir.KindNone):
			res = primary(paren(x, precPrimary).Dot("IsNone").Call())
		case isOptional(yt) && isKind(xt, ir.KindNone):
			res = primary(paren(y, precPrimary).Dot("IsNone").Call())
		default:
			res = primary(jen.Qual(rt, "Equal").Call(typed(x).c, typed(y).c))
		}
		if op == ir.IsNot {
			res = not(res)
		}
		return res
	case ir.In, ir.NotIn:
		res := fg.membership(pos, xe, x, ye, y)
		if op == ir.NotIn {
			res = not(res)
		}
		return res
	}
	same := func(k ir.BasicKind) bool { return isKind(xt, k) && isKind(yt, k) }
	switch {
	case same(ir.KindFloat):
		x, y = runtimeFloats(x, y)
		return binop(x, goOp, precCmp, y)
	case same(ir.KindInt), same(ir.KindStr):
		return binop(x, goOp, precCmp, y)
	case same(ir.KindBool):
		if op == ir.Eq || op == ir.NotEq {
			return binop(x, goOp, precCmp, y)
		}
		return binop(primary(jen.Qual(rt, "BoolInt").Call(x.c)), goOp, precCmp, primary(jen.Qual(rt, "BoolInt").Call(y.c)))
	case isKind(xt, ir.KindBool) && isKind(yt, ir.KindInt):
		return binop(primary(jen.Qual(rt, "BoolInt").Call(x.c)), goOp, precCmp, y)
	case isKind(xt, ir.KindInt) && isKind(yt, ir.KindBool):
		return binop(x, goOp, precCmp, primary(jen.Qual(rt, "BoolInt").Call(y.c)))
	case (isKind(xt, ir.KindNone) || isOptional(xt)) && isKind(yt, ir.KindNone) && (op == ir.Eq || op == ir.NotEq):
		res := primary(jen.Qual(rt, "Equal").Call(typed(x).c, typed(y).c))
		return res
	}
	if isKind(xt, ir.KindFloat) && isKind(yt, ir.KindInt) && isSimple(ye) {
		if c, ok := ye.(*ir.Const); ok {
			if v := c.Value.(int64); v >= -(1<<53) && v <= 1<<53 {
				x, y := runtimeFloats(x, constExpr(float64(v)))
				return binop(x, goOp, precCmp, y)
			}
		}
	}
	if isKind(xt, ir.KindInt) && isKind(yt, ir.KindFloat) && isSimple(xe) {
		if c, ok := xe.(*ir.Const); ok {
			if v := c.Value.(int64); v >= -(1<<53) && v <= 1<<53 {
				x, y := runtimeFloats(constExpr(float64(v)), y)
				return binop(x, goOp, precCmp, y)
			}
		}
	}
	return primary(jen.Qual(rt, rtFn).Call(typed(x).c, typed(y).c))
}

func isOptional(t ir.Type) bool {
	_, ok := t.(*ir.Optional)
	return ok
}

// membership is x in y.
func (fg *fnGen) membership(pos ir.Pos, xe ir.Expr, x gx, ye ir.Expr, y gx) gx {
	// Python evaluates x before y; the readable forms below evaluate y
	// first, which is the same when x is a constant or a local.
	xFirst := isSimple(xe) || isSimple(ye)
	if r, ok := ye.(*ir.Range); ok && (isKind(xe.Type(), ir.KindInt) || isKind(xe.Type(), ir.KindBool)) {
		// Computed, as CPython's range_contains does: the list of a
		// range may not fit. x is evaluated before the range's bounds,
		// as in Python (Go evaluates call arguments left to right).
		k := x.c
		if isKind(xe.Type(), ir.KindBool) {
			k = jen.Qual(rt, "BoolInt").Call(x.c)
		}
		return primary(jen.Qual(rt, "RangeContains").Call(k, fg.asInt(r.Start).c, fg.asInt(r.Stop).c, fg.asInt(r.Step).c))
	}
	switch t := ye.Type().(type) {
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			if xFirst {
				return primary(jen.Qual("strings", "Contains").Call(y.c, x.c))
			}
			return primary(jen.Qual(rt, "InStr").Call(x.c, y.c))
		}
	case *ir.List:
		return fg.orderedMember(xFirst, x, y, "Contains", fg.g.goType(pos, t.Elem))
	case *ir.Dict:
		return fg.orderedMember(xFirst, x, y, "Has", fg.g.goType(pos, t.Key))
	case *ir.Set:
		return fg.orderedMember(xFirst, x, y, "Has", fg.g.goType(pos, t.Elem))
	case *ir.Tuple:
		elem := tupleElem(t)
		if elem == nil {
			return fg.fail(pos, ir.GenLimit, "membership in a tuple of mixed types")
		}
		et := fg.g.goType(pos, elem)
		if lit, ok := ye.(*ir.TupleLit); ok {
			args := []jen.Code{x.c}
			for _, el := range lit.Elems {
				args = append(args, fg.expr(el).c)
			}
			return primary(jen.Qual(rt, "In").Types(et).Call(args...))
		}
		return primary(jen.Qual(rt, "InSeq").Types(et).Call(x.c, jen.Qual(rt, "TupleAll").Types(et).Call(y.c)))
	}
	return fg.fail(pos, ir.GenLimit, "membership test in %s is not supported", ye.Type())
}

// orderedMember is y.Method(x), evaluating x first when both have effects.
func (fg *fnGen) orderedMember(xFirst bool, x, y gx, method string, et *jen.Statement) gx {
	if xFirst {
		return primary(paren(y, precPrimary).Dot(method).Call(x.c))
	}
	v := fg.temp("x")
	return primary(jen.Func().Params().Bool().Block(
		jen.Id(v).Op(":=").Add(typed(x).c),
		jen.Return(paren(y, precPrimary).Dot(method).Call(jen.Id(v))),
	).Call())
}

func tupleElem(t *ir.Tuple) ir.Type {
	if len(t.Elems) == 0 {
		return nil
	}
	for _, e := range t.Elems[1:] {
		if !ir.Identical(e, t.Elems[0]) {
			return nil
		}
	}
	return t.Elems[0]
}

func (fg *fnGen) index(e *ir.Index) gx {
	switch t := e.X.Type().(type) {
	case *ir.List, *ir.Dict:
		return primary(fg.primary(e.X).Dot("Get").Call(fg.expr(e.Index).c))
	case *ir.Tuple:
		if n, ok := constInt(e.Index); ok {
			if n < 0 {
				n += int64(len(t.Elems))
			}
			if n >= 0 && n < int64(len(t.Elems)) {
				return primary(fg.primary(e.X).Dot(fmt.Sprintf("V%d", n)))
			}
		}
		return primary(jen.Qual(rt, "TupleAt").Types(fg.g.goType(e.Pos, e.T)).Call(fg.expr(e.X).c, fg.expr(e.Index).c))
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			return primary(jen.Qual(rt, "StrAt").Call(fg.expr(e.X).c, fg.expr(e.Index).c))
		}
	}
	return fg.fail(e.Pos, ir.GenLimit, "indexing %s is not supported", e.X.Type())
}

func constInt(e ir.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ir.Const:
		v, ok := e.Value.(int64)
		return v, ok
	case *ir.UnOp:
		if e.Op == ir.Neg {
			v, ok := constInt(e.X)
			return -v, ok
		}
	}
	return 0, false
}

// bound is a slice bound as a planrt.Optional[int64].
func (fg *fnGen) bound(e ir.Expr) jen.Code {
	if e == nil {
		return jen.Qual(rt, "NoBound")
	}
	if c, ok := e.(*ir.Const); ok && c.Value == nil {
		return jen.Qual(rt, "NoBound")
	}
	if isOptional(e.Type()) {
		return fg.expr(e).c
	}
	return jen.Qual(rt, "At").Call(fg.asInt(e).c)
}

func (fg *fnGen) slice(e *ir.Slice) gx {
	lo, hi, step := fg.bound(e.Lo), fg.bound(e.Hi), fg.bound(e.Step)
	switch t := e.X.Type().(type) {
	case *ir.List:
		if e.Lo == nil && e.Hi == nil && e.Step == nil {
			return primary(fg.primary(e.X).Dot("Copy").Call())
		}
		return primary(fg.primary(e.X).Dot("Slice").Call(lo, hi, step))
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			return primary(jen.Qual(rt, "StrSlice").Call(fg.expr(e.X).c, lo, hi, step))
		}
	case *ir.Tuple:
		if idx, ok := ir.TupleSliceIndices(len(t.Elems), e.Lo, e.Hi, e.Step); ok {
			return fg.tuplePick(e.Pos, e.X, idx, e.Type())
		}
	}
	return fg.fail(e.Pos, ir.GenLimit, "slicing %s is not supported", e.X.Type())
}

// strOf is str(e).
func (fg *fnGen) strOf(e ir.Expr) gx {
	x := fg.expr(e)
	switch t := e.Type().(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindStr:
			return x
		case ir.KindInt:
			return primary(jen.Qual(rt, "StrInt").Call(x.c))
		case ir.KindFloat:
			return primary(jen.Qual(rt, "StrFloat").Call(x.c))
		case ir.KindBool:
			return primary(jen.Qual(rt, "StrBool").Call(x.c))
		}
	}
	return primary(jen.Qual(rt, "Str").Call(typed(x).c))
}

// reprOf is repr(e).
func (fg *fnGen) reprOf(e ir.Expr) gx {
	x := fg.expr(e)
	if isKind(e.Type(), ir.KindStr) {
		return primary(jen.Qual(rt, "ReprStr").Call(x.c))
	}
	if isKind(e.Type(), ir.KindInt) || isKind(e.Type(), ir.KindBool) || isKind(e.Type(), ir.KindFloat) {
		return fg.strOf(e)
	}
	return primary(jen.Qual(rt, "Repr").Call(typed(x).c))
}

func (fg *fnGen) fstring(e *ir.FString) gx {
	var out gx
	have := false
	add := func(x gx) {
		if !have {
			out, have = x, true
			return
		}
		out = binop(out, "+", precAdd, x)
	}
	for _, p := range e.Parts {
		if p.X == nil {
			if p.Lit != "" {
				add(primary(jen.Lit(p.Lit)))
			}
			continue
		}
		if p.DynSpec != nil {
			// The conversion cannot raise or change anything, so doing it
			// before the spec is evaluated (CPython does it after) is
			// not observable.
			v := typed(fg.expr(p.X))
			switch p.Conv {
			case 'r':
				v = fg.reprOf(p.X)
			case 's':
				v = fg.strOf(p.X)
			}
			add(primary(jen.Qual(rt, "FormatComputed").Call(v.c, fg.fstring(p.DynSpec).c)))
			continue
		}
		var s gx
		switch {
		case p.Conv == 'r':
			s = fg.reprOf(p.X)
			if p.Spec != "" {
				s = primary(jen.Qual(rt, "FormatStr").Call(s.c, jen.Lit(p.Spec)))
			}
		case p.Conv == 's':
			s = fg.strOf(p.X)
			if p.Spec != "" {
				s = primary(jen.Qual(rt, "FormatStr").Call(s.c, jen.Lit(p.Spec)))
			}
		case p.Spec == "":
			s = fg.strOf(p.X)
		default:
			x := fg.expr(p.X)
			switch {
			case isKind(p.X.Type(), ir.KindInt):
				s = primary(jen.Qual(rt, "FormatInt").Call(x.c, jen.Lit(p.Spec)))
			case isKind(p.X.Type(), ir.KindFloat):
				s = primary(jen.Qual(rt, "FormatFloat").Call(x.c, jen.Lit(p.Spec)))
			case isKind(p.X.Type(), ir.KindStr):
				s = primary(jen.Qual(rt, "FormatStr").Call(x.c, jen.Lit(p.Spec)))
			default:
				s = primary(jen.Qual(rt, "Format").Call(typed(x).c, jen.Lit(p.Spec)))
			}
		}
		add(s)
	}
	if !have {
		return primary(jen.Lit(""))
	}
	return out
}

// iterSeq is e as an iter.Seq of its elements (what a for loop walks).
func (fg *fnGen) iterSeq(e ir.Expr) *jen.Statement {
	if r, ok := e.(*ir.Range); ok {
		return fg.rangeSeq(r)
	}
	if b, ok := e.(*ir.Builtin); ok && b.Name == "reversed" && len(b.Args) == 1 {
		if r, ok := b.Args[0].(*ir.Range); ok {
			// Lazily, from the last item, as CPython's range reverse
			// iterator: the list of a range may not fit.
			return jen.Qual(rt, "RangeReversed").Call(fg.asInt(r.Start).c, fg.asInt(r.Stop).c, fg.asInt(r.Step).c)
		}
	}
	if b, ok := e.(*ir.Builtin); ok && b.Name == "dict.keys" && len(b.Args) == 1 {
		return fg.primary(b.Args[0]).Dot("Keys").Call()
	}
	if b, ok := e.(*ir.Builtin); ok {
		// Iterated directly, enumerate and zip read their lists live,
		// as in Python (an append during the loop is visited).
		switch {
		case b.Name == "enumerate":
			start := jen.Code(jen.Lit(0))
			if s := arg(b, 1, "start"); s != nil {
				start = fg.asInt(s).c
			}
			return jen.Qual(rt, "EnumerateSeq").Call(fg.iterSeq(b.Args[0]), start)
		case b.Name == "zip" && len(b.Args) == 2:
			return jen.Qual(rt, "Zip2Seq").Call(fg.iterSeq(b.Args[0]), fg.iterSeq(b.Args[1]))
		case b.Name == "zip" && len(b.Args) == 3:
			return jen.Qual(rt, "Zip3Seq").Call(fg.iterSeq(b.Args[0]), fg.iterSeq(b.Args[1]), fg.iterSeq(b.Args[2]))
		}
	}
	switch t := e.Type().(type) {
	case *ir.List, *ir.Set:
		return fg.primary(e).Dot("All").Call()
	case *ir.Dict:
		return fg.primary(e).Dot("Keys").Call()
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			return jen.Qual(rt, "Chars").Call(fg.expr(e).c)
		}
	case *ir.Tuple:
		elem := tupleElem(t)
		if elem == nil {
			fg.g.fail(e.Position(), ir.GenLimit, "iterating over a tuple of mixed types")
			return jen.Nil()
		}
		et := fg.g.goType(e.Position(), elem)
		if lit, ok := e.(*ir.TupleLit); ok {
			args := make([]jen.Code, len(lit.Elems))
			for i, x := range lit.Elems {
				args[i] = fg.expr(x).c
			}
			return jen.Qual(rt, "Values").Types(et).Call(args...)
		}
		return jen.Qual(rt, "TupleAll").Types(et).Call(fg.expr(e).c)
	}
	fg.g.fail(e.Position(), ir.GenLimit, "iterating over %s is not supported", e.Type())
	return jen.Nil()
}

func (fg *fnGen) rangeSeq(r *ir.Range) *jen.Statement {
	return jen.Qual(rt, "Range").Call(fg.asInt(r.Start).c, fg.asInt(r.Stop).c, fg.asInt(r.Step).c)
}

// elemOf is the element type of an iterable type.
func elemOf(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.List:
		return t.Elem
	case *ir.Set:
		return t.Elem
	case *ir.Dict:
		return t.Key
	case *ir.Tuple:
		return tupleElem(t)
	case *ir.Basic:
		if t.Kind == ir.KindStr {
			return ir.Str
		}
	}
	return nil
}

func (fg *fnGen) comprehension(e *ir.Comprehension) gx {
	g := fg.g
	t := g.goType(e.Pos, e.T)
	out := fg.temp("out")
	var init *jen.Statement
	var add func() *jen.Statement
	switch e.Kind {
	case ir.ListComp:
		lt := e.T.(*ir.List)
		init = jen.Qual(rt, "NewList").Types(g.goType(e.Pos, lt.Elem)).Call()
		add = func() *jen.Statement { return jen.Id(out).Dot("Append").Call(fg.convert(e.Elem, lt.Elem).c) }
	case ir.SetComp:
		st := e.T.(*ir.Set)
		init = jen.Qual(rt, "NewSet").Types(g.goType(e.Pos, st.Elem)).Call()
		add = func() *jen.Statement { return jen.Id(out).Dot("Add").Call(fg.convert(e.Elem, st.Elem).c) }
	case ir.DictComp:
		dt := e.T.(*ir.Dict)
		init = jen.Qual(rt, "NewDict").Types(g.goType(e.Pos, dt.Key), g.goType(e.Pos, dt.Value)).Call()
		add = func() *jen.Statement {
			return jen.Id(out).Dot("Set").Call(fg.convert(e.Key, dt.Key).c, fg.convert(e.Elem, dt.Value).c)
		}
	}
	var nest func(i int) *jen.Statement
	nest = func(i int) *jen.Statement {
		if i == len(e.Clauses) {
			return add()
		}
		c := e.Clauses[i]
		inner := nest(i + 1)
		for j := len(c.Conds) - 1; j >= 0; j-- {
			inner = jen.If(fg.truth(c.Conds[j]).c).Block(inner)
		}
		if r, ok := c.Iter.(*ir.Range); ok && countable(r) {
			// A comprehension's variable is never assigned in it, so it
			// can be the counter itself.
			var counter string
			if fg.read[c.Var] {
				counter = fg.name(c.Var)
			} else {
				counter = fg.temp("n")
			}
			init, cond, post := fg.countingClauses(counter, r)
			return jen.For(init, cond, post).Block(inner)
		}
		var head *jen.Statement
		if fg.read[c.Var] {
			head = jen.Id(fg.name(c.Var)).Op(":=").Range().Add(fg.iterSeq(c.Iter))
		} else {
			head = jen.Range().Add(fg.iterSeq(c.Iter))
		}
		return jen.For(head).Block(inner)
	}
	return primary(jen.Func().Params().Add(t).Block(
		jen.Id(out).Op(":=").Add(init),
		nest(0),
		jen.Return(jen.Id(out)),
	).Call())
}

// lambda is a Go func literal for a key lambda of one parameter.
func (fg *fnGen) lambda(l *ir.Lambda, param ir.Type) *jen.Statement {
	if len(l.Params) != 1 {
		fg.g.fail(l.Pos, ir.Internal, "key lambdas take one parameter")
		return jen.Nil()
	}
	p := l.Params[0]
	name := "_"
	if lambdaReads(l, p) {
		name = fg.name(p)
	}
	return jen.Func().Params(jen.Id(name).Add(fg.g.goType(l.Pos, param))).Add(fg.g.goType(l.Pos, l.Body.Type())).Block(
		jen.Return(fg.expr(l.Body).c),
	)
}

func lambdaReads(l *ir.Lambda, p *ir.Local) bool {
	for _, x := range localsIn(l.Body) {
		if x == p {
			return true
		}
	}
	return false
}
