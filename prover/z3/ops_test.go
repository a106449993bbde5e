package z3

import (
	"math/big"
	"testing"
	"time"
)

type opCase struct {
	name  string
	build func(c *Context) Term
	want  Result
}

func runOpCases(t *testing.T, cases []opCase) {
	t.Helper()
	c := newCtx(t)
	s := c.NewSolver(testTimeout)
	defer s.Close()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.build(c)
			if err := c.Err(); err != nil {
				t.Fatalf("building formula: %v", err)
			}
			got, err := check(t, s, f)
			if err != nil {
				t.Fatalf("Check(%s) error: %v", f, err)
			}
			if got != tc.want {
				t.Fatalf("Check(%s) = %v, want %v", f, got, tc.want)
			}
		})
	}
}

func TestBoolOps(t *testing.T) {
	p := func(c *Context) Term { return boolc(c, "p") }
	q := func(c *Context) Term { return boolc(c, "q") }
	runOpCases(t, []opCase{
		{"True", func(c *Context) Term { return c.True() }, Sat},
		{"False", func(c *Context) Term { return c.False() }, Unsat},
		{"Bool(true)", func(c *Context) Term { return c.Bool(true) }, Sat},
		{"Bool(false)", func(c *Context) Term { return c.Bool(false) }, Unsat},
		{"Not p and p", func(c *Context) Term { return c.And(p(c), c.Not(p(c))) }, Unsat},
		{"Not sat", func(c *Context) Term { return c.Not(p(c)) }, Sat},
		{"And empty is true", func(c *Context) Term { return valid(c, c.And()) }, Unsat},
		{"And sat", func(c *Context) Term { return c.And(p(c), q(c)) }, Sat},
		{"Or excluded middle", func(c *Context) Term { return valid(c, c.Or(p(c), c.Not(p(c)))) }, Unsat},
		{"Or empty is false", func(c *Context) Term { return c.Or() }, Unsat},
		{"Implies modus ponens", func(c *Context) Term { return c.And(p(c), c.Implies(p(c), q(c)), c.Not(q(c))) }, Unsat},
		{"Implies vacuous", func(c *Context) Term { return c.And(c.Not(p(c)), c.Implies(p(c), q(c)), c.Not(q(c))) }, Sat},
		{"Iff", func(c *Context) Term { return c.And(c.Iff(p(c), q(c)), p(c), c.Not(q(c))) }, Unsat},
		{"Iff sat", func(c *Context) Term { return c.And(c.Iff(p(c), q(c)), c.Not(p(c)), c.Not(q(c))) }, Sat},
		{"Xor self", func(c *Context) Term { return c.Xor(p(c), p(c)) }, Unsat},
		{"Xor sat", func(c *Context) Term { return c.And(c.Xor(p(c), q(c)), q(c)) }, Sat},
		{"Eq bool", func(c *Context) Term { return c.And(c.Eq(p(c), c.Not(q(c))), c.Eq(p(c), q(c))) }, Unsat},
	})
}

