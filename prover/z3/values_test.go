package z3

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func sat(t *testing.T, s *Solver) *Model {
	t.Helper()
	r, err := s.Check()
	if err != nil || r != Sat {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatalf("Model: %v", err)
	}
	return m
}

func TestModelIntsAndBools(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolver(testTimeout)
	big100 := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 100), big.NewInt(12345))
	negBig := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 80))
	minI64 := big.NewInt(-1 << 63)
	ints := []struct {
		name string
		v    *big.Int
	}{
		{"zero", big.NewInt(0)},
		{"pos", big.NewInt(42)},
		{"neg", big.NewInt(-7)},
		{"maxint64", big.NewInt(1<<63 - 1)},
		{"minint64", minI64},
		{"big", big100},
		{"negbig", negBig},
	}
	for _, in := range ints {
		s.Assert(c.Eq(intc(c, in.name), c.BigInt(in.v)))
	}
	p, q := boolc(c, "p"), boolc(c, "q")
	s.Assert(p)
	s.Assert(c.Not(q))
	m := sat(t, s)
	for _, in := range ints {
		v := m.Eval(intc(c, in.name))
		got, ok := v.BigIntValue()
		if !ok || got.Cmp(in.v) != 0 {
			t.Errorf("%s: BigIntValue = %v, %v; want %v", in.name, got, ok, in.v)
		}
		i64, ok := v.Int64Value()
		if in.v.IsInt64() {
			if !ok || i64 != in.v.Int64() {
				t.Errorf("%s: Int64Value = %d, %v; want %v", in.name, i64, ok, in.v)
			}
		} else if ok {
			t.Errorf("%s: Int64Value = %d, true for a value beyond int64", in.name, i64)
		}
		if _, ok := v.BoolValue(); ok {
			t.Errorf("%s: BoolValue ok for an int", in.name)
		}
		if _, ok := v.StringValue(); ok {
			t.Errorf("%s: StringValue ok for an int", in.name)
		}
	}
	if v, ok := m.Eval(p).BoolValue(); !ok || !v {
		t.Errorf("p = %v, %v", v, ok)
	}
	if v, ok := m.Eval(q).BoolValue(); !ok || v {
		t.Errorf("q = %v, %v", v, ok)
	}
	// Model completion: an unconstrained symbol still gets a value.
	if _, ok := m.Eval(boolc(c, "free")).BoolValue(); !ok {
		t.Errorf("unconstrained bool has no value")
	}
	if _, ok := m.Eval(intc(c, "freeint")).Int64Value(); !ok {
		t.Errorf("unconstrained int has no value")
	}
	if v, ok := m.Eval(c.Add(intc(c, "pos"), c.Int(1))).Int64Value(); !ok || v != 43 {
		t.Errorf("pos+1 = %v, %v", v, ok)
	}
	// Non-literal terms have no value.
	if _, ok := intc(c, "pos").Int64Value(); ok {
		t.Errorf("Int64Value of a constant should fail")
	}
	if _, ok := p.BoolValue(); ok {
		t.Errorf("BoolValue of a constant should fail")
	}
	if !strings.Contains(m.String(), "pos") {
		t.Errorf("Model.String() = %q", m.String())
	}
	if !strings.Contains(s.String(), "(assert") {
		t.Errorf("Solver.String() = %q", s.String())
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

var stringValues = []string{
	"",
	"hello",
	"café",
	"日本",
	"😀",
	"a\\b\"c'd\ne",
	"tab\tcr\rnul\x00del\x7f",
	"\\",
	`\u{41}`,
	`back\u{41}slash \u{1F600}`,
	`\u{5c}`,
	`\u{}\u{zz}\u{123456}\u`,
	"x\\u{41}日",
	"ÿĀ\u0080",
	"\U0002FFFF",
	"mixed é \\ 😀 \" \\u{e9}",
}

func TestStringRoundTrip(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolver(testTimeout)
	var vars []Term
	for i, v := range stringValues {
		x := c.FreshConst("s", c.StringSort())
		vars = append(vars, x)
		s.Assert(c.Eq(x, c.String(v)))
		s.Assert(c.Eq(c.Length(x), c.Int(int64(utf8.RuneCountInString(v)))))
		// The literal itself decodes too.
		if got, ok := c.String(v).StringValue(); !ok || got != v {
			t.Errorf("%d: literal StringValue = %q, %v; want %q", i, got, ok, v)
		}
	}
	m := sat(t, s)
	for i, v := range stringValues {
		got, ok := m.Eval(vars[i]).StringValue()
		if !ok || got != v {
			t.Errorf("%d: model StringValue = %q, %v; want %q", i, got, ok, v)
		}
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestStringModelChosen decodes strings that Z3 picked itself.
func TestStringModelChosen(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolver(testTimeout)
	x, y := strc(c, "x"), strc(c, "y")
	s.Assert(c.HasPrefix(x, c.String("é\\")))
	s.Assert(c.HasSuffix(x, c.String("u{41}")))
	s.Assert(c.Eq(c.Length(x), c.Int(9)))
	s.Assert(c.Eq(c.Length(y), c.Int(3)))
	s.Assert(c.Not(c.Eq(y, c.String("aaa"))))
	m := sat(t, s)
	for _, v := range []Term{x, y} {
		got, ok := m.Eval(v).StringValue()
		if !ok {
			continue // e.g. a surrogate
		}
		// Feeding the decoded value back must give the same Z3 value.
		s.Push()
		s.Assert(c.Eq(v, c.String(got)))
		if r, err := s.Check(); r != Sat {
			t.Errorf("%s = %q does not satisfy the constraints: %v %v", v, got, r, err)
		}
		s.Pop(1)
	}
	got, _ := m.Eval(x).StringValue()
	if !strings.HasPrefix(got, "é\\") || !strings.HasSuffix(got, "u{41}") || utf8.RuneCountInString(got) != 9 {
		t.Errorf("x = %q", got)
	}
}

func TestStringUnencodable(t *testing.T) {
	for _, v := range []string{"\U00030000", "ok\U0010FFFFok", "bad\xffutf8"} {
		c := newCtx(t)
		if got := c.String(v); got.IsValid() {
			t.Errorf("String(%q) is valid", v)
		}
		err := c.Err()
		var ze *Error
		if !errors.As(err, &ze) || ze.Op != "String" {
			t.Errorf("String(%q): Err() = %v", v, err)
		}
	}
	// The limit is Z3's: U+30000 sent as an escape is rejected by Z3 too.
	c := newCtx(t)
	if _, err := encodeString("\U0002FFFF"); err != nil {
		t.Fatal(err)
	}
	c.rawStringForTest(`\u{30000}`)
	// Making the constant is the only call, so Z3's exception on it is
	// its refusal of the character.
	if err, ze := c.Err(), (*Error)(nil); !errors.As(err, &ze) || ze.Op != "rawString" || ze.Code != Exception {
		t.Errorf("Z3 accepted U+30000, or refused it otherwise than with an exception: %#v", err)
	}
}

func TestEncodeDecode(t *testing.T) {
	tests := []struct{ in, enc string }{
		{"", ""},
		{"abc XYZ ~!", "abc XYZ ~!"},
		{"café", `caf\u{e9}`},
		{"日本", `\u{65e5}\u{672c}`},
		{"😀", `\u{1f600}`},
		{`a\b`, `a\u{5c}b`},
		{"\n\x00\x7f\"", `\u{a}\u{0}\u{7f}"`},
	}
	for _, tt := range tests {
		got, err := encodeString(tt.in)
		if err != nil || got != tt.enc {
			t.Errorf("encodeString(%q) = %q, %v; want %q", tt.in, got, err, tt.enc)
		}
	}
	dec := []struct {
		raw, want   string
		backslashAt []int
	}{
		{`caf\u{e9}`, "café", nil},
		{`\u{65e5}\u{672C}`, "日本", nil},
		{`a\u{41}`, `a\u{41}`, []int{1}},
		{`a\u{41}\u{42}`, `a\u{41}B`, []int{1}},
		{`\u{}x`, `\u{}x`, nil},
		{`\u{123456}`, `\u{123456}`, nil},
		{`\`, `\`, nil},
	}
	for _, tt := range dec {
		isBS := func(k int) bool {
			for _, b := range tt.backslashAt {
				if b == k {
					return true
				}
			}
			return false
		}
		got, ok := decodeString(tt.raw, isBS)
		if !ok || got != tt.want {
			t.Errorf("decodeString(%q) = %q, %v; want %q", tt.raw, got, ok, tt.want)
		}
	}
	if _, ok := decodeString(`\u{d800}`, nil); ok {
		t.Errorf("surrogate decoded")
	}
}

// TestStringFolding: string terms built only from literals are literals.
// Z3 leaves "d" ++ str.from_int(5) unevaluated until it solves, and a
// fluent keyed by such terms over a 100-iteration loop took 49 s instead
// of the 0.08 s its literal form takes (BenchmarkFluentWrites). The folded
// value must be the one Z3 itself gives the unfolded term.
func TestStringFolding(t *testing.T) {
	c := newCtx(t)
	x := c.Const("x", c.StringSort())
	for _, tc := range []struct {
		name string
		term Term
		want string
	}{
		{"int to string", c.IntToString(c.Int(42)), "42"},
		{"zero", c.IntToString(c.Int(0)), "0"},
		{"negative int to string is empty", c.IntToString(c.Int(-7)), ""},
		{"concat of literals", c.Concat(c.String("d"), c.IntToString(c.Int(5))), "d5"},
		{"non-ASCII concat", c.Concat(c.String("é"), c.String("\u00ff"), c.String("")), "é\u00ff"},
	} {
		got, ok := tc.term.StringValue()
		if !ok || got != tc.want {
			t.Errorf("%s: folded to %q, %v; want the literal %q", tc.name, got, ok, tc.want)
		}
	}
	// A concat with a variable is not folded, and keeps its meaning.
	mixed := c.Concat(c.String("a"), c.String("b"), x)
	if _, ok := mixed.StringValue(); ok {
		t.Fatalf("a concat with a variable folded to a literal")
	}
	s := c.NewSolver(5 * time.Second)
	s.Assert(c.Eq(x, c.String("c")))
	s.Assert(c.Not(c.Eq(mixed, c.String("abc"))))
	if r, err := s.Check(); r != Unsat {
		t.Fatalf("ab ++ x with x = c differs from abc: %v %v", r, err)
	}
}

// TestBoolFolding: connectives over the constants true and false are
// simplified when built. Guards of unrolled loop iterations are built as
// (and true true (not false) ...); left so, Z3 treated 200 fluent writes
// in two loops as 200 case splits and took 50 s where the straight-line
// form takes 0.08 s (BenchmarkFluentWrites).
func TestBoolFolding(t *testing.T) {
	c := newCtx(t)
	p, q := c.Const("p", c.BoolSort()), c.Const("q", c.BoolSort())
	a, b := c.Const("a", c.IntSort()), c.Const("b", c.IntSort())
	T, F := c.True(), c.False()
	for _, tc := range []struct {
		name      string
		got, want Term
	}{
		{"and of trues", c.And(T, T, c.Not(F)), T},
		{"and drops true", c.And(T, p, T), p},
		{"and with false", c.And(p, F, q), F},
		{"or of falses", c.Or(F, c.Not(T)), F},
		{"or drops false", c.Or(F, q), q},
		{"or with true", c.Or(p, T), T},
		{"not true", c.Not(T), F},
		{"not false", c.Not(F), T},
		{"implies from true", c.Implies(T, p), p},
		{"implies from false", c.Implies(F, p), T},
		{"implies true", c.Implies(p, T), T},
		{"ite true", c.Ite(T, a, b), a},
		{"ite false", c.Ite(F, a, b), b},
		{"ite same branches", c.Ite(p, a, a), a},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: built %s, want %s", tc.name, tc.got, tc.want)
		}
	}
	// Nothing else is rewritten.
	if got := c.And(p, q); got == p || got == q || got == T {
		t.Errorf("and(p, q) folded to %s", got)
	}
	// Folding never hides a misuse: a term of another context is refused.
	other := newCtx(t)
	if got := c.And(T, other.True()); got.IsValid() || c.Err() == nil {
		t.Errorf("and with a foreign term built %s, err %v", got, c.Err())
	}
}
