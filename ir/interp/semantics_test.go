package interp

import (
	"math"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// semCase is one semantic test: a hand-built IR main, the Python body of
// the same main (py), and want: CPython 3.11's stdout for `main()`, then
// "!! " and the last traceback line if it raised. The wants were produced
// by running py under python3 (gen_expect.py) and are kept as literals.
type semCase struct {
	name string
	py   string
	prog func(b *fnB) []ir.Stmt
	want string
}

// pe is a case that prints one expression per line.
func pe(name, py string, es ...ir.Expr) semCase {
	return semCase{name: name, py: py, prog: func(*fnB) []ir.Stmt {
		ss := make([]ir.Stmt, len(es))
		for i, e := range es {
			ss[i] = Print(e)
		}
		return ss
	}}
}

// pl is a case that prints its expressions on one line.
func pl(name, py string, es ...ir.Expr) semCase {
	return semCase{name: name, py: py, prog: func(*fnB) []ir.Stmt { return Stmts(Print(es...)) }}
}

// ps is a case made of the given statements.
func ps(name, py string, ss ...ir.Stmt) semCase {
	return semCase{name: name, py: py, prog: func(*fnB) []ir.Stmt { return ss }}
}

func (c semCase) w(want string) semCase { c.want = want; return c }

// lenKey is lambda s: len(s) over str.
func lenKey() *ir.Lambda {
	p := &ir.Local{Pos: P, Name: "s", Type: tStr}
	return lam([]*ir.Local{p}, Bi("len", tInt, L(p)))
}

func runCases(t *testing.T, cases []semCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mainWith(c.prog)
			got := runProg(t, p, Options{})
			if got != c.want {
				t.Errorf("python:\n%s\ngot:\n%s\nCPython:\n%s", c.py, got, c.want)
			}
		})
	}
}

func TestIntArithmetic(t *testing.T) {
	runCases(t, []semCase{
		pl("floordiv", `print(-7 // 2, 7 // -2, -7 // -2, 7 // 2, 0 // -3)`,
			Bin(ir.FloorDiv, I(-7), I(2)), Bin(ir.FloorDiv, I(7), I(-2)), Bin(ir.FloorDiv, I(-7), I(-2)), Bin(ir.FloorDiv, I(7), I(2)), Bin(ir.FloorDiv, I(0), I(-3))).w(
			"-4 -4 3 3 0\n"),
		pl("mod", `print(-7 % 2, 7 % -2, -7 % -2, 7 % 3, -6 % 3)`,
			Bin(ir.Mod, I(-7), I(2)), Bin(ir.Mod, I(7), I(-2)), Bin(ir.Mod, I(-7), I(-2)), Bin(ir.Mod, I(7), I(3)), Bin(ir.Mod, I(-6), I(3))).w(
			"1 -1 -1 1 0\n"),
		pe("pow", `print(2 ** 10); print(2 ** -1); print((-2) ** -2); print(0 ** 0); print((-3) ** 3)`,
			Bin(ir.Pow, I(2), I(10)), Bin(ir.Pow, I(2), I(-1)), Bin(ir.Pow, I(-2), I(-2)), Bin(ir.Pow, I(0), I(0)), Bin(ir.Pow, I(-3), I(3))).w(
			"1024\n0.5\n0.25\n1\n-27\n"),
		pe("true division", `print(1 / 4); print(7 / 7); print(-1 / 3); print(9007199254740993 / 1)`,
			Bin(ir.Div, I(1), I(4)), Bin(ir.Div, I(7), I(7)), Bin(ir.Div, I(-1), I(3)), Bin(ir.Div, I(9007199254740993), I(1))).w(
			"0.25\n1.0\n-0.3333333333333333\n9007199254740992.0\n"),
		ps("bool arithmetic", `print(True + True); print(True * 3.5); print(abs(False)); print(True // 2, False ** 0, 3 - True)`,
			Print(Bin(ir.Add, B(true), B(true))), Print(Bin(ir.Mul, B(true), F(3.5))), Print(Bi("abs", tInt, B(false))), Print(Bin(ir.FloorDiv, B(true), I(2)), Bin(ir.Pow, B(false), I(0)), Bin(ir.Sub, I(3), B(true)))).w(
			"2\n3.5\n0\n0 1 2\n"),
		pe("max int", `print(9223372036854775807 - 1 + 1); print(-9223372036854775807 - 1)`,
			Bin(ir.Add, Bin(ir.Sub, I(math.MaxInt64), I(1)), I(1)), Bin(ir.Sub, Neg(I(math.MaxInt64)), I(1))).w(
			"9223372036854775807\n-9223372036854775808\n"),
		pe("zero floordiv", `print(1 // 0)`, Bin(ir.FloorDiv, I(1), I(0))).w(
			"!! ZeroDivisionError: integer division or modulo by zero"),
		pe("zero mod", `print(1 % 0)`, Bin(ir.Mod, I(1), I(0))).w(
			"!! ZeroDivisionError: integer modulo by zero"),
		pe("zero div", `print(1 / 0)`, Bin(ir.Div, I(1), I(0))).w(
			"!! ZeroDivisionError: division by zero"),
		pe("zero pow", `print(0 ** -1)`, Bin(ir.Pow, I(0), I(-1))).w(
			"!! ZeroDivisionError: 0.0 cannot be raised to a negative power"),
	})
}

// The 64-bit int model: where CPython would grow a big int, the
// interpreter raises OverflowError (a documented difference), so these
// wants are not CPython's.
func TestIntOverflow(t *testing.T) {
	big := I(math.MaxInt64)
	minInt := Bin(ir.Sub, Neg(big), I(1))
	for _, c := range []struct {
		name string
		e    ir.Expr
	}{
		{"add", Bin(ir.Add, big, I(1))},
		{"sub", Bin(ir.Sub, minInt, I(1))},
		{"mul", Bin(ir.Mul, big, I(2))},
		{"mul neg", Bin(ir.Mul, minInt, I(-1))},
		{"pow", Bin(ir.Pow, I(2), I(63))},
		{"pow neg", Bin(ir.Pow, I(-3), I(40))},
		{"neg", Neg(minInt)},
		{"abs", Bi("abs", tInt, minInt)},
		{"floordiv", Bin(ir.FloorDiv, minInt, I(-1))},
		{"int of float", Bi("int", tInt, F(1e19))},
		{"int of str", Bi("int", tInt, S("9223372036854775808"))},
		{"round", Bi("round", tInt, F(1e19))},
		{"sum", Bi("sum", tInt, Lst(tInt, big, I(1)))},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := runProg(t, mainWith(func(*fnB) []ir.Stmt { return Stmts(Print(c.e)) }), Options{})
			if got != "!! OverflowError: integer overflow" {
				t.Errorf("got %q", got)
			}
		})
	}
	// Edges that still fit.
	runCases(t, []semCase{
		pe("fits", `print(-9223372036854775808 // 1); print(-9223372036854775808 % -1); print((-2) ** 63); print(3037000499 ** 2)`,
			Bin(ir.FloorDiv, minInt, I(1)), Bin(ir.Mod, minInt, I(-1)), Bin(ir.Pow, I(-2), I(63)), Bin(ir.Pow, I(3037000499), I(2))).w(
			"-9223372036854775808\n0\n-9223372036854775808\n9223372030926249001\n"),
	})
}