func TestCoreOps(t *testing.T) {
	x := func(c *Context) Term { return intc(c, "x") }
	y := func(c *Context) Term { return intc(c, "y") }
	z := func(c *Context) Term { return intc(c, "z") }
	n := func(c *Context, v int64) Term { return c.Int(v) }
	in01 := func(c *Context, v Term) Term { return c.And(c.Le(n(c, 0), v), c.Le(v, n(c, 1))) }
	runOpCases(t, []opCase{
		{"Const same name is same constant", func(c *Context) Term { return c.Not(c.Eq(x(c), intc(c, "x"))) }, Unsat},
		{"FreshConst differs from Const", func(c *Context) Term {
			f := c.FreshConst("x", c.IntSort())
			return c.And(c.Eq(x(c), n(c, 1)), c.Eq(f, n(c, 2)))
		}, Sat},
		{"FreshConst twice differs", func(c *Context) Term {
			f1, f2 := c.FreshConst("x", c.IntSort()), c.FreshConst("x", c.IntSort())
			return c.Not(c.Eq(f1, f2))
		}, Sat},
		{"Eq x+1 == x", func(c *Context) Term { return c.Eq(c.Add(x(c), n(c, 1)), x(c)) }, Unsat},
		{"Eq sat", func(c *Context) Term { return c.Eq(c.Add(x(c), n(c, 1)), y(c)) }, Sat},
		{"Distinct three in {0,1}", func(c *Context) Term {
			return c.And(in01(c, x(c)), in01(c, y(c)), in01(c, z(c)), c.Distinct(x(c), y(c), z(c)))
		}, Unsat},
		{"Distinct two in {0,1}", func(c *Context) Term {
			return c.And(in01(c, x(c)), in01(c, y(c)), c.Distinct(x(c), y(c)))
		}, Sat},
		{"Distinct of one is true", func(c *Context) Term { return valid(c, c.Distinct(x(c))) }, Unsat},
		{"Ite value", func(c *Context) Term { return c.Eq(c.Ite(boolc(c, "p"), n(c, 1), n(c, 2)), n(c, 3)) }, Unsat},
		{"Ite true branch", func(c *Context) Term { return c.Not(c.Eq(c.Ite(c.True(), x(c), y(c)), x(c))) }, Unsat},
		{"Ite sat", func(c *Context) Term { return c.Eq(c.Ite(boolc(c, "p"), n(c, 1), n(c, 2)), n(c, 2)) }, Sat},
		{"Add empty is 0", func(c *Context) Term { return valid(c, c.Eq(c.Add(), n(c, 0))) }, Unsat},
		{"Add many", func(c *Context) Term { return valid(c, c.Eq(c.Add(n(c, 1), n(c, 2), n(c, 3)), n(c, 6))) }, Unsat},
		{"Sub x-x", func(c *Context) Term { return c.Not(c.Eq(c.Sub(x(c), x(c)), n(c, 0))) }, Unsat},
		{"Sub sat", func(c *Context) Term { return c.Eq(c.Sub(x(c), y(c)), n(c, 5)) }, Sat},
		{"Mul 3x == 7", func(c *Context) Term { return c.Eq(c.Mul(n(c, 3), x(c)), n(c, 7)) }, Unsat},
		{"Mul 3x == 9", func(c *Context) Term { return c.Eq(c.Mul(n(c, 3), x(c)), n(c, 9)) }, Sat},
		{"Mul empty is 1", func(c *Context) Term { return valid(c, c.Eq(c.Mul(), n(c, 1))) }, Unsat},
		{"Mul square negative", func(c *Context) Term { return c.Lt(c.Mul(x(c), x(c)), n(c, 0)) }, Unsat},
		{"Neg", func(c *Context) Term { return c.Not(c.Eq(c.Add(c.Neg(x(c)), x(c)), n(c, 0))) }, Unsat},
		{"Lt antisymmetric", func(c *Context) Term { return c.And(c.Lt(x(c), y(c)), c.Lt(y(c), x(c))) }, Unsat},
		{"Le antisymmetric", func(c *Context) Term {
			return c.And(c.Le(x(c), y(c)), c.Le(y(c), x(c)), c.Not(c.Eq(x(c), y(c))))
		}, Unsat},
		{"Gt irreflexive", func(c *Context) Term { return c.Gt(x(c), x(c)) }, Unsat},
		{"Ge reflexive", func(c *Context) Term { return c.Not(c.Ge(x(c), x(c))) }, Unsat},
		{"Gt Ge sat", func(c *Context) Term { return c.And(c.Gt(x(c), y(c)), c.Ge(y(c), n(c, 3))) }, Sat},
		{"BigInt ordering", func(c *Context) Term {
			b := new(big.Int).Lsh(big.NewInt(1), 100)
			return c.Not(c.Gt(c.BigInt(new(big.Int).Add(b, big.NewInt(1))), c.BigInt(b)))
		}, Unsat},
		{"BigInt negative", func(c *Context) Term {
			b := new(big.Int).Lsh(big.NewInt(-1), 90)
			return c.Not(c.Lt(c.BigInt(b), c.Int(-1<<62)))
		}, Unsat},
		{"BigInt small equals Int", func(c *Context) Term { return c.Not(c.Eq(c.BigInt(big.NewInt(-42)), n(c, -42))) }, Unsat},
		{"UninterpretedSort distinct three", func(c *Context) Term {
			U := c.UninterpretedSort("U")
			return c.Distinct(c.Const("u1", U), c.Const("u2", U), c.Const("u3", U))
		}, Sat},
		{"UninterpretedSort eq", func(c *Context) Term {
			U := c.UninterpretedSort("U")
			a, b := c.Const("u1", U), c.Const("u2", U)
			return c.And(c.Eq(a, b), c.Not(c.Eq(b, a)))
		}, Unsat},
	})
}

