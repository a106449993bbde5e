package gen

import "github.com/clauz3/clauz3/ir"

// Hand-built IR programs for the generator's golden and run tests. Each
// mirrors the Python plan in testdata/<name>.py, whose CPython output is
// recorded in testdata/<name>.out (stdout, then "--- stderr", then the
// last stderr line and "--- exit N").

type handmade struct {
	name string
	prog func() *ir.Program
	args []string // --arg flags for the binary
}

var handmades = []handmade{
	{"loops", loopsProgram, nil},
	{"comprehensions", comprehensionsProgram, nil},
	{"dicts", dictsProgram, nil},
	{"fstrings", fstringsProgram, []string{`--arg`, `name="Zoë"`, `--arg`, `amount=12.5`}},
	{"strings", stringsProgram, nil},
	{"builtins", builtinsProgram, nil},
}

func loopsProgram() *ir.Program {
	const file = "loops.py"
	tb := newFn(file, "total", 2, ir.Int)
	xs := tb.param("xs", listInt)
	s := tb.local("s", ir.Int)
	x := tb.local("x", ir.Int)
	total := tb.body(
		assign(s, ci(0)),
		forStmt(x, ref(xs),
			ifStmt(cmp(ref(x), ir.Lt, ci(0)), []ir.Stmt{&ir.Continue{}}),
			ifStmt(cmp(ref(x), ir.Gt, ci(100)), []ir.Stmt{&ir.Break{}}),
			assign(s, bin(ir.Add, ref(s), ref(x))),
		),
		ret(ref(s)),
	)
	mb := newFn(file, "main", 12, ir.None)
	mxs := mb.local("xs", listInt)
	acc := mb.local("acc", listInt)
	i := mb.local("i", ir.Int)
	c := mb.local("c", ir.Str)
	n := mb.local("n", ir.Int)
	main := mb.body(
		assign(mxs, listOf(ir.Int, ci(3), neg(ci(1)), ci(4), ci(1), ci(5), ci(200), ci(9))),
		printCall(call(total, ref(mxs))),
		assign(acc, listOf(ir.Int)),
		forStmt(i, &ir.Range{Start: ci(10), Stop: ci(0), Step: neg(ci(3))},
			exprStmt(builtin("list.append", ir.None, ref(acc), bin(ir.Mul, ref(i), ref(i)))),
		),
		printCall(ref(acc), builtin("len", ir.Int, ref(acc))),
		forStmt(c, cs("héllo"), printKw([]ir.Expr{ref(c)}, ir.Keyword{Name: "end", Value: cs("|")})),
		printCall(),
		assign(n, ci(7)),
		printCall(bin(ir.FloorDiv, ref(n), ci(2)), bin(ir.FloorDiv, neg(ref(n)), ci(2)), bin(ir.Mod, ref(n), ci(3)),
			bin(ir.Mod, neg(ref(n)), ci(3)), bin(ir.Div, ref(n), ci(2)), bin(ir.Pow, ci(2), ci(10))),
		printCall(ref(i), cmp(ci(1), ir.Lt, ref(n)), &ir.Compare{Ops: []ir.CmpOp{ir.Lt, ir.LtE}, Operands: []ir.Expr{ci(0), call(total, ref(acc)), ci(200)}}),
		printCall(bin(ir.FloorDiv, ref(n), bin(ir.Sub, ref(n), ci(7)))),
	)
	return program(file, main, []*ir.Func{total, main})
}