func TestFloats(t *testing.T) {
	runCases(t, []semCase{
		pe("repr", `for x in [1.0, 0.1, 1e16, 1e15, 1e-05, 0.0001, -0.0, 1.5e300, 5e-324, 0.1 + 0.2, 1/3, 2.5, 100.0, 123456789012345680.0, 1e22, float('inf'), -float('inf'), float('nan')]: print(x)`,
			F(1.0), F(0.1), F(1e16), F(1e15), F(1e-05), F(0.0001), F(math.Copysign(0, -1)), F(1.5e300), F(5e-324), Bin(ir.Add, F(0.1), F(0.2)), Bin(ir.Div, I(1), I(3)), F(2.5), F(100.0), F(123456789012345680.0), F(1e22),
			Bi("float", tFloat, S("inf")), Neg(Bi("float", tFloat, S("inf"))), Bi("float", tFloat, S("nan"))).w(
			"1.0\n0.1\n1e+16\n1000000000000000.0\n1e-05\n0.0001\n-0.0\n1.5e+300\n5e-324\n0.30000000000000004\n0.3333333333333333\n2.5\n100.0\n1.2345678901234568e+17\n1e+22\ninf\n-inf\nnan\n"),
		pl("str and fstring", `x = 1e16; print(str(x), f"{x}", repr(x), [x, 0.5])`,
			Bi("str", tStr, F(1e16)), FStr(Fld(F(1e16), 0, "")), Bi("repr", tStr, F(1e16)), Floats(1e16, 0.5)).w(
			"1e+16 1e+16 1e+16 [1e+16, 0.5]\n"),
		pl("floordiv mod", `print(-7.5 // 2, -7.5 % 2, 7.5 % -2, 0.0 % -2, -0.0 % 2, 5.0 // 0.5, -1 // 0.3, 1e308 * 10)`,
			Bin(ir.FloorDiv, F(-7.5), I(2)), Bin(ir.Mod, F(-7.5), I(2)), Bin(ir.Mod, F(7.5), I(-2)), Bin(ir.Mod, F(0), I(-2)), Bin(ir.Mod, F(math.Copysign(0, -1)), I(2)), Bin(ir.FloorDiv, F(5), F(0.5)), Bin(ir.FloorDiv, I(-1), F(0.3)), Bin(ir.Mul, F(1e308), I(10))).w(
			"-4.0 0.5 -0.5 -0.0 0.0 10.0 -4.0 inf\n"),
		pe("float div zero", `print(1.0 / 0)`, Bin(ir.Div, F(1), I(0))).w("!! ZeroDivisionError: float division by zero"),
		pe("float floordiv zero", `print(1.0 // 0.0)`, Bin(ir.FloorDiv, F(1), F(0))).w("!! ZeroDivisionError: float floor division by zero"),
		pe("float mod zero", `print(1.0 % 0)`, Bin(ir.Mod, F(1), I(0))).w("!! ZeroDivisionError: float modulo"),
		pl("pow", `print(2.0 ** 0.5, 1.1 ** 10, 1.05 ** 12, 10 ** -2, 2.5 ** -1, (-2.0) ** 3, 0.0 ** 0, 3.0 ** 1.7)`,
			Bin(ir.Pow, F(2), F(0.5)), Bin(ir.Pow, F(1.1), I(10)), Bin(ir.Pow, F(1.05), I(12)), Bin(ir.Pow, I(10), I(-2)), Bin(ir.Pow, F(2.5), I(-1)), Bin(ir.Pow, F(-2), I(3)), Bin(ir.Pow, F(0), I(0)), Bin(ir.Pow, F(3), F(1.7))).w(
			"1.4142135623730951 2.5937424601000023 1.79585632602213 0.01 0.4 -8.0 1.0 6.473007839923779\n"),
		pe("pow overflow", `print(10.0 ** 400)`, Bin(ir.Pow, F(10), I(400))).w("!! OverflowError: (34, 'Numerical result out of range')"),
		pl("mixed compare", `print(2**53 + 1 == float(2**53), 1 == 1.0, 1 < 1.5, 9223372036854775807 < 9.3e18, 3 > float('nan'), 0.1 + 0.2 == 0.3)`,
			Cmp(Bin(ir.Add, I(1<<53), I(1)), ir.Eq, F(1<<53)), Cmp(I(1), ir.Eq, F(1)), Cmp(I(1), ir.Lt, F(1.5)), Cmp(I(math.MaxInt64), ir.Lt, F(9.3e18)), Cmp(I(3), ir.Gt, Bi("float", tFloat, S("nan"))), Cmp(Bin(ir.Add, F(0.1), F(0.2)), ir.Eq, F(0.3))).w(
			"False True True True False False\n"),
		pl("round", `print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1250, -2), round(1234.5, -2), round(-0.4, 0), round(0.125, 2), round(0.375, 2), round(15, -1), round(True))`,
			Bi("round", tInt, F(2.5)), Bi("round", tInt, F(3.5)), Bi("round", tInt, F(-0.5)), Bi("round", tFloat, F(2.675), I(2)), Bi("round", tInt, I(1250), I(-2)), Bi("round", tFloat, F(1234.5), I(-2)), Bi("round", tFloat, F(-0.4), I(0)), Bi("round", tFloat, F(0.125), I(2)), Bi("round", tFloat, F(0.375), I(2)), Bi("round", tInt, I(15), I(-1)), Bi("round", tInt, B(true))).w(
			"2 4 0 2.67 1200 1200.0 -0.0 0.12 0.38 20 1\n"),
		pe("round errors", `print(round(float('inf')))`, Bi("round", tInt, Bi("float", tFloat, S("inf")))).w("!! OverflowError: cannot convert float infinity to integer"),
		pe("round nan", `print(round(float('nan')))`, Bi("round", tInt, Bi("float", tFloat, S("nan")))).w("!! ValueError: cannot convert float NaN to integer"),
		pe("round too large", `print(round(1.7976931348623157e308, -308))`, Bi("round", tFloat, F(math.MaxFloat64), I(-308))).w("!! OverflowError: rounded value too large to represent"),
	})
}