// TestDivModRem pins Z3's integer division semantics on negatives:
// SMT-LIB div/mod (mod always in [0,|b|)), and rem whose sign follows the
// divisor.
func TestDivModRem(t *testing.T) {
	tests := []struct{ a, b, div, mod, rem int64 }{
		{7, 2, 3, 1, 1},
		{-7, 2, -4, 1, 1},
		{7, -2, -3, 1, -1},
		{-7, -2, 4, 1, -1},
		{6, 3, 2, 0, 0},
		{-6, 3, -2, 0, 0},
	}
	var cases []opCase
	for _, tt := range tests {
		tt := tt
		cases = append(cases, opCase{
			name: "values",
			build: func(c *Context) Term {
				a, b := c.Int(tt.a), c.Int(tt.b)
				return c.Not(c.And(
					c.Eq(c.Div(a, b), c.Int(tt.div)),
					c.Eq(c.Mod(a, b), c.Int(tt.mod)),
					c.Eq(c.Rem(a, b), c.Int(tt.rem))))
			},
			want: Unsat,
		})
	}
	cases = append(cases,
		opCase{"mod of symbolic is non-negative", func(c *Context) Term {
			x, y := intc(c, "x"), intc(c, "y")
			return c.And(c.Not(c.Eq(y, c.Int(0))), c.Lt(c.Mod(x, y), c.Int(0)))
		}, Unsat},
		opCase{"div mod identity", func(c *Context) Term {
			x := intc(c, "x")
			k := c.Int(-3)
			return c.Not(c.Eq(x, c.Add(c.Mul(k, c.Div(x, k)), c.Mod(x, k))))
		}, Unsat},
	)
	runOpCases(t, cases)
}