func comprehensionsProgram() *ir.Program {
	const file = "comprehensions.py"
	mb := newFn(file, "main", 1, ir.None)
	xs := mb.local("xs", listInt)
	odds := mb.local("odds", listInt)
	sq := mb.local("sq", &ir.Dict{Key: ir.Int, Value: ir.Int})
	st := mb.local("s", &ir.Set{Elem: ir.Int})
	pairT := &ir.Tuple{Elems: []ir.Type{ir.Int, ir.Str}}
	pairs := mb.local("pairs", &ir.List{Elem: pairT})
	x1 := mb.local("x", ir.Int)
	x2 := mb.local("x", ir.Int)
	x3 := mb.local("x", ir.Int)
	px := mb.local("x", ir.Int)
	py := mb.local("y", ir.Str)
	v := mb.local("v", ir.Int)
	ep := mb.local("p", &ir.Tuple{Elems: []ir.Type{ir.Int, ir.Int}})
	sorted := builtin("sorted", listInt, ref(xs))
	sorted.Key = lambda1(v, neg(ref(v)))
	main := mb.body(
		assign(xs, listOf(ir.Int, ci(5), ci(3), ci(8), ci(1), ci(9), ci(2))),
		assign(odds, &ir.Comprehension{Kind: ir.ListComp, T: listInt, Elem: bin(ir.Mul, ref(x1), ci(2)),
			Clauses: []ir.CompClause{{Var: x1, Iter: ref(xs), Conds: []ir.Expr{cmp(bin(ir.Mod, ref(x1), ci(2)), ir.Eq, ci(1))}}}}),
		printCall(ref(odds)),
		assign(sq, &ir.Comprehension{Kind: ir.DictComp, T: &ir.Dict{Key: ir.Int, Value: ir.Int}, Key: ref(x2), Elem: bin(ir.Mul, ref(x2), ref(x2)),
			Clauses: []ir.CompClause{{Var: x2, Iter: ref(xs), Conds: []ir.Expr{cmp(ref(x2), ir.Gt, ci(2))}}}}),
		printCall(ref(sq)),
		assign(st, &ir.Comprehension{Kind: ir.SetComp, T: &ir.Set{Elem: ir.Int}, Elem: bin(ir.Mod, ref(x3), ci(4)),
			Clauses: []ir.CompClause{{Var: x3, Iter: ref(xs)}}}),
		printCall(ref(st), kw(builtin("sorted", listInt, ref(st)), "reverse", cb(true)), &ir.SetLit{T: &ir.Set{Elem: ir.Int}, Elems: []ir.Expr{ci(40), ci(8), ci(33), ci(1), ci(16)}}),
		assign(pairs, &ir.Comprehension{Kind: ir.ListComp, T: &ir.List{Elem: pairT}, Elem: tuple(ref(px), ref(py)),
			Clauses: []ir.CompClause{
				{Var: px, Iter: rng(0, 3, 1)},
				{Var: py, Iter: cs("ab"), Conds: []ir.Expr{cmp(ref(px), ir.NotEq, ci(1))}},
			}}),
		printCall(ref(pairs)),
		printCall(sorted, builtin("min", ir.Int, ref(xs)), builtin("max", ir.Int, ref(xs)), builtin("sum", ir.Int, ref(xs))),
		printCall(builtin("sum", ir.Float, listOf(ir.Float, cf(0.1), cf(0.2), cf(0.3))), builtin("any", ir.Bool, listOf(ir.Int, ci(0), ci(0), ci(1))), builtin("all", ir.Bool, listOf(ir.Int))),
		forStmt(ep, builtin("enumerate", &ir.List{Elem: ep.Type}, ref(xs), ci(1)),
			ifStmt(cmp(index(ref(ep), ci(0), ir.Int), ir.Gt, ci(4)), []ir.Stmt{&ir.Break{}}),
			printCall(index(ref(ep), ci(0), ir.Int), index(ref(ep), neg(ci(1)), ir.Int))),
	)
	return program(file, main, []*ir.Func{main})
}

func dictsProgram() *ir.Program {
	const file = "dicts.py"
	dt := &ir.Dict{Key: ir.Str, Value: ir.Int}
	mb := newFn(file, "main", 1, ir.None)
	ages := mb.local("ages", dt)
	k := mb.local("k", ir.Str)
	v := mb.local("v", ir.Int)
	total := mb.local("total", ir.Int)
	main := mb.body(
		assign(ages, &ir.DictLit{T: dt, Keys: []ir.Expr{cs("ann"), cs("bob")}, Values: []ir.Expr{ci(31), ci(27)}}),
		&ir.SetIndex{X: ref(ages), Index: cs("cy"), Value: ci(40)},
		&ir.SetIndex{X: ref(ages), Index: cs("ann"), Value: ci(32)},
		printCall(ref(ages), builtin("len", ir.Int, ref(ages)), cmp(cs("bob"), ir.In, ref(ages)), cmp(cs("zed"), ir.NotIn, ref(ages))),
		forStmt(k, ref(ages), printCall(ref(k), index(ref(ages), ref(k), ir.Int))),
		printCall(builtin("dict.get", &ir.Optional{Elem: ir.Int}, ref(ages), cs("bob")), builtin("dict.get", &ir.Optional{Elem: ir.Int}, ref(ages), cs("zed")),
			builtin("dict.get", ir.Int, ref(ages), cs("zed"), ci(0))),
		printCall(builtin("dict.pop", ir.Int, ref(ages), cs("bob")), ref(ages)),
		printCall(builtin("list", listStr, builtin("dict.keys", listStr, ref(ages))), builtin("dict.values", listInt, ref(ages)),
			builtin("dict.items", &ir.List{Elem: &ir.Tuple{Elems: []ir.Type{ir.Str, ir.Int}}}, ref(ages))),
		assign(total, ci(0)),
		forStmt(v, builtin("dict.values", listInt, ref(ages)), assign(total, bin(ir.Add, ref(total), ref(v)))),
		printCall(ref(total), fstr(lit("avg="), field(bin(ir.Div, ref(total), builtin("len", ir.Int, ref(ages))), ".3f"))),
		printCall(index(ref(ages), cs("zed"), ir.Int)),
		printCall(cs("not reached")),
	)
	return program(file, main, []*ir.Func{main})
}