func TestStrings(t *testing.T) {
	s := S("héllo wörld")
	runCases(t, []semCase{
		pl("index", `s = "héllo wörld"; print(s[1], s[-1], s[7], len(s), s[1:4], s[::-1], s[::3], s[-3:], s[10:2:-2], s[100:])`,
			Idx(s, I(1)), Idx(s, I(-1)), Idx(s, I(7)), Bi("len", tInt, s), Sl(s, I(1), I(4), nil), Sl(s, nil, nil, I(-1)), Sl(s, nil, nil, I(3)), Sl(s, I(-3), nil, nil), Sl(s, I(10), I(2), I(-2)), Sl(s, I(100), nil, nil)).w(
			"é d ö 11 éll dlröw olléh hlwl rld drwo \n"),
		pe("index error", `print("abc"[5])`, Idx(S("abc"), I(5))).w("!! IndexError: string index out of range"),
		pe("index error neg", `print("é"[-2])`, Idx(S("é"), I(-2))).w("!! IndexError: string index out of range"),
		pe("slice step zero", `print("abc"[::0])`, Sl(S("abc"), nil, nil, I(0))).w("!! ValueError: slice step cannot be zero"),
		pl("case", `print("straße".upper(), "ǅungla".lower(), "ﬁne".upper(), "İ".lower(), len("İ".lower()), "ΟΔΟΣ".lower(), "ΣΑ Σ".lower(), "hello wORLD's 3rd".title(), "ǆemal".capitalize(), "ß".title(), "ABC".lower())`,
			Bi("str.upper", tStr, S("straße")), Bi("str.lower", tStr, S("ǅungla")), Bi("str.upper", tStr, S("ﬁne")), Bi("str.lower", tStr, S("İ")), Bi("len", tInt, Bi("str.lower", tStr, S("İ"))), Bi("str.lower", tStr, S("ΟΔΟΣ")), Bi("str.lower", tStr, S("ΣΑ Σ")), Bi("str.title", tStr, S("hello wORLD's 3rd")), Bi("str.capitalize", tStr, S("ǆemal")), Bi("str.title", tStr, S("ß")), Bi("str.lower", tStr, S("ABC"))).w(
			"STRASSE ǆungla FINE i̇ 2 οδος σα σ Hello World'S 3Rd ǅemal Ss abc\n"),
		pl("strip", `print(repr("  a b \t\n".strip()), repr("\x1c a\u3000".strip()), "xxhixyx".strip("xy"), "xxhi".lstrip("x"), "hixx".rstrip("x"), repr("  hi  ".lstrip()), repr("  hi  ".rstrip()), "ééaéé".strip("é"))`,
			Bi("repr", tStr, Bi("str.strip", tStr, S("  a b \t\n"))), Bi("repr", tStr, Bi("str.strip", tStr, S("\x1c a\u3000"))), Bi("str.strip", tStr, S("xxhixyx"), S("xy")), Bi("str.lstrip", tStr, S("xxhi"), S("x")), Bi("str.rstrip", tStr, S("hixx"), S("x")), Bi("repr", tStr, Bi("str.lstrip", tStr, S("  hi  "))), Bi("repr", tStr, Bi("str.rstrip", tStr, S("  hi  "))), Bi("str.strip", tStr, S("ééaéé"), S("é"))).w(
			"'a b' 'a' hi hi hi 'hi  ' '  hi' a\n"),
		pl("split", `print(" a  b c ".split(), "a,b,,c".split(","), "a,b,c".split(",", 1), "  a  b  c  ".split(None, 1), "".split(), "".split(","), "a\u3000b".split(), "a--b--c".split("--", -1), "abc".split("abc"))`,
			Bi("str.split", tList(tStr), S(" a  b c ")), Bi("str.split", tList(tStr), S("a,b,,c"), S(",")), Bi("str.split", tList(tStr), S("a,b,c"), S(","), I(1)), Kw(Bi("str.split", tList(tStr), S("  a  b  c  ")), "maxsplit", I(1)), Bi("str.split", tList(tStr), S("")), Bi("str.split", tList(tStr), S(""), S(",")), Bi("str.split", tList(tStr), S("a\u3000b")), Bi("str.split", tList(tStr), S("a--b--c"), S("--"), I(-1)), Bi("str.split", tList(tStr), S("abc"), S("abc"))).w(
			"['a', 'b', 'c'] ['a', 'b', '', 'c'] ['a', 'b,c'] ['a', 'b  c  '] [] [''] ['a', 'b'] ['a', 'b', 'c'] ['', '']\n"),
		pe("split empty sep", `print("a".split(""))`, Bi("str.split", tList(tStr), S("a"), S(""))).w("!! ValueError: empty separator"),
		pl("join replace", `print("-".join(["a", "é", "c"]), "".join([]), "aaaa".replace("a", "b", 2), "abc".replace("", "-"), "héhé".replace("é", "e"), "abc".replace("x", "y"))`,
			Bi("str.join", tStr, S("-"), Strs("a", "é", "c")), Bi("str.join", tStr, S(""), Strs()), Bi("str.replace", tStr, S("aaaa"), S("a"), S("b"), I(2)), Bi("str.replace", tStr, S("abc"), S(""), S("-")), Bi("str.replace", tStr, S("héhé"), S("é"), S("e")), Bi("str.replace", tStr, S("abc"), S("x"), S("y"))).w(
			"a-é-c  bbaa -a-b-c- hehe abc\n"),
		// The language's str.find and str.count take no start or end
		// (ir.BuiltinTable; Verify refuses more arguments).
		pl("find count", `print("héllo".find("l"), "abc".find(""), "abc".find("z"), "aaaa".count("aa"), "abc".count(""), "éé".count("é"), "abcabc".find("c"))`,
			Bi("str.find", tInt, S("héllo"), S("l")), Bi("str.find", tInt, S("abc"), S("")), Bi("str.find", tInt, S("abc"), S("z")), Bi("str.count", tInt, S("aaaa"), S("aa")), Bi("str.count", tInt, S("abc"), S("")), Bi("str.count", tInt, S("éé"), S("é")), Bi("str.find", tInt, S("abcabc"), S("c"))).w(
			"2 0 -1 2 4 2 2\n"),
		pl("predicates", `print("123".isdigit(), "²".isdigit(), "١٢".isdigit(), "½".isdigit(), "".isdigit(), "héllo".isalpha(), "a1".isalpha(), " \t\x1c\u3000".isspace(), "".isspace(), "日本".isalpha())`,
			Bi("str.isdigit", tBool, S("123")), Bi("str.isdigit", tBool, S("²")), Bi("str.isdigit", tBool, S("١٢")), Bi("str.isdigit", tBool, S("½")), Bi("str.isdigit", tBool, S("")), Bi("str.isalpha", tBool, S("héllo")), Bi("str.isalpha", tBool, S("a1")), Bi("str.isspace", tBool, S(" \t\x1c\u3000")), Bi("str.isspace", tBool, S("")), Bi("str.isalpha", tBool, S("日本"))).w(
			"True True True False False True False True False True\n"),
		pl("zfill splitlines", `print("42".zfill(5), "-42".zfill(5), "+é".zfill(4), "abc".zfill(2), "a\nb\r\nc\rd\x0be\x85f\u2028g".splitlines(), "a\nb\n".splitlines(), "".splitlines())`,
			Bi("str.zfill", tStr, S("42"), I(5)), Bi("str.zfill", tStr, S("-42"), I(5)), Bi("str.zfill", tStr, S("+é"), I(4)), Bi("str.zfill", tStr, S("abc"), I(2)), Bi("str.splitlines", tList(tStr), S("a\nb\r\nc\rd\x0be\u0085f\u2028g")), Bi("str.splitlines", tList(tStr), S("a\nb\n")), Bi("str.splitlines", tList(tStr), S(""))).w(
			"00042 -0042 +00é abc ['a', 'b', 'c', 'd', 'e', 'f', 'g'] ['a', 'b'] []\n"),
		pl("concat repeat compare", `print("ab" + "cé", "ab" * 3, "x" * 0, "x" * -2, "a" < "b", "é" > "z", "abc" < "abd", "ab" < "abc", "a" in "cat", "" in "x", "B" < "a")`,
			Bin(ir.Add, S("ab"), S("cé")), Bin(ir.Repeat, S("ab"), I(3)), Bin(ir.Repeat, S("x"), I(0)), Bin(ir.Repeat, S("x"), I(-2)), Cmp(S("a"), ir.Lt, S("b")), Cmp(S("é"), ir.Gt, S("z")), Cmp(S("abc"), ir.Lt, S("abd")), Cmp(S("ab"), ir.Lt, S("abc")), Cmp(S("a"), ir.In, S("cat")), Cmp(S(""), ir.In, S("x")), Cmp(S("B"), ir.Lt, S("a"))).w(
			"abcé ababab   True True True True True True True\n"),
		pl("ord chr", `print(ord("é"), ord("😀"), chr(233), chr(128512), repr(chr(0)), repr(chr(0x85)), repr(chr(0xe000)))`,
			Bi("ord", tInt, S("é")), Bi("ord", tInt, S("😀")), Bi("chr", tStr, I(233)), Bi("chr", tStr, I(128512)), Bi("repr", tStr, Bi("chr", tStr, I(0))), Bi("repr", tStr, Bi("chr", tStr, I(0x85))), Bi("repr", tStr, Bi("chr", tStr, I(0xe000)))).w(
			"233 128512 é 😀 '\\x00' '\\x85' '\\ue000'\n"),
		pe("ord error", `print(ord("ab"))`, Bi("ord", tInt, S("ab"))).w("!! TypeError: ord() expected a character, but string of length 2 found"),
		pe("chr error", `print(chr(1114112))`, Bi("chr", tStr, I(0x110000))).w("!! ValueError: chr() arg not in range(0x110000)"),
	})
}

func TestRepr(t *testing.T) {
	// Mixed-type containers do not type in the subset, so build them as
	// Go values and check str() directly.
	d := NewDict()
	d.Set("k", &List{Elems: []Value{int64(2)}})
	d.Set(int64(1), nil)
	s := NewSet()
	vals := []Value{int64(1), "a", nil, true, 1.5, Tuple{int64(1)}, Tuple{}, d, "it's", `say "hi"`, `both '"`, "tab\t", "é\n\x7f\u00a0\u200b", NewSet(), s}
	got := str(&List{Elems: vals})
	want := `[1, 'a', None, True, 1.5, (1,), (), {'k': [2], 1: None}, "it's", 'say "hi"', 'both \'"', 'tab\t', 'é\n\x7f\xa0\u200b', set(), set()]`
	if got != want {
		t.Errorf("str = %s\nCPython: %s", got, want)
	}
	s.Add(int64(3))
	if got := str(Tuple{s, Tuple{"x", 2.0}, -0.0}); got != "({3}, ('x', 2.0), 0.0)" {
		t.Errorf("got %s", got)
	}
	runCases(t, []semCase{
		{name: "print", py: `f = 1.0; n = None; print([1, 2], (1,), {'a': [], 'b': [f, n]}, "x", 'y', sep=", ", end="!\n"); print(); print("a", "b", sep=None, end=None)`, prog: func(b *fnB) []ir.Stmt {
			f, n := b.local("f", tOpt(tFloat)), b.local("n", tOpt(tFloat))
			return Stmts(Let(f, F(1)), Let(n, None()),
				Do(Kw(Kw(Bi("print", tNone, Ints(1, 2), Tup(I(1)), Dct(tStr, tList(tOpt(tFloat)), S("a"), Lst(tOpt(tFloat)), S("b"), Lst(tOpt(tFloat), L(f), L(n))), S("x"), S("y")), "sep", S(", ")), "end", S("!\n"))),
				Print(), Do(Kw(Kw(Bi("print", tNone, S("a"), S("b")), "sep", None()), "end", None())))
		}, want: "[1, 2], (1,), {'a': [], 'b': [1.0, None]}, x, y!\n\na b\n"},
		pl("str of str in containers", `print(str("a'b"), repr("a'b"), ["a'b", 'a"b', "a\\b"], ("é",))`,
			Bi("str", tStr, S("a'b")), Bi("repr", tStr, S("a'b")), Strs("a'b", `a"b`, `a\b`), Tup(S("é"))).w(
			"a'b \"a'b\" [\"a'b\", 'a\"b', 'a\\\\b'] ('é',)\n"),
		pl("bool none", `print(True, False, None, str(True), repr(None), [True])`,
			B(true), B(false), None(), Bi("str", tStr, B(true)), Bi("repr", tStr, None()), Lst(tBool, B(true))).w(
			"True False None True None [True]\n"),
	})
}