func TestStringOps(t *testing.T) {
	s := func(c *Context) Term { return strc(c, "s") }
	str := func(c *Context, v string) Term { return c.String(v) }
	n := func(c *Context, v int64) Term { return c.Int(v) }
	eqs := func(c *Context, a Term, v string) Term { return valid(c, c.Eq(a, str(c, v))) }
	eqn := func(c *Context, a Term, v int64) Term { return valid(c, c.Eq(a, n(c, v))) }
	runOpCases(t, []opCase{
		{"Contains @ in bob", func(c *Context) Term {
			return c.And(c.Contains(s(c), str(c, "@")), c.Eq(s(c), str(c, "bob")))
		}, Unsat},
		{"Contains sat", func(c *Context) Term {
			return c.And(c.Contains(s(c), str(c, "@")), c.HasPrefix(s(c), str(c, "x")), c.Eq(c.Length(s(c)), n(c, 7)))
		}, Sat},
		{"Contains literal", func(c *Context) Term { return valid(c, c.Contains(str(c, "bob@x"), str(c, "@"))) }, Unsat},
		{"HasPrefix literal", func(c *Context) Term { return valid(c, c.HasPrefix(str(c, "hello"), str(c, "he"))) }, Unsat},
		{"HasPrefix order", func(c *Context) Term { return c.HasPrefix(str(c, "he"), str(c, "hello")) }, Unsat},
		{"HasPrefix conflict", func(c *Context) Term {
			return c.And(c.HasPrefix(s(c), str(c, "ab")), c.HasPrefix(s(c), str(c, "b")))
		}, Unsat},
		{"HasSuffix literal", func(c *Context) Term { return valid(c, c.HasSuffix(str(c, "hello"), str(c, "lo"))) }, Unsat},
		{"HasSuffix order", func(c *Context) Term { return c.HasSuffix(str(c, "lo"), str(c, "hello")) }, Unsat},
		{"HasSuffix conflict", func(c *Context) Term {
			return c.And(c.HasSuffix(s(c), str(c, "a")), c.HasSuffix(s(c), str(c, "b")))
		}, Unsat},
		{"Length concat", func(c *Context) Term {
			return c.And(c.Eq(c.Length(c.Concat(str(c, "ab"), s(c))), n(c, 2)), c.Not(c.Eq(s(c), str(c, ""))))
		}, Unsat},
		{"Length café", func(c *Context) Term { return eqn(c, c.Length(str(c, "café")), 4) }, Unsat},
		{"Length 日本", func(c *Context) Term { return eqn(c, c.Length(str(c, "日本")), 2) }, Unsat},
		{"Length emoji", func(c *Context) Term { return eqn(c, c.Length(str(c, "😀")), 1) }, Unsat},
		{"Length backslash", func(c *Context) Term { return eqn(c, c.Length(str(c, `a\u{41}`)), 7) }, Unsat},
		{"Concat literals", func(c *Context) Term { return eqs(c, c.Concat(str(c, "ab"), str(c, "c"), str(c, "d")), "abcd") }, Unsat},
		{"Concat empty", func(c *Context) Term { return eqs(c, c.Concat(), "") }, Unsat},
		{"At", func(c *Context) Term { return eqs(c, c.At(str(c, "abc"), n(c, 1)), "b") }, Unsat},
		{"At non-ASCII", func(c *Context) Term { return eqs(c, c.At(str(c, "日本"), n(c, 1)), "本") }, Unsat},
		{"At out of range", func(c *Context) Term { return eqs(c, c.At(str(c, "abc"), n(c, 5)), "") }, Unsat},
		{"IndexOf", func(c *Context) Term { return eqn(c, c.IndexOf(str(c, "hello"), str(c, "l"), n(c, 0)), 2) }, Unsat},
		{"IndexOf offset", func(c *Context) Term { return eqn(c, c.IndexOf(str(c, "hello"), str(c, "l"), n(c, 3)), 3) }, Unsat},
		{"IndexOf missing", func(c *Context) Term { return eqn(c, c.IndexOf(str(c, "hello"), str(c, "z"), n(c, 0)), -1) }, Unsat},
		{"IndexOf symbolic", func(c *Context) Term {
			return c.And(c.Eq(c.IndexOf(s(c), str(c, "@"), n(c, 0)), n(c, -1)), c.Contains(s(c), str(c, "@")))
		}, Unsat},
		{"Extract", func(c *Context) Term { return eqs(c, c.Extract(str(c, "hello"), n(c, 1), n(c, 3)), "ell") }, Unsat},
		{"Extract past end", func(c *Context) Term { return eqs(c, c.Extract(str(c, "hello"), n(c, 3), n(c, 10)), "lo") }, Unsat},
		{"Replace first", func(c *Context) Term { return eqs(c, c.Replace(str(c, "aXbX"), str(c, "X"), str(c, "Y")), "aYbX") }, Unsat},
		{"Replace missing", func(c *Context) Term { return eqs(c, c.Replace(str(c, "ab"), str(c, "X"), str(c, "Y")), "ab") }, Unsat},
		{"IntToString", func(c *Context) Term { return eqs(c, c.IntToString(n(c, 42)), "42") }, Unsat},
		{"IntToString negative is empty", func(c *Context) Term { return eqs(c, c.IntToString(n(c, -5)), "") }, Unsat},
		{"IntToString symbolic", func(c *Context) Term {
			x := intc(c, "x")
			return c.And(c.Eq(c.IntToString(x), str(c, "12")), c.Not(c.Eq(x, n(c, 12))))
		}, Unsat},
		{"StringToInt", func(c *Context) Term { return eqn(c, c.StringToInt(str(c, "123")), 123) }, Unsat},
		{"StringToInt non-digits", func(c *Context) Term { return eqn(c, c.StringToInt(str(c, "12a")), -1) }, Unsat},
		{"StringToInt empty", func(c *Context) Term { return eqn(c, c.StringToInt(str(c, "")), -1) }, Unsat},
		{"StrLt literals", func(c *Context) Term { return valid(c, c.StrLt(str(c, "abc"), str(c, "abd"))) }, Unsat},
		{"StrLt order", func(c *Context) Term { return c.StrLt(str(c, "b"), str(c, "a")) }, Unsat},
		{"StrLt irreflexive", func(c *Context) Term { return c.StrLt(s(c), s(c)) }, Unsat},
		{"StrLe reflexive", func(c *Context) Term { return c.Not(c.StrLe(s(c), s(c))) }, Unsat},
		{"StrLe sat", func(c *Context) Term { return c.And(c.StrLe(s(c), str(c, "b")), c.Not(c.Eq(s(c), str(c, "b")))) }, Sat},
	})
}