func fstringsProgram() *ir.Program {
	const file = "fstrings.py"
	mb := newFn(file, "main", 1, ir.None)
	name := mb.param("name", ir.Str)
	amount := mb.param("amount", ir.Float)
	n := mb.local("n", ir.Int)
	main := mb.body(
		assign(n, ci(1234567)),
		printCall(fstr(ir.FPart{X: ref(name), Conv: 'r'}, lit(" owes "), field(ref(amount), ".2f"), lit(" ("), field(ref(amount), "e"),
			lit("), "), field(ref(n), ","), lit(" items, "), field(ref(n), ">12_"), lit("|"), field(ref(n), "<10"), lit("|"), field(ref(n), "^11"), lit("|"))),
		printCall(fstr(field(cf(0.1234), ".1%"), lit(" "), field(ci(255), "#x"), lit(" "), field(ci(255), "08b"), lit(" "), field(cf(-3.5), "+.1f"),
			lit(" "), field(ref(name), "*^9"), lit(" "), field(ref(name), ".2"), lit(" "), field(ref(amount), ""), lit(" "), field(cf(1e16), ""),
			lit(" "), field(bin(ir.Div, ci(1), ci(3)), ""))),
		printCall(fstr(field(cb(true), ""), lit(" "), field(cnone(), ""), lit(" "), field(listOf(ir.Int, ci(1)), ""), lit(" "), field(tuple(ci(1)), ""),
			lit(" {} "), field(&ir.Const{T: ir.Float, Value: negZero()}, ""), lit(" "), field(ref(amount), "10.3g"), lit("|"), ir.FPart{X: ref(n), Conv: 's', Spec: ">9"}, lit("|"))),
		printCall(fstr(field(ref(amount), "d"))),
	)
	return program(file, main, []*ir.Func{main})
}

func stringsProgram() *ir.Program {
	const file = "strings.py"
	optStr := &ir.Optional{Elem: ir.Str}
	pb := newFn(file, "pick", 1, optStr)
	pxs := pb.param("xs", listStr)
	want := pb.param("want", ir.Str)
	px := pb.local("x", ir.Str)
	pick := pb.body(
		forStmt(px, ref(pxs), ifStmt(builtin("str.startswith", ir.Bool, ref(px), ref(want)), []ir.Stmt{ret(ref(px))})),
		ret(cnone()),
	)
	mb := newFn(file, "main", 8, ir.None)
	words := mb.local("words", listStr)
	found := mb.local("found", optStr)
	label := mb.local("label", ir.Str)
	nm := mb.local("name", ir.Str)
	big := mb.local("n", ir.Int)
	lenWords := builtin("len", ir.Int, ref(words))
	main := mb.body(
		assign(words, builtin("str.split", listStr, cs("  The quick  brown FOX  "))),
		printCall(ref(words), builtin("str.lower", ir.Str, builtin("str.join", ir.Str, cs(" "), ref(words))), builtin("str.upper", ir.Str, cs("straße")),
			builtin("str.lower", ir.Str, cs("ΣΑΣ")), builtin("str.title", ir.Str, cs("hello wORLD"))),
		printCall(builtin("str.split", listStr, cs("a,b,,c"), cs(",")), builtin("str.zfill", ir.Str, cs("x"), ci(4)), builtin("str.zfill", ir.Str, cs("-7"), ci(4)),
			index(cs("héllo"), ci(1), ir.Str), &ir.Slice{X: cs("héllo"), Lo: neg(ci(2))}, &ir.Slice{X: cs("héllo"), Step: neg(ci(1))},
			builtin("str.find", ir.Int, cs("abcabc"), cs("c")), builtin("str.count", ir.Int, cs("abcabc"), cs("bc"))),
		assign(found, call(pick, ref(words), cs("br"))),
		printCall(ref(found), cmp(ref(found), ir.Is, cnone()), cmp(call(pick, ref(words), cs("zz")), ir.Is, cnone())),
		assign(label, &ir.CondExpr{Cond: cmp(lenWords, ir.Gt, ci(3)), Then: cs("big"), Else: cs("small"), T: ir.Str}),
		assign(nm, &ir.BoolOp{Op: ir.Or, X: cs(""), Y: cs("anon"), T: ir.Str}),
		printCall(ref(label), ref(nm), &ir.BoolOp{Op: ir.Or, X: ci(0), Y: ci(5), T: ir.Int}, &ir.BoolOp{Op: ir.And, X: ci(3), Y: ci(4), T: ir.Int},
			builtin("repr", ir.Str, cs("it's")), builtin("int", ir.Int, cs(" 42 ")), builtin("float", ir.Float, cs("1e3")), builtin("round", ir.Int, cf(2.5)),
			builtin("round", ir.Float, cf(2.675), ci(2))),
		&ir.Assert{Cond: cmp(builtin("len", ir.Int, ref(words)), ir.Eq, ci(4)), Msg: fstr(lit("got "), field(builtin("len", ir.Int, ref(words)), ""))},
		assign(big, ci(9223372036854775807)),
		printCall(bin(ir.Sub, ref(big), ci(1))),
		printCall(bin(ir.Add, ref(big), ci(1))),
	)
	return program(file, main, []*ir.Func{pick, main})
}