func TestFStrings(t *testing.T) {
	n, x, s := I(42), F(1234.5678), S("héllo")
	runCases(t, []semCase{
		pe("parts", `n = 42; x = 1234.5678; s = "héllo"; print(f"n={n} x={x:.2f} s={s!r} {s:>8}|{s:*^9}|{n:05d}|{n:x}|{n:#b}|{x:,.1f}|{x:e}|{x:10.3g}|{0.25:%}|{n!s:>4}|{True}|{None}|{['a']}|{1e16}|{-0.0:z.1f}|{n:_}|{1234567:,}|{x:+.0f}|{65:c}")`,
			FStr(Lit("n="), Fld(n, 0, ""), Lit(" x="), Fld(x, 0, ".2f"), Lit(" s="), Fld(s, 'r', ""), Lit(" "), Fld(s, 0, ">8"), Lit("|"), Fld(s, 0, "*^9"), Lit("|"), Fld(n, 0, "05d"), Lit("|"), Fld(n, 0, "x"), Lit("|"), Fld(n, 0, "#b"), Lit("|"), Fld(x, 0, ",.1f"), Lit("|"), Fld(x, 0, "e"), Lit("|"), Fld(x, 0, "10.3g"), Lit("|"), Fld(F(0.25), 0, "%"), Lit("|"), Fld(n, 's', ">4"), Lit("|"), Fld(B(true), 0, ""), Lit("|"), Fld(None(), 0, ""), Lit("|"), Fld(Lst(tStr, S("a")), 0, ""), Lit("|"), Fld(F(1e16), 0, ""), Lit("|"), Fld(F(math.Copysign(0, -1)), 0, "z.1f"), Lit("|"), Fld(n, 0, "_"), Lit("|"), Fld(I(1234567), 0, ","), Lit("|"), Fld(x, 0, "+.0f"), Lit("|"), Fld(I(65), 0, "c"))).w(
			"n=42 x=1234.57 s='héllo'    héllo|**héllo**|00042|2a|0b101010|1,234.6|1.234568e+03|  1.23e+03|25.000000%|  42|True|None|['a']|1e+16|0.0|42|1,234,567|+1235|A\n"),
		pe("bad spec", `print(f"{42:.2d}")`, FStr(Fld(I(42), 0, ".2d"))).w("!! ValueError: Precision not allowed in integer format specifier"),
		pe("bad code", `print(f"{'a':d}")`, FStr(Fld(S("a"), 0, "d"))).w("!! ValueError: Unknown format code 'd' for object of type 'str'"),
		pe("spec on None", `print(f"{None:>5}")`, FStr(Fld(None(), 0, ">5"))).w("!! TypeError: unsupported format string passed to NoneType.__format__"),
		pe("spec on list", `print(f"{[1]!r:>5}")`, FStr(Fld(Ints(1), 'r', ">5"))).w("  [1]\n"),
		pe("invalid", `print(f"{1.5:abc}")`, FStr(Fld(F(1.5), 0, "abc"))).w("!! ValueError: Invalid format specifier 'abc' for object of type 'float'"),
	})
}

func TestLists(t *testing.T) {
	runCases(t, []semCase{
		{name: "aliasing", py: `a = [1]; b = a; b.append(2); c = [a, a]; c[0].append(3); print(a, b, c); d = [[0]] * 2; d[0].append(1); print(d)`,
			prog: func(b *fnB) []ir.Stmt {
				a, bb, c, d := b.local("a", tList(tInt)), b.local("b", tList(tInt)), b.local("c", tList(tList(tInt))), b.local("d", tList(tList(tInt)))
				return Stmts(Let(a, Ints(1)), Let(bb, L(a)), Do(Bi("list.append", tNone, L(bb), I(2))),
					Let(c, Lst(tList(tInt), L(a), L(a))), Do(Bi("list.append", tNone, Idx(L(c), I(0)), I(3))),
					Print(L(a), L(bb), L(c)),
					Let(d, Bin(ir.Repeat, Lst(tList(tInt), Ints(0)), I(2))), Do(Bi("list.append", tNone, Idx(L(d), I(0)), I(1))), Print(L(d)))
			}, want: "[1, 2, 3] [1, 2, 3] [[1, 2, 3], [1, 2, 3]]\n[[0, 1], [0, 1]]\n"},
		{name: "index and setindex", py: `a = [1, 2, 3]; a[-1] = 9; a[0] = a[-2]; print(a, a[-3]); a[3] = 0`,
			prog: func(b *fnB) []ir.Stmt {
				a := b.local("a", tList(tInt))
				return Stmts(Let(a, Ints(1, 2, 3)), SetIdx(L(a), I(-1), I(9)), SetIdx(L(a), I(0), Idx(L(a), I(-2))), Print(L(a), Idx(L(a), I(-3))), SetIdx(L(a), I(3), I(0)))
			}, want: "[2, 2, 9] 2\n!! IndexError: list assignment index out of range"},
		pe("index error", `print([1][3])`, Idx(Ints(1), I(3))).w("!! IndexError: list index out of range"),
		pe("index error neg", `print([1][-2])`, Idx(Ints(1), I(-2))).w("!! IndexError: list index out of range"),
		pl("slices", `a = [0, 1, 2, 3, 4, 5]; print(a[1:4], a[::2], a[::-1], a[-2:], a[4:1:-1], a[:-10], a[10:], a[::-2], a[1:-1:3])`,
			Sl(Ints(0, 1, 2, 3, 4, 5), I(1), I(4), nil), Sl(Ints(0, 1, 2, 3, 4, 5), nil, nil, I(2)), Sl(Ints(0, 1, 2, 3, 4, 5), nil, nil, I(-1)), Sl(Ints(0, 1, 2, 3, 4, 5), I(-2), nil, nil), Sl(Ints(0, 1, 2, 3, 4, 5), I(4), I(1), I(-1)), Sl(Ints(0, 1, 2, 3, 4, 5), nil, I(-10), nil), Sl(Ints(0, 1, 2, 3, 4, 5), I(10), nil, nil), Sl(Ints(0, 1, 2, 3, 4, 5), nil, nil, I(-2)), Sl(Ints(0, 1, 2, 3, 4, 5), I(1), I(-1), I(3))).w(
			"[1, 2, 3] [0, 2, 4] [5, 4, 3, 2, 1, 0] [4, 5] [4, 3, 2] [] [] [5, 3, 1] [1, 4]\n"),
		pl("ops", `print([1] + [2, 3], [1, 2] * 2, [0] * -1, [1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], 2 in [1, 2], 5 not in [1], [] < [0], [1.0] == [1])`,
			Bin(ir.Add, Ints(1), Ints(2, 3)), Bin(ir.Repeat, Ints(1, 2), I(2)), Bin(ir.Repeat, Ints(0), I(-1)), Cmp(Ints(1, 2), ir.Eq, Ints(1, 2)), Cmp(Ints(1, 2), ir.Lt, Ints(1, 3)), Cmp(Ints(1, 2), ir.Lt, Ints(1, 2, 0)), Cmp(Ints(2), ir.Gt, Ints(1, 9)), Cmp(I(2), ir.In, Ints(1, 2)), Cmp(I(5), ir.NotIn, Ints(1)), Cmp(Ints(), ir.Lt, Ints(0)), Cmp(Floats(1), ir.Eq, Floats(1))).w(
			"[1, 2, 3] [1, 2, 1, 2] [] True True True True True True True True\n"),
		{name: "methods", py: `a = [3, 1, 2]; a.extend([5, 4]); print(a.pop(), a.pop(0), a); a.insert(0, 7); a.insert(-1, 8); a.insert(100, 9); a.insert(-100, 6); print(a, a.index(2), a.count(8)); a.reverse(); print(a); a.remove(8); print(a); b = a.copy(); b.sort(); print(a, b); b.sort(reverse=True); print(b); a.extend(a); print(a, len(a))`,
			prog: func(b *fnB) []ir.Stmt {
				a, c := b.local("a", tList(tInt)), b.local("b", tList(tInt))
				m := func(name string, t ir.Type, args ...ir.Expr) ir.Expr {
					return Bi("list."+name, t, append([]ir.Expr{L(a)}, args...)...)
				}
				return Stmts(Let(a, Ints(3, 1, 2)), Do(m("extend", tNone, Ints(5, 4))), Print(m("pop", tInt), m("pop", tInt, I(0)), L(a)),
					Do(m("insert", tNone, I(0), I(7))), Do(m("insert", tNone, I(-1), I(8))), Do(m("insert", tNone, I(100), I(9))), Do(m("insert", tNone, I(-100), I(6))),
					Print(L(a), m("index", tInt, I(2)), m("count", tInt, I(8))), Do(m("reverse", tNone)), Print(L(a)), Do(m("remove", tNone, I(8))), Print(L(a)),
					Let(c, m("copy", tList(tInt))), Do(Bi("list.sort", tNone, L(c))), Print(L(a), L(c)), Do(Kw(Bi("list.sort", tNone, L(c)), "reverse", B(true))), Print(L(c)),
					Do(m("extend", tNone, L(a))), Print(L(a), Bi("len", tInt, L(a))))
			}, want: "4 3 [1, 2, 5]\n[6, 7, 1, 2, 8, 5, 9] 3 1\n[9, 5, 8, 2, 1, 7, 6]\n[9, 5, 2, 1, 7, 6]\n[9, 5, 2, 1, 7, 6] [1, 2, 5, 6, 7, 9]\n[9, 7, 6, 5, 2, 1]\n[9, 5, 2, 1, 7, 6, 9, 5, 2, 1, 7, 6] 12\n"},
		pe("pop empty", `print([].pop())`, Bi("list.pop", tInt, Ints())).w("!! IndexError: pop from empty list"),
		pe("pop range", `print([1].pop(5))`, Bi("list.pop", tInt, Ints(1), I(5))).w("!! IndexError: pop index out of range"),
		pe("remove missing", `[1].remove(2)`, Bi("list.remove", tNone, Ints(1), I(2))).w("!! ValueError: list.remove(x): x not in list"),
		pe("index missing", `print(['a'].index('b'))`, Bi("list.index", tInt, Strs("a"), S("b"))).w("!! ValueError: 'b' is not in list"),
		pl("index", `print([1, 2, 1].index(1), [1, 2, 1].index(2))`,
			Bi("list.index", tInt, Ints(1, 2, 1), I(1)), Bi("list.index", tInt, Ints(1, 2, 1), I(2))).w("0 1\n"),
		{name: "sort key stable", py: `a = ["bb", "a", "ccc", "dd", "e"]; a.sort(key=lambda s: len(s)); print(a); a.sort(key=lambda s: len(s), reverse=True); print(a); print(sorted([3, 1, 2], reverse=True), sorted("bca"), sorted([(1, 'b'), (1, 'a'), (0, 'z')]))`,
			prog: func(b *fnB) []ir.Stmt {
				a := b.local("a", tList(tStr))
				p := &ir.Local{Pos: P, Name: "s", Type: tStr}
				key := lam([]*ir.Local{p}, Bi("len", tInt, L(p)))
				return Stmts(Let(a, Strs("bb", "a", "ccc", "dd", "e")), Do(WithKey(Bi("list.sort", tNone, L(a)), key)), Print(L(a)),
					Do(WithKey(Kw(Bi("list.sort", tNone, L(a)), "reverse", B(true)), key)), Print(L(a)),
					Print(Kw(Bi("sorted", tList(tInt), Ints(3, 1, 2)), "reverse", B(true)), Bi("sorted", tList(tStr), S("bca")), Bi("sorted", tList(tTuple(tInt, tStr)), Lst(tTuple(tInt, tStr), Tup(I(1), S("b")), Tup(I(1), S("a")), Tup(I(0), S("z"))))))
			}, want: "['a', 'e', 'bb', 'dd', 'ccc']\n['ccc', 'bb', 'dd', 'a', 'e']\n[3, 2, 1] ['a', 'b', 'c'] [(0, 'z'), (1, 'a'), (1, 'b')]\n"},
		{name: "sort sees empty list", py: `a = [3, 1, 2]; a.sort(key=lambda x: len(a)); print(a)`,
			prog: func(b *fnB) []ir.Stmt {
				a := b.local("a", tList(tInt))
				p := &ir.Local{Pos: P, Name: "x", Type: tInt}
				return Stmts(Let(a, Ints(3, 1, 2)), Do(WithKey(Bi("list.sort", tNone, L(a)), lam([]*ir.Local{p}, Bi("len", tInt, L(a))))), Print(L(a)))
			}, want: "[3, 1, 2]\n"},
		{name: "sort type error", py: `n = None; one = 1; print(sorted([n, one]))`, prog: func(b *fnB) []ir.Stmt {
			n, one := b.local("n", tOpt(tInt)), b.local("one", tOpt(tInt))
			return Stmts(Let(n, None()), Let(one, I(1)), Print(Bi("sorted", tList(tOpt(tInt)), Lst(tOpt(tInt), L(n), L(one)))))
		}, want: "!! TypeError: '<' not supported between instances of 'int' and 'NoneType'"},
		{name: "sort type error 2", py: `n = None; x = [1, 2]; x.append(n); x.append(0); print(sorted(x))`, prog: func(b *fnB) []ir.Stmt {
			n, x := b.local("n", tOpt(tInt)), b.local("x", tList(tOpt(tInt)))
			one, two, zero := b.local("one", tOpt(tInt)), b.local("two", tOpt(tInt)), b.local("zero", tOpt(tInt))
			return Stmts(Let(n, None()), Let(one, I(1)), Let(two, I(2)), Let(zero, I(0)), Let(x, Lst(tOpt(tInt), L(one), L(two))), Do(Bi("list.append", tNone, L(x), L(n))), Do(Bi("list.append", tNone, L(x), L(zero))), Print(Bi("sorted", tList(tOpt(tInt)), L(x))))
		}, want: "!! TypeError: '<' not supported between instances of 'NoneType' and 'int'"},
	})
}