func TestArrayFuncQuantRecordOps(t *testing.T) {
	I := func(c *Context) Sort { return c.IntSort() }
	arr := func(c *Context) Term { return c.Const("arr", c.ArraySort(I(c), I(c))) }
	x := func(c *Context) Term { return intc(c, "x") }
	y := func(c *Context) Term { return intc(c, "y") }
	f := func(c *Context) FuncDecl { return c.FuncDecl("f", []Sort{I(c)}, I(c)) }
	rec := func(c *Context) Record {
		return c.TupleSort("Pt", []string{"px", "py"}, []Sort{I(c), I(c)})
	}
	runOpCases(t, []opCase{
		{"Select Store same index", func(c *Context) Term {
			return c.Not(c.Eq(c.Select(c.Store(arr(c), x(c), c.Int(7)), x(c)), c.Int(7)))
		}, Unsat},
		{"Select Store other index", func(c *Context) Term {
			a := arr(c)
			return c.And(c.Not(c.Eq(x(c), y(c))), c.Not(c.Eq(c.Select(c.Store(a, x(c), c.Int(7)), y(c)), c.Select(a, y(c)))))
		}, Unsat},
		{"Select Store sat", func(c *Context) Term {
			return c.Eq(c.Select(c.Store(arr(c), x(c), c.Int(7)), y(c)), c.Int(8))
		}, Sat},
		{"ConstArray", func(c *Context) Term {
			return c.Not(c.Eq(c.Select(c.ConstArray(I(c), c.Int(7)), x(c)), c.Int(7)))
		}, Unsat},
		{"String to Bool array", func(c *Context) Term {
			locked := c.Const("locked", c.ArraySort(c.StringSort(), c.BoolSort()))
			st := c.Store(c.Store(locked, c.String("door"), c.True()), c.String("gate"), c.False())
			return c.Not(c.Select(st, c.String("door")))
		}, Unsat},
		{"uninterpreted function congruence", func(c *Context) Term {
			return c.And(c.Not(c.Eq(c.Apply(f(c), x(c)), c.Apply(f(c), y(c)))), c.Eq(x(c), y(c)))
		}, Unsat},
		{"uninterpreted function sat", func(c *Context) Term {
			return c.Not(c.Eq(c.Apply(f(c), x(c)), c.Apply(f(c), y(c))))
		}, Sat},
		{"FuncDecl nullary is Const", func(c *Context) Term {
			k := c.FuncDecl("x", nil, I(c))
			return c.Not(c.Eq(c.Apply(k), x(c)))
		}, Unsat},
		{"FuncDecl two args", func(c *Context) Term {
			g := c.FuncDecl("g", []Sort{I(c), c.StringSort()}, c.BoolSort())
			return c.And(c.Apply(g, x(c), c.String("a")), c.Not(c.Apply(g, x(c), c.Concat(c.String("a")))))
		}, Unsat},
		{"FreshFuncDecl differs", func(c *Context) Term {
			g1 := c.FreshFuncDecl("f", []Sort{I(c)}, I(c))
			g2 := c.FreshFuncDecl("f", []Sort{I(c)}, I(c))
			return c.And(c.Not(c.Eq(c.Apply(g1, x(c)), c.Apply(g2, x(c)))), c.Not(c.Eq(c.Apply(g1, x(c)), c.Apply(f(c), x(c)))))
		}, Sat},
		{"Forall instance", func(c *Context) Term {
			i := intc(c, "i")
			return c.And(c.Forall([]Term{i}, c.Gt(c.Apply(f(c), i), c.Int(0))), c.Le(c.Apply(f(c), c.Int(3)), c.Int(0)))
		}, Unsat},
		{"Forall valid", func(c *Context) Term {
			i := intc(c, "i")
			return c.Not(c.Forall([]Term{i}, c.Gt(c.Add(i, c.Int(1)), i)))
		}, Unsat},
		{"Forall bounded range", func(c *Context) Term {
			i, k, n := intc(c, "i"), intc(c, "k"), intc(c, "n")
			g := c.FuncDecl("addr_of", []Sort{I(c)}, c.StringSort())
			h := c.FuncDecl("row_email", []Sort{I(c)}, c.StringSort())
			body := c.Implies(c.And(c.Le(c.Int(0), i), c.Lt(i, n)), c.Eq(c.Apply(g, i), c.Apply(h, i)))
			return c.And(c.Forall([]Term{i}, body), c.Le(c.Int(0), k), c.Lt(k, n),
				c.Not(c.Eq(c.Apply(g, k), c.Apply(h, k))))
		}, Unsat},
		{"Forall two bound", func(c *Context) Term {
			i, j := intc(c, "i"), intc(c, "j")
			return c.Not(c.Forall([]Term{i, j}, c.Eq(c.Add(i, j), c.Add(j, i))))
		}, Unsat},
		{"Exists none", func(c *Context) Term {
			i := intc(c, "i")
			return c.Exists([]Term{i}, c.And(c.Gt(i, c.Int(5)), c.Lt(i, c.Int(7)), c.Not(c.Eq(i, c.Int(6)))))
		}, Unsat},
		{"Exists witness", func(c *Context) Term {
			i := intc(c, "i")
			return c.Exists([]Term{i}, c.Eq(c.Apply(f(c), i), c.Int(3)))
		}, Sat},
		{"Exists no bound is body", func(c *Context) Term { return c.Exists(nil, c.False()) }, Unsat},
		{"Record projections of Make", func(c *Context) Term {
			r := rec(c)
			p := c.Apply(r.Make, c.Int(1), c.Int(2))
			return c.Or(c.Not(c.Eq(c.Apply(r.Fields[0], p), c.Int(1))), c.Not(c.Eq(c.Apply(r.Fields[1], p), c.Int(2))))
		}, Unsat},
		{"Record injective", func(c *Context) Term {
			r := rec(c)
			return c.And(c.Eq(c.Apply(r.Make, x(c), y(c)), c.Apply(r.Make, c.Int(1), c.Int(2))), c.Not(c.Eq(x(c), c.Int(1))))
		}, Unsat},
		{"Record eta", func(c *Context) Term {
			r := rec(c)
			v := c.Const("v", r.Sort)
			return c.Not(c.Eq(v, c.Apply(r.Make, c.Apply(r.Fields[0], v), c.Apply(r.Fields[1], v))))
		}, Unsat},
		{"Record mixed fields", func(c *Context) Term {
			r := c.TupleSort("State", []string{"locked", "steps", "who"},
				[]Sort{c.ArraySort(c.StringSort(), c.BoolSort()), I(c), c.StringSort()})
			st := c.Const("st", r.Sort)
			next := c.Apply(r.Make, c.Store(c.Apply(r.Fields[0], st), c.String("door"), c.True()),
				c.Add(c.Apply(r.Fields[1], st), c.Int(1)), c.String("bob"))
			return c.Or(
				c.Not(c.Select(c.Apply(r.Fields[0], next), c.String("door"))),
				c.Not(c.Eq(c.Apply(r.Fields[1], next), c.Add(c.Apply(r.Fields[1], st), c.Int(1)))),
				c.Not(c.Eq(c.Apply(r.Fields[2], next), c.String("bob"))))
		}, Unsat},
		{"Record sat", func(c *Context) Term {
			r := rec(c)
			v := c.Const("v", r.Sort)
			return c.Gt(c.Apply(r.Fields[0], v), c.Apply(r.Fields[1], v))
		}, Sat},
	})
}