func negZero() float64 {
	z := 0.0
	return -z
}

func builtinsProgram() *ir.Program {
	const file = "builtins.py"
	midB := newFn(file, "middle", 1, ir.Int)
	middle := midB.body(printCall(cs("middle")), ret(ci(5)))
	mb := newFn(file, "main", 6, ir.None)
	xs := mb.local("xs", listInt)
	ys := mb.local("ys", listInt)
	v1 := mb.local("v", ir.Int)
	v2 := mb.local("v", ir.Int)
	setT := &ir.Set{Elem: ir.Int}
	s := mb.local("s", setT)
	tt := &ir.Tuple{Elems: []ir.Type{ir.Int, ir.Str, ir.Float}}
	t := mb.local("t", tt)
	e := mb.local("e", listInt)
	sortCall := kw(builtin("list.sort", ir.None, ref(ys)), "reverse", cb(true))
	sortCall.Key = lambda1(v1, bin(ir.Mod, ref(v1), ci(3)))
	maxKey := builtin("max", ir.Int, ref(xs))
	maxKey.Key = lambda1(v2, neg(ref(v2)))
	pairT := &ir.List{Elem: &ir.Tuple{Elems: []ir.Type{ir.Int, ir.Str}}}
	main := mb.body(
		assign(xs, listOf(ir.Int, ci(4), ci(1), ci(3))),
		exprStmt(builtin("list.extend", ir.None, ref(xs), listOf(ir.Int, ci(9), ci(2)))),
		exprStmt(builtin("list.insert", ir.None, ref(xs), neg(ci(1)), ci(7))),
		printCall(ref(xs), builtin("list.pop", ir.Int, ref(xs)), builtin("list.pop", ir.Int, ref(xs), ci(0)),
			builtin("list.index", ir.Int, ref(xs), ci(3)), builtin("list.count", ir.Int, ref(xs), ci(7))),
		exprStmt(builtin("list.reverse", ir.None, ref(xs))),
		printCall(ref(xs), &ir.Slice{X: ref(xs), Step: ci(2)}, &ir.Slice{X: ref(xs), Lo: ci(1), Hi: ci(3)},
			&ir.Slice{X: ref(xs), Lo: neg(ci(2))}, &ir.Slice{X: ref(xs), Step: neg(ci(1))}),
		assign(ys, builtin("list.copy", listInt, ref(xs))),
		exprStmt(sortCall),
		exprStmt(builtin("list.remove", ir.None, ref(ys), ci(3))),
		printCall(ref(ys), bin(ir.Add, ref(xs), listOf(ir.Int, ci(0))), bin(ir.Repeat, listOf(ir.Int, ci(1), ci(2)), ci(2)),
			bin(ir.Repeat, cs("ab"), ci(3)), builtin("min", ir.Int, ci(3), ci(1), ci(2)), builtin("max", ir.Str, cs("b"), cs("a"), cs("c")), maxKey),
		printCall(builtin("list", pairT, builtin("zip", pairT, ref(xs), cs("abc"))), builtin("list", listInt, builtin("reversed", listInt, ref(xs))),
			builtin("abs", ir.Int, neg(ci(7))), builtin("abs", ir.Float, neg(cf(2.5))), builtin("ord", ir.Int, cs("é")), builtin("chr", ir.Str, ci(233)),
			builtin("int", ir.Int, cf(3.9)), builtin("int", ir.Int, neg(cf(3.9))), builtin("float", ir.Float, ci(2)),
			builtin("bool", ir.Bool, ci(0)), builtin("bool", ir.Bool, cs("x"))),
		assign(s, &ir.SetLit{T: setT, Elems: []ir.Expr{ci(3), ci(1)}}),
		exprStmt(builtin("set.add", ir.None, ref(s), ci(2))),
		exprStmt(builtin("set.discard", ir.None, ref(s), ci(1))),
		printCall(ref(s), cmp(ci(2), ir.In, ref(s)), builtin("len", ir.Int, ref(s))),
		assign(t, bin(ir.Add, tuple(ci(1), cs("a")), tuple(cf(2.5)))),
		printCall(ref(t), index(ref(t), ci(0), ir.Int), index(ref(t), neg(ci(1)), ir.Float), builtin("len", ir.Int, ref(t))),
		assign(e, listOf(ir.Int)),
		ifStmt(&ir.BoolOp{Op: ir.And, X: &ir.UnOp{Op: ir.Not, X: ref(e)}, Y: cmp(builtin("len", ir.Int, ref(xs)), ir.Gt, ci(0)), T: ir.Bool},
			[]ir.Stmt{printCall(cs("empty e"), &ir.Compare{Ops: []ir.CmpOp{ir.Lt, ir.Lt}, Operands: []ir.Expr{ci(1), call(middle), ci(10)}},
				cmp(ci(2), ir.Eq, cf(2.0)), cmp(ci(3), ir.Lt, cf(2.5)))}),
		printCall(index(ref(xs), builtin("len", ir.Int, ref(xs)), ir.Int)),
	)
	return program(file, main, []*ir.Func{middle, main})
}