func TestDicts(t *testing.T) {
	dsi := tDict(tStr, tInt)
	runCases(t, []semCase{
		{name: "order", py: `d = {"b": 1, "a": 2}; d["c"] = 3; d["b"] = 4; print(d, list(d), list(d.keys()), len(d)); d.pop("b"); d["b"] = 5; print(d)`,
			prog: func(b *fnB) []ir.Stmt {
				d := b.local("d", dsi)
				return Stmts(Let(d, Dct(tStr, tInt, S("b"), I(1), S("a"), I(2))), SetIdx(L(d), S("c"), I(3)), SetIdx(L(d), S("b"), I(4)),
					Print(L(d), Bi("list", tList(tStr), L(d)), Bi("dict.keys", tList(tStr), L(d)), Bi("len", tInt, L(d))),
					Do(Bi("dict.pop", tInt, L(d), S("b"))), SetIdx(L(d), S("b"), I(5)), Print(L(d)))
			}, want: "{'b': 4, 'a': 2, 'c': 3} ['b', 'a', 'c'] ['b', 'a', 'c'] 3\n{'a': 2, 'c': 3, 'b': 5}\n"},
		pe("keyerror", `print({"a": 1}["x"])`, Idx(Dct(tStr, tInt, S("a"), I(1)), S("x"))).w("!! KeyError: 'x'"),
		pe("keyerror int", `print({1: 1}[2])`, Idx(Dct(tInt, tInt, I(1), I(1)), I(2))).w("!! KeyError: 2"),
		pe("keyerror tuple", `print({(1, 2): 1}[(1, 3)])`, Idx(Dct(tTuple(tInt, tInt), tInt, Tup(I(1), I(2)), I(1)), Tup(I(1), I(3)))).w("!! KeyError: (1, 3)"),
		pl("display dup", `print({"a": 1, "b": 2, "a": 3})`,
			Dct(tStr, tInt, S("a"), I(1), S("b"), I(2), S("a"), I(3))).w("{'a': 3, 'b': 2}\n"),
		{name: "methods", py: `d = {"a": 1}; print(d.get("a"), d.get("x"), d.get("x", 7), d.setdefault("b", 2), d.setdefault("a", 9), d); d.update({"c": 3, "a": 0}); d.update([("z", 26)]); e = d.copy(); e["q"] = 1; print(d, e, d.pop("x", -1), list(d.values()), list(d.items()), "a" in d, "q" not in d, d == {"a": 0, "b": 2, "c": 3, "z": 26}, d == e); print(dict([("k", 1), ("k", 2)]), dict(), dict(d) is None)`,
			prog: func(b *fnB) []ir.Stmt {
				d, e := b.local("d", dsi), b.local("e", dsi)
				m := func(name string, t ir.Type, args ...ir.Expr) ir.Expr {
					return Bi("dict."+name, t, append([]ir.Expr{L(d)}, args...)...)
				}
				pairs := Lst(tTuple(tStr, tInt), Tup(S("z"), I(26)))
				return Stmts(Let(d, Dct(tStr, tInt, S("a"), I(1))),
					Print(m("get", tOpt(tInt), S("a")), m("get", tOpt(tInt), S("x")), m("get", tInt, S("x"), I(7)), m("setdefault", tInt, S("b"), I(2)), m("setdefault", tInt, S("a"), I(9)), L(d)),
					Do(m("update", tNone, Dct(tStr, tInt, S("c"), I(3), S("a"), I(0)))), Do(m("update", tNone, pairs)), Let(e, m("copy", dsi)), SetIdx(L(e), S("q"), I(1)),
					Print(L(d), L(e), m("pop", tInt, S("x"), I(-1)), m("values", tList(tInt)), m("items", tList(tTuple(tStr, tInt))), Cmp(S("a"), ir.In, L(d)), Cmp(S("q"), ir.NotIn, L(d)), Cmp(L(d), ir.Eq, Dct(tStr, tInt, S("a"), I(0), S("b"), I(2), S("c"), I(3), S("z"), I(26))), Cmp(L(d), ir.Eq, L(e))),
					Print(Bi("dict", dsi, Lst(tTuple(tStr, tInt), Tup(S("k"), I(1)), Tup(S("k"), I(2)))), Bi("dict", dsi), Cmp(Bi("dict", dsi, L(d)), ir.Is, None())))
			}, want: "1 None 7 2 1 {'a': 1, 'b': 2}\n{'a': 0, 'b': 2, 'c': 3, 'z': 26} {'a': 0, 'b': 2, 'c': 3, 'z': 26, 'q': 1} -1 [0, 2, 3, 26] [('a', 0), ('b', 2), ('c', 3), ('z', 26)] True True True False\n{'k': 2} {} False\n"},
		pe("pop missing", `print({"a": 1}.pop("b"))`, Bi("dict.pop", tInt, Dct(tStr, tInt, S("a"), I(1)), S("b"))).w("!! KeyError: 'b'"),
		pe("dict from bad pairs", `print(dict([[1, 2, 3]]))`, Bi("dict", tDict(tInt, tInt), Lst(tList(tInt), Ints(1, 2, 3)))).w("!! ValueError: dictionary update sequence element #0 has length 3; 2 is required"),
		{name: "iterate and mutate", py: `d = {"a": 1, "b": 2}
for k in d:
    d[k] = d[k] * 10
print(d)
for k in d:
    d["new"] = 0`,
			prog: func(b *fnB) []ir.Stmt {
				d, k := b.local("d", dsi), b.local("k", tStr)
				return Stmts(Let(d, Dct(tStr, tInt, S("a"), I(1), S("b"), I(2))),
					For(k, L(d), SetIdx(L(d), L(k), Bin(ir.Mul, Idx(L(d), L(k)), I(10)))), Print(L(d)),
					For(k, L(d), SetIdx(L(d), S("new"), I(0))))
			}, want: "{'a': 10, 'b': 20}\n!! RuntimeError: dictionary changed size during iteration"},
		{name: "items loop", py: `d = {"x": 1, "y": 2}
for kv in d.items():
    print(kv[0], kv[1])
for v in d.values():
    d.pop("y")`,
			prog: func(b *fnB) []ir.Stmt {
				d, kv, v := b.local("d", dsi), b.local("kv", tTuple(tStr, tInt)), b.local("v", tInt)
				return Stmts(Let(d, Dct(tStr, tInt, S("x"), I(1), S("y"), I(2))),
					For(kv, Bi("dict.items", tList(tTuple(tStr, tInt)), L(d)), Print(Idx(L(kv), I(0)), Idx(L(kv), I(1)))),
					For(v, Bi("dict.values", tList(tInt), L(d)), Do(Bi("dict.pop", tInt, L(d), S("y")))))
			}, want: "x 1\ny 2\n!! RuntimeError: dictionary changed size during iteration"},
	})
}