func TestSortsAndStrings(t *testing.T) {
	c := newCtx(t)
	I, B, S := c.IntSort(), c.BoolSort(), c.StringSort()
	A := c.ArraySort(I, B)
	U := c.UninterpretedSort("U")
	r := c.TupleSort("Pt", []string{"px", "py"}, []Sort{I, I})
	tests := []struct {
		s    Sort
		kind SortKind
		str  string
	}{
		{I, SortInt, "Int"},
		{B, SortBool, "Bool"},
		{S, SortString, "String"},
		{A, SortArray, "(Array Int Bool)"},
		{U, SortUninterpreted, "U"},
		{r.Sort, SortDatatype, "Pt"},
		{Sort{}, SortOther, "<invalid sort>"},
	}
	for _, tt := range tests {
		if got := tt.s.Kind(); got != tt.kind {
			t.Errorf("Kind(%s) = %v, want %v", tt.str, got, tt.kind)
		}
		if got := tt.s.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
	}
	if c.IntSort() != I || c.ArraySort(I, B) != A || c.UninterpretedSort("U") != U {
		t.Errorf("sorts are not hash-consed")
	}
	x := intc(c, "x")
	if got := x.Sort(); got != I {
		t.Errorf("x.Sort() = %v", got)
	}
	if got := c.Const("a", A).Sort().Kind(); got != SortArray {
		t.Errorf("array const kind %v", got)
	}
	if got, want := c.Add(x, c.Int(1)).String(), "(+ x 1)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := c.String("a\\\"é").String(), `"a\""\u{e9}"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := r.Make.Name(), "Pt"; got != want {
		t.Errorf("Make.Name() = %q, want %q", got, want)
	}
	if got, want := r.Fields[1].Name(), "py"; got != want {
		t.Errorf("Fields[1].Name() = %q, want %q", got, want)
	}
	if got := c.FuncDecl("f", []Sort{I}, B).String(); got != "(declare-fun f (Int) Bool)" {
		t.Errorf("FuncDecl.String() = %q", got)
	}
	if (Term{}).IsValid() || (Term{}).String() != "<invalid term>" || (Term{}).Sort().IsValid() {
		t.Errorf("zero Term misbehaves")
	}
	for _, k := range []Result{Sat, Unsat, Unknown} {
		if k.String() != map[Result]string{Sat: "sat", Unsat: "unsat", Unknown: "unknown"}[k] {
			t.Errorf("Result %d String() = %q", k, k)
		}
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestCardinality(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolver(time.Second)
	defer s.Close()
	bs := []Term{boolc(c, "a"), boolc(c, "b"), boolc(c, "c")}
	cases := []struct {
		name string
		f    Term
		want Result
	}{
		{"at most 1 with two true", c.And(c.AtMost(bs, 1), bs[0], bs[1]), Unsat},
		{"at most 2 with two true", c.And(c.AtMost(bs, 2), bs[0], bs[1]), Sat},
		{"at least 3 with one false", c.And(c.AtLeast(bs, 3), c.Not(bs[2])), Unsat},
		{"at least 2 with one false", c.And(c.AtLeast(bs, 2), c.Not(bs[2])), Sat},
		{"at most 0 of none", c.AtMost(nil, 0), Sat},
		{"at least 1 of none", c.AtLeast(nil, 1), Unsat},
	}
	for _, tt := range cases {
		s.Push()
		s.Assert(tt.f)
		r, err := s.Check()
		s.Pop(1)
		if err != nil || r != tt.want {
			t.Errorf("%s: got %v, %v; want %v", tt.name, r, err, tt.want)
		}
	}
}