// rowsLayerGo is the Go implementation of the db layer rowsProgram uses.
const rowsLayerGo = `// Package db is a test layer returning rows.
package db

// UserRow is the schema's row type.
type UserRow struct {
	Email string
	Age   int64
}

// DbQuery is db_query(q: str, ids: list[int], note: str | None) -> list[UserRow].
func DbQuery(q string, ids []int64, note *string) ([]UserRow, error) {
	return []UserRow{{Email: "a@x.com", Age: 30}}, nil
}

// Lookup is lookup(id: int) -> UserRow.
func Lookup(id int64) (UserRow, error) { return UserRow{Email: "b@x.com", Age: id}, nil }
`

// rowsProgram calls row-returning effects (real mode: conversions between
// the layer's structs and the generated row type).
func rowsProgram(dir string) *ir.Program {
	const file = "rows.py"
	row := &ir.Row{Module: "tools.db.trusted.schemas", Name: "UserRow", Fields: []*ir.Param{{Name: "email", Type: ir.Str}, {Name: "age", Type: ir.Int}}}
	rows := &ir.List{Elem: row}
	query := &ir.Effect{Pos: ir.Pos{File: dir + "/effects.py", Line: 1, Col: 1}, Name: "db_query", Module: "tools.db.trusted.effects",
		Params: []*ir.Param{{Name: "q", Type: ir.Str}, {Name: "ids", Type: listInt}, {Name: "note", Type: &ir.Optional{Elem: ir.Str}}}, Result: rows}
	lookup := &ir.Effect{Pos: ir.Pos{File: dir + "/effects.py", Line: 5, Col: 1}, Name: "lookup", Module: "tools.db.trusted.effects",
		Params: []*ir.Param{{Name: "id", Type: ir.Int}}, Result: row}
	mb := newFn(file, "main", 1, ir.None)
	rs := mb.local("rows", rows)
	r := mb.local("r", row)
	u := mb.local("u", row)
	main := mb.body(
		assign(rs, &ir.EffectCall{Effect: query, Args: []ir.Expr{cs("active"), listOf(ir.Int, ci(1), ci(2)), cnone()}}),
		forStmt(r, ref(rs), printCall(&ir.Attr{X: ref(r), Field: "email", T: ir.Str}, &ir.Attr{X: ref(r), Field: "age", T: ir.Int})),
		assign(u, &ir.EffectCall{Effect: lookup, Args: []ir.Expr{ci(3)}}),
		printCall(ref(u)),
	)
	return program(file, main, []*ir.Func{main}, query, lookup)
}