func TestSetsAndTuples(t *testing.T) {
	runCases(t, []semCase{
		{name: "set", py: `s = {3, 1}; s.add(2); s.add(3); s.discard(9); s.discard(1); print(len(s), 2 in s, 1 in s, sorted(s), s == {2, 3}, sorted({"b", "a"}), set() == set(), sorted(set([3, 3, 1])), len({1, 1}))`,
			prog: func(b *fnB) []ir.Stmt {
				s := b.local("s", tSet(tInt))
				return Stmts(Let(s, St(tInt, I(3), I(1))), Do(Bi("set.add", tNone, L(s), I(2))), Do(Bi("set.add", tNone, L(s), I(3))), Do(Bi("set.discard", tNone, L(s), I(9))), Do(Bi("set.discard", tNone, L(s), I(1))),
					Print(Bi("len", tInt, L(s)), Cmp(I(2), ir.In, L(s)), Cmp(I(1), ir.In, L(s)), Bi("sorted", tList(tInt), L(s)), Cmp(L(s), ir.Eq, St(tInt, I(2), I(3))), Bi("sorted", tList(tStr), St(tStr, S("b"), S("a"))), Cmp(Bi("set", tSet(tInt)), ir.Eq, Bi("set", tSet(tInt))), Bi("sorted", tList(tInt), Bi("set", tSet(tInt), Ints(3, 3, 1))), Bi("len", tInt, St(tInt, I(1), I(1)))))
			}, want: "2 True False [2, 3] True ['a', 'b'] True [1, 3] 1\n"},
		pe("set remove", `s = {1}; s.remove(2)`, Bi("set.remove", tNone, St(tInt, I(1)), I(2))).w("!! KeyError: 2"),
		pl("tuples", `t = (1, "a", 2.5); print(t, t[0], t[-1], t[1:], (1,), (), (1, 2) < (1, 3), (1, 2) == (1, 2), (2, 0) > (1, 5), 2 in (1, 2), (1, 2) + (3,), len(t), tuple([1, 2]), tuple("ab"))`,
			Tup(I(1), S("a"), F(2.5)), Idx(Tup(I(1), S("a"), F(2.5)), I(0)), Idx(Tup(I(1), S("a"), F(2.5)), I(-1)), Sl(Tup(I(1), S("a"), F(2.5)), I(1), nil, nil), Tup(I(1)), Tup(), Cmp(Tup(I(1), I(2)), ir.Lt, Tup(I(1), I(3))), Cmp(Tup(I(1), I(2)), ir.Eq, Tup(I(1), I(2))), Cmp(Tup(I(2), I(0)), ir.Gt, Tup(I(1), I(5))), Cmp(I(2), ir.In, Tup(I(1), I(2))), Bin(ir.Add, Tup(I(1), I(2)), Tup(I(3))), Bi("len", tInt, Tup(I(1), S("a"), F(2.5))), Bi("tuple", tTuple(tInt, tInt), Ints(1, 2)), Bi("tuple", tTuple(tStr, tStr), S("ab"))).w(
			"(1, 'a', 2.5) 1 2.5 ('a', 2.5) (1,) () True True True True (1, 2, 3) 3 (1, 2) ('a', 'b')\n"),
		{name: "tuple index", py: `i = 3; print((1,)[i])`, prog: func(b *fnB) []ir.Stmt {
			i := b.local("i", tInt)
			return Stmts(Let(i, I(3)), Print(&ir.Index{Pos: P, X: Tup(I(1)), Index: L(i), T: tInt}))
		}, want: "!! IndexError: tuple index out of range"},
	})
}

func TestControlFlow(t *testing.T) {
	runCases(t, []semCase{
		{name: "and or", py: `print(0 or 7, "" and "y", [] or [1], 3 and 4, [] or [], not [], not 1, 1 if [] else 2)`,
			prog: func(b *fnB) []ir.Stmt {
				return Stmts(Print(Or(I(0), I(7)), And(S(""), S("y")), Or(Ints(), Ints(1)), And(I(3), I(4)), Or(Lst(tInt), Ints()), Not(Ints()), Not(I(1)), Cond(Ints(), I(1), I(2))))
			}, want: "7  [1] 4 [] True False 2\n"},
		{name: "loops", py: `out = []
for i in range(10):
    if i % 2 == 0:
        continue
    if i > 7:
        break
    for j in range(i, 0, -3):
        out.append(j)
print(out)
for i in range(5, -5, -4):
    print(i)
for i in range(0):
    print("never")
print(i)`,
			prog: func(b *fnB) []ir.Stmt {
				out, i, j := b.local("out", tList(tInt)), b.local("i", tInt), b.local("j", tInt)
				return Stmts(Let(out, Ints()),
					For(i, Rng(0, 10, 1),
						If(Cmp(Bin(ir.Mod, L(i), I(2)), ir.Eq, I(0)), Cont()),
						If(Cmp(L(i), ir.Gt, I(7)), Brk()),
						For(j, &ir.Range{Pos: P, Start: L(i), Stop: I(0), Step: I(-3)}, Do(Bi("list.append", tNone, L(out), L(j))))),
					Print(L(out)),
					For(i, Rng(5, -5, -4), Print(L(i))),
					For(i, Rng(0, 0, 1), Print(S("never"))),
					Print(L(i)))
			}, want: "[1, 3, 5, 2, 7, 4, 1]\n5\n1\n-3\n-3\n"},
		{name: "live list", py: `a = [1, 2]
for x in a:
    if x < 4:
        a.append(x + 2)
print(a)
for x in a:
    a.remove(x)
print(a)`,
			prog: func(b *fnB) []ir.Stmt {
				a, x := b.local("a", tList(tInt)), b.local("x", tInt)
				return Stmts(Let(a, Ints(1, 2)),
					For(x, L(a), If(Cmp(L(x), ir.Lt, I(4)), Do(Bi("list.append", tNone, L(a), Bin(ir.Add, L(x), I(2)))))), Print(L(a)),
					For(x, L(a), Do(Bi("list.remove", tNone, L(a), L(x)))), Print(L(a)))
			}, want: "[1, 2, 3, 4, 5]\n[2, 4]\n"},
		{name: "iterators", py: `for p in enumerate(["a", "b"], 1): print(p)
for p in zip([1, 2, 3], "xy"): print(p)
for c in "hé": print(c)
for c in reversed([1, 2, 3]): print(c)
print(list(enumerate("ab")), list(zip([1], [2], [3])), list(reversed("abc")), list(reversed(range(1, 10, 3))))`,
			prog: func(b *fnB) []ir.Stmt {
				p, q, c, n := b.local("p", tTuple(tInt, tStr)), b.local("q", tTuple(tInt, tStr)), b.local("c", tStr), b.local("n", tInt)
				return Stmts(
					For(p, Bi("enumerate", tList(tTuple(tInt, tStr)), Strs("a", "b"), I(1)), Print(L(p))),
					For(q, Bi("zip", tList(tTuple(tInt, tStr)), Ints(1, 2, 3), S("xy")), Print(L(q))),
					For(c, S("hé"), Print(L(c))),
					For(n, Bi("reversed", tList(tInt), Ints(1, 2, 3)), Print(L(n))),
					Print(Bi("list", tList(tTuple(tInt, tStr)), Bi("enumerate", tList(tTuple(tInt, tStr)), S("ab"))), Bi("list", tList(tTuple(tInt, tInt, tInt)), Bi("zip", tList(tTuple(tInt, tInt, tInt)), Ints(1), Ints(2), Ints(3))), Bi("list", tList(tStr), Bi("reversed", tList(tStr), S("abc"))), Bi("list", tList(tInt), Bi("reversed", tList(tInt), Rng(1, 10, 3)))))
			}, want: "(1, 'a')\n(2, 'b')\n(1, 'x')\n(2, 'y')\nh\né\n3\n2\n1\n[(0, 'a'), (1, 'b')] [(1, 2, 3)] ['c', 'b', 'a'] [7, 4, 1]\n"},
		{name: "comprehensions", py: `xs = [1, 2, 3, 4]
print([x * y for x in xs if x % 2 == 0 for y in range(x) if y > 0], {x: x * x for x in xs if x > 2}, sorted({x % 3 for x in xs}), [[y for y in range(x)] for x in xs[:3]])`,
			prog: func(b *fnB) []ir.Stmt {
				xs, x, y, y2, x2 := b.local("xs", tList(tInt)), b.local("x", tInt), b.local("y", tInt), b.local("y2", tInt), b.local("x2", tInt)
				_ = x2
				inner := Comp(ir.ListComp, tList(tInt), nil, L(y2), Clause(y2, &ir.Range{Pos: P, Start: I(0), Stop: L(x), Step: I(1)}))
				return Stmts(Let(xs, Ints(1, 2, 3, 4)),
					Print(Comp(ir.ListComp, tList(tInt), nil, Bin(ir.Mul, L(x), L(y)), Clause(x, L(xs), Cmp(Bin(ir.Mod, L(x), I(2)), ir.Eq, I(0))), Clause(y, &ir.Range{Pos: P, Start: I(0), Stop: L(x), Step: I(1)}, Cmp(L(y), ir.Gt, I(0)))),
						Comp(ir.DictComp, tDict(tInt, tInt), L(x), Bin(ir.Mul, L(x), L(x)), Clause(x, L(xs), Cmp(L(x), ir.Gt, I(2)))),
						Bi("sorted", tList(tInt), Comp(ir.SetComp, tSet(tInt), nil, Bin(ir.Mod, L(x), I(3)), Clause(x, L(xs)))),
						Comp(ir.ListComp, tList(tList(tInt)), nil, inner, Clause(x, Sl(L(xs), nil, I(3), nil)))))
			}, want: "[2, 4, 8, 12] {3: 9, 4: 16} [0, 1, 2] [[0], [0, 1], [0, 1, 2]]\n"},
		{name: "unbound", py: `if False:
    x = 1
print(x)`,
			prog: func(b *fnB) []ir.Stmt {
				x := b.local("x", tInt)
				return Stmts(If(B(false), Let(x, I(1))), Print(L(x)))
			}, want: "!! UnboundLocalError: cannot access local variable 'x' where it is not associated with a value"},
		{name: "assert raise", py: `assert 1 < 2, "fine"
assert [1]
assert 2 < 1, f"bad {2}"`,
			prog: func(b *fnB) []ir.Stmt {
				return Stmts(Assert(Cmp(I(1), ir.Lt, I(2)), S("fine")), Assert(Ints(1), nil), Assert(Cmp(I(2), ir.Lt, I(1)), FStr(Lit("bad "), Fld(I(2), 0, ""))))
			}, want: "!! AssertionError: bad 2"},
		{name: "assert no msg", py: `assert 0`, prog: func(b *fnB) []ir.Stmt { return Stmts(Assert(I(0), nil)) }, want: "!! AssertionError"},
		{name: "assert empty msg", py: `assert 0, ""`, prog: func(b *fnB) []ir.Stmt { return Stmts(Assert(I(0), S(""))) }, want: "!! AssertionError"},
		{name: "assert int msg", py: `assert 0, 42`, prog: func(b *fnB) []ir.Stmt { return Stmts(Assert(I(0), I(42))) }, want: "!! AssertionError: 42"},
		{name: "raise", py: `print("before"); raise ValueError("bad value")`, prog: func(b *fnB) []ir.Stmt {
			return Stmts(Print(S("before")), Raise("ValueError", S("bad value")))
		}, want: "before\n!! ValueError: bad value"},
		{name: "raise keyerror", py: `raise KeyError("k")`, prog: func(b *fnB) []ir.Stmt { return Stmts(Raise("KeyError", S("k"))) }, want: "!! KeyError: 'k'"},
		{name: "raise bare", py: `raise RuntimeError`, prog: func(b *fnB) []ir.Stmt { return Stmts(Raise("RuntimeError", nil)) }, want: "!! RuntimeError"},
	})
}

func TestBuiltins(t *testing.T) {
	runCases(t, []semCase{
		pl("conversions", `print(int("  -42 "), int("1_000"), int("\u0661\u0662"), int(-3.9), int(True), float("1e3"), float(" -Inf "), float("1_0.5"), float(3), bool(""), bool([0]), str(1.0), int("0x1f", 16), int("-0b101", 0), float("nan"))`,
			Bi("int", tInt, S("  -42 ")), Bi("int", tInt, S("1_000")), Bi("int", tInt, S("\u0661\u0662")), Bi("int", tInt, F(-3.9)), Bi("int", tInt, B(true)), Bi("float", tFloat, S("1e3")), Bi("float", tFloat, S(" -Inf ")), Bi("float", tFloat, S("1_0.5")), Bi("float", tFloat, I(3)), Bi("bool", tBool, S("")), Bi("bool", tBool, Ints(0)), Bi("str", tStr, F(1)), Bi("int", tInt, S("0x1f"), I(16)), Bi("int", tInt, S("-0b101"), I(0)), Bi("float", tFloat, S("nan"))).w(
			"-42 1000 12 -3 1 1000.0 -inf 10.5 3.0 False True 1.0 31 -5 nan\n"),
		pe("int error", `print(int("1__0"))`, Bi("int", tInt, S("1__0"))).w("!! ValueError: invalid literal for int() with base 10: '1__0'"),
		pe("int error empty", `print(int(""))`, Bi("int", tInt, S(""))).w("!! ValueError: invalid literal for int() with base 10: ''"),
		pe("int error base0", `print(int("010", 0))`, Bi("int", tInt, S("010"), I(0))).w("!! ValueError: invalid literal for int() with base 0: '010'"),
		pe("int digits limit", `print(int("9" * 5000 + "x"))`, Bi("int", tInt, Bin(ir.Add, Bin(ir.Repeat, S("9"), I(5000)), S("x")))).w(
			"!! ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit"),
		pe("int long literal", `print(int("x" * 300))`, Bi("int", tInt, Bin(ir.Repeat, S("x"), I(300)))).w(
			"!! ValueError: invalid literal for int() with base 10: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
		pe("int of inf", `print(int(float("inf")))`, Bi("int", tInt, Bi("float", tFloat, S("inf")))).w("!! OverflowError: cannot convert float infinity to integer"),
		pe("float error", `print(float("1e"))`, Bi("float", tFloat, S("1e"))).w("!! ValueError: could not convert string to float: '1e'"),
		pe("float error hex", `print(float("0x10"))`, Bi("float", tFloat, S("0x10"))).w("!! ValueError: could not convert string to float: '0x10'"),
		pl("min max", `print(min([3, 1, 2]), max(3, 9, 2), min("bca"), max([1.5, 2.0]), min([(1, 'b'), (1, 'a')]), max(["a", "bb", "cc"], key=lambda s: len(s)), min([], default=7))`,
			Bi("min", tInt, Ints(3, 1, 2)), Bi("max", tInt, I(3), I(9), I(2)), Bi("min", tStr, S("bca")), Bi("max", tFloat, Floats(1.5, 2)), Bi("min", tTuple(tInt, tStr), Lst(tTuple(tInt, tStr), Tup(I(1), S("b")), Tup(I(1), S("a")))),
			WithKey(Bi("max", tStr, Strs("a", "bb", "cc")), lenKey()), Kw(Bi("min", tInt, Ints()), "default", I(7))).w(
			"1 9 a 2.0 (1, 'a') bb 7\n"),
		pe("min empty", `print(min([]))`, Bi("min", tInt, Ints())).w("!! ValueError: min() arg is an empty sequence"),
		pe("max empty", `print(max(""))`, Bi("max", tStr, S(""))).w("!! ValueError: max() arg is an empty sequence"),
		pl("sum any all", `print(sum([1, 2, 3]), sum([0.1, 0.2, 0.3]), sum([1, 2], 10), sum([]), sum([1.5], 1), any([0, 0, 3]), all([]), any([]), all([1, 0]), sum([True, True]))`,
			Bi("sum", tInt, Ints(1, 2, 3)), Bi("sum", tFloat, Floats(0.1, 0.2, 0.3)), Bi("sum", tInt, Ints(1, 2), I(10)), Bi("sum", tInt, Ints()), Bi("sum", tFloat, Floats(1.5), I(1)), Bi("any", tBool, Ints(0, 0, 3)), Bi("all", tBool, Ints()), Bi("any", tBool, Ints()), Bi("all", tBool, Ints(1, 0)), Bi("sum", tInt, Lst(tBool, B(true), B(true)))).w(
			"6 0.6000000000000001 13 0 2.5 True True False False 2\n"),
		pl("abs len", `print(abs(-5), abs(-2.5), abs(-0.0), len([1, 2]), len({"a": 1}), len((1,)), len(set()), len("日本語"))`,
			Bi("abs", tInt, I(-5)), Bi("abs", tFloat, F(-2.5)), Bi("abs", tFloat, F(math.Copysign(0, -1))), Bi("len", tInt, Ints(1, 2)), Bi("len", tInt, Dct(tStr, tInt, S("a"), I(1))), Bi("len", tInt, Tup(I(1))), Bi("len", tInt, Bi("set", tSet(tInt))), Bi("len", tInt, S("日本語"))).w(
			"5 2.5 0.0 2 1 1 0 3\n"),
		pl("list set dict of iterables", `print(list("ab"), list({"k": 1}), list(range(3)), sorted(set("hello")), dict(zip(["a", "b"], [1, 2])), list((1, 2)), list())`,
			Bi("list", tList(tStr), S("ab")), Bi("list", tList(tStr), Dct(tStr, tInt, S("k"), I(1))), Bi("list", tList(tInt), Rng(0, 3, 1)), Bi("sorted", tList(tStr), Bi("set", tSet(tStr), S("hello"))), Bi("dict", tDict(tStr, tInt), Bi("zip", tList(tTuple(tStr, tInt)), Strs("a", "b"), Ints(1, 2))), Bi("list", tList(tInt), Tup(I(1), I(2))), Bi("list", tList(tInt))).w(
			"['a', 'b'] ['k'] [0, 1, 2] ['e', 'h', 'l', 'o'] {'a': 1, 'b': 2} [1, 2] []\n"),
		pl("sorted nan", `n = float("nan"); print(sorted([3.0, n, 1.0, 2.0]), sorted([n, 2.0, 1.0]), max([1.0, n, 3.0]), min([n, 1.0]))`,
			Bi("sorted", tList(tFloat), Lst(tFloat, F(3), Bi("float", tFloat, S("nan")), F(1), F(2))), Bi("sorted", tList(tFloat), Lst(tFloat, Bi("float", tFloat, S("nan")), F(2), F(1))), Bi("max", tFloat, Lst(tFloat, F(1), Bi("float", tFloat, S("nan")), F(3))), Bi("min", tFloat, Lst(tFloat, Bi("float", tFloat, S("nan")), F(1)))).w(
			"[3.0, nan, 1.0, 2.0] [nan, 1.0, 2.0] 3.0 nan\n"),
	})
}

func TestRanges(t *testing.T) {
	r := func(a, b, c int64) ir.Expr { return Rng(a, b, c) }
	runCases(t, []semCase{
		pl("range objects", `print(range(0, 3), range(5, -5, -3), str(range(0, 10, 2)), len(range(10, 0, -3)), list(range(10, 0, -3)), range(10)[3], range(0, 10, 3)[-1], range(10)[2:100], range(0, 10, 3)[1:8:3], range(10)[::-1], range(0, 10, 3)[::2], 4 in range(0, 10, 2), 5 in range(0, 10, 2), range(0) == range(2, 2), range(0, 3) == range(0, 3, 1), range(1, 2, 5) == range(1, 7, 9), bool(range(3, 3)), sum(range(1, 101)), sorted(range(3, -3, -2)), max(range(7)), list(reversed(range(0, 10, 4))), list(enumerate(range(2))))`,
			r(0, 3, 1), r(5, -5, -3), Bi("str", tStr, r(0, 10, 2)), Bi("len", tInt, r(10, 0, -3)), Bi("list", tList(tInt), r(10, 0, -3)), Idx(r(0, 10, 1), I(3)), Idx(r(0, 10, 3), I(-1)), Sl(r(0, 10, 1), I(2), I(100), nil), Sl(r(0, 10, 3), I(1), I(8), I(3)), Sl(r(0, 10, 1), nil, nil, I(-1)), Sl(r(0, 10, 3), nil, nil, I(2)),
			Cmp(I(4), ir.In, r(0, 10, 2)), Cmp(I(5), ir.In, r(0, 10, 2)), Cmp(r(0, 0, 1), ir.Eq, r(2, 2, 1)), Cmp(r(0, 3, 1), ir.Eq, r(0, 3, 1)), Cmp(r(1, 2, 5), ir.Eq, r(1, 7, 9)), Bi("bool", tBool, r(3, 3, 1)), Bi("sum", tInt, r(1, 101, 1)), Bi("sorted", tList(tInt), r(3, -3, -2)), Bi("max", tInt, r(0, 7, 1)), Bi("list", tList(tInt), Bi("reversed", tList(tInt), r(0, 10, 4))), Bi("list", tList(tTuple(tInt, tInt)), Bi("enumerate", tList(tTuple(tInt, tInt)), r(0, 2, 1)))).w("range(0, 3) range(5, -5, -3) range(0, 10, 2) 4 [10, 7, 4, 1] 3 9 range(2, 10) range(3, 12, 9) range(9, -1, -1) range(0, 12, 6) True False True True True False 5050 [-1, 1, 3] 6 [8, 4, 0] [(0, 0), (1, 1)]\n"),
		pe("range index error", `print(range(3)[3])`, Idx(r(0, 3, 1), I(3))).w("!! IndexError: range object index out of range"),
		pe("range step zero", `print(range(1, 2, 0))`, r(1, 2, 0)).w("!! ValueError: range() arg 3 must not be zero"),
		pe("range has no append", `x = range(3); x.append(3)`, Bi("list.append", tNone, r(0, 3, 1), I(3))).w("!! AttributeError: 'range' object has no attribute 'append'"),
		pl("huge range", `print(len(range(-9223372036854775807, 9223372036854775807, 2)), 9223372036854775806 in range(-9223372036854775807, 9223372036854775807, 1), range(-9223372036854775807, 9223372036854775807, 3)[-1])`,
			Bi("len", tInt, &ir.Range{Pos: P, Start: I(-math.MaxInt64), Stop: I(math.MaxInt64), Step: I(2)}), Cmp(I(math.MaxInt64-1), ir.In, &ir.Range{Pos: P, Start: I(-math.MaxInt64), Stop: I(math.MaxInt64), Step: I(1)}), Idx(&ir.Range{Pos: P, Start: I(-math.MaxInt64), Stop: I(math.MaxInt64), Step: I(3)}, I(-1))).w("9223372036854775807 True 9223372036854775805\n"),
	})
}
