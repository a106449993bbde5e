package planrt

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// catch runs fn and returns its result, or "!Class: msg" when it raises.
func catch(fn func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Exception)
			if !ok {
				panic(r)
			}
			s = "!" + e.Error()
		}
	}()
	return fn()
}

// catchClass is catch with only the exception class kept ("!Class"),
// taken from the exception's Class, not cut from its message.
func catchClass(fn func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Exception)
			if !ok {
				panic(r)
			}
			s = "!" + e.Class
		}
	}()
	return fn()
}

func TestFloatRepr(t *testing.T) {
	for _, c := range floatReprCases {
		f := math.Float64frombits(c.bits)
		if got := ReprFloat(f); got != c.repr {
			t.Errorf("repr(%v) = %s, want %s", f, got, c.repr)
		}
		if got := Str(f); got != c.repr {
			t.Errorf("str(%v) = %s, want %s", f, got, c.repr)
		}
		for _, r := range []struct {
			n    int64
			want string
		}{{0, c.round0}, {1, c.round1}, {2, c.round2}, {-1, c.roundM1}} {
			if got := ReprFloat(RoundFloatN(f, r.n)); got != r.want {
				t.Errorf("round(%v, %d) = %s, want %s", f, r.n, got, r.want)
			}
		}
		if got := catchClass(func() string { return StrInt(RoundFloat(f)) }); got != c.round {
			t.Errorf("round(%v) = %s, want %s", f, got, c.round)
		}
	}
	for f, want := range map[float64]string{math.Inf(1): "inf", math.Inf(-1): "-inf", math.NaN(): "nan"} {
		if got := ReprFloat(f); got != want {
			t.Errorf("repr = %s, want %s", got, want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range formatCases {
		got := catch(func() string {
			switch c.kind {
			case "f":
				var f float64
				switch c.value {
				case "inf":
					f = math.Inf(1)
				case "-inf":
					f = math.Inf(-1)
				case "nan":
					f = math.NaN()
				default:
					f, _ = strconv.ParseFloat(c.value, 64)
				}
				return FormatFloat(f, c.spec)
			case "i":
				i, _ := strconv.ParseInt(c.value, 10, 64)
				if got := Format(i, c.spec); got != FormatInt(i, c.spec) {
					t.Errorf("Format and FormatInt disagree on %d %q", i, c.spec)
				}
				return FormatInt(i, c.spec)
			case "b":
				return Format(c.value == "True", c.spec)
			}
			return FormatStr(c.value, c.spec)
		})
		want := c.want
		if c.err != "" {
			want = "!" + c.err
		}
		if c.kind != "s" && strings.HasSuffix(c.spec, "n") && c.err == "" {
			// The locale-dependent 'n' is outside the subset in every
			// engine (the front end refuses it in a literal spec).
			want = "!ValueError: the locale-dependent format type 'n' is not supported"
		}
		if got != want {
			t.Errorf("format(%s %q, %q) = %q, want %q", c.kind, c.value, c.spec, got, want)
		}
	}
	if got := catch(func() string { return Format(None, "5") }); got != "!TypeError: unsupported format string passed to NoneType.__format__" {
		t.Errorf("format(None, '5') = %s", got)
	}
	if got := catch(func() string { return Format(NewList[int64](1), ">9") }); got != "!TypeError: unsupported format string passed to list.__format__" {
		t.Errorf("format([1], '>9') = %s", got)
	}
	if got := Format(Some[int64](5), "03d"); got != "005" {
		t.Errorf("format(Optional 5) = %s", got)
	}
	if got := Format(NewList[int64](1), ""); got != "[1]" {
		t.Errorf("format([1], '') = %s", got)
	}
}

func intResult(fn func() int64) string {
	return catch(func() string { return StrInt(fn()) })
}

func floatResult(fn func() float64) string {
	return catch(func() string { return ReprFloat(fn()) })
}

// pyErr turns the generator's "!Class: msg" into catch's form, keeping
// only the class where CPython's message differs by design (overflow).
func sameOutcome(got, want string) bool {
	if got == want {
		return true
	}
	if strings.HasPrefix(want, "!OverflowError") && strings.HasPrefix(got, "!OverflowError") {
		return true
	}
	return strings.HasPrefix(want, "!ValueError") && strings.HasPrefix(got, "!ValueError")
}

func TestIntOps(t *testing.T) {
	for _, c := range intOpCases {
		a, b := c.a, c.b
		for _, op := range []struct {
			name, want string
			got        string
		}{
			{"+", c.add, intResult(func() int64 { return Add(a, b) })},
			{"-", c.sub, intResult(func() int64 { return Sub(a, b) })},
			{"*", c.mul, intResult(func() int64 { return Mul(a, b) })},
			{"//", c.floordiv, intResult(func() int64 { return FloorDiv(a, b) })},
			{"%", c.mod, intResult(func() int64 { return Mod(a, b) })},
			{"**", c.pow, intResult(func() int64 { return Pow(a, b) })},
			{"/", c.truediv, floatResult(func() float64 { return TrueDiv(a, b) })},
		} {
			if !sameOutcome(op.got, op.want) {
				t.Errorf("%d %s %d = %s, want %s", a, op.name, b, op.got, op.want)
			}
		}
	}
	if got := intResult(func() int64 { return Neg(math.MinInt64) }); got != "!OverflowError: integer overflow" {
		t.Errorf("-MinInt64 = %s", got)
	}
	if got := intResult(func() int64 { return Abs(math.MinInt64) }); got != "!OverflowError: integer overflow" {
		t.Errorf("abs(MinInt64) = %s", got)
	}
	if got := intResult(func() int64 { return SumInt(Values[int64](math.MaxInt64, 1), 0) }); got != "!OverflowError: integer overflow" {
		t.Errorf("sum overflow = %s", got)
	}
}

func TestFloatOps(t *testing.T) {
	for _, c := range floatOpCases {
		a, b := math.Float64frombits(c.a), math.Float64frombits(c.b)
		for _, op := range []struct{ name, want, got string }{
			{"/", c.div, floatResult(func() float64 { return Div(a, b) })},
			{"//", c.floordiv, floatResult(func() float64 { return FloorDivFloat(a, b) })},
			{"%", c.mod, floatResult(func() float64 { return ModFloat(a, b) })},
			{"**", c.pow, floatResult(func() float64 { return PowFloat(a, b) })},
		} {
			if !sameOutcome(op.got, op.want) {
				t.Errorf("%v %s %v = %s, want %s", a, op.name, b, op.got, op.want)
			}
		}
	}
	if c, ok := IntFloatCmp(1<<53+1, 1<<53); !ok || c != 1 {
		t.Errorf("2**53+1 vs float(2**53): %d %v", c, ok)
	}
	if Equal(int64(1<<53+1), float64(1<<53)) || !Equal(int64(3), 3.0) || !Less(int64(2), 2.5) {
		t.Error("mixed int/float comparisons")
	}
	if got := RoundInt(25, -1); got != 20 {
		t.Errorf("round(25, -1) = %d", got)
	}
	if got := RoundInt(35, -1); got != 40 {
		t.Errorf("round(35, -1) = %d", got)
	}
	if got := RoundInt(-15, -1); got != -20 {
		t.Errorf("round(-15, -1) = %d", got)
	}
}

func listRepr(l *List[string]) string { return Repr(l) }

func TestStrMethods(t *testing.T) {
	o := func(v int64) Optional[int64] { return At(v) }
	for _, c := range strMethodCases {
		s := c.s
		q := func(x string) string { return "'" + x + "'" }
		got := catch(func() string {
			switch c.method {
			case "upper":
				return q(Upper(s))
			case "lower":
				return q(Lower(s))
			case "title":
				return q(Title(s))
			case "capitalize":
				return q(Capitalize(s))
			case "strip":
				return q(Strip(s))
			case "lstrip":
				return q(LStrip(s))
			case "rstrip":
				return q(RStrip(s))
			case "isdigit":
				return StrBool(IsDigit(s))
			case "isalpha":
				return StrBool(IsAlpha(s))
			case "isspace":
				return StrBool(IsSpace(s))
			case "len":
				return StrInt(Len(s))
			case "repr":
				return ReprStr(s)
			case "zfill8":
				return q(ZFill(s, 8))
			case "split":
				return listRepr(Split(s, -1))
			case "split1":
				return listRepr(Split(s, 1))
			case "splitlines":
				return listRepr(SplitLines(s))
			case "find_o":
				return StrInt(Find(s, "o"))
			case "count_a":
				return StrInt(Count(s, "a"))
			case "count_empty":
				return StrInt(Count(s, ""))
			case "rev":
				return q(StrSlice(s, NoBound, NoBound, o(-1)))
			case "slice_1_m1":
				return q(StrSlice(s, o(1), o(-1), NoBound))
			case "slice_step2":
				return q(StrSlice(s, NoBound, NoBound, o(2)))
			case "at_m1":
				return q(StrAt(s, -1))
			case "replace_l":
				return q(Replace(s, "l", "L", -1))
			case "replace_empty":
				return q(Replace(s, "", "-", 3))
			case "strip_chars":
				return q(StripChars(s, "ab "))
			}
			t.Fatalf("unknown method %s", c.method)
			return ""
		})
		if got != c.want {
			t.Errorf("%q.%s = %s, want %s", c.s, c.method, got, c.want)
		}
	}
}

// TestParse holds int() and float() of a str to CPython's outcome, its
// exception's message included (the error line is part of what the
// engines must agree on).
func TestParse(t *testing.T) {
	for _, c := range parseCases {
		gotI := catch(func() string { return StrInt(ParseInt(c.s)) })
		if gotI != c.asInt {
			t.Errorf("int(%q) = %s, want %s", c.s, gotI, c.asInt)
		}
		gotF := catch(func() string { return ReprFloat(ParseFloat(c.s)) })
		if gotF != c.asFloat {
			t.Errorf("float(%q) = %s, want %s", c.s, gotF, c.asFloat)
		}
	}
}

func TestJSON(t *testing.T) {
	vals := []any{
		"héllo \"q\" \\ \n\t\x01\x7f\u2028 日本", 1e16, 1.0, math.Copysign(0, -1), 0.1, 1e-05, math.Inf(1), math.Inf(-1), math.NaN(),
		// [1, "a", None, True, 2.5] as a tuple of mixed types
		Tuple5[int64, string, NoneType, bool, float64]{1, "a", None, true, 2.5},
		NewDict[string, any]().Put("b", int64(1)).Put("a", NewList[int64](1, 2)).Put("c", NewDict[string, NoneType]().Put("d", None)),
		NewDict[any, any]().Put(int64(1), "x").Put(2.5, "y").Put(false, "z").Put(None, int64(0)),
		Tuple2[int64, string]{1, "x"}, "<&>", "",
	}
	if len(vals) != len(jsonCases) {
		t.Fatalf("%d values for %d cases", len(vals), len(jsonCases))
	}
	for i, c := range jsonCases {
		if got := JSON(vals[i]); got != c.want {
			t.Errorf("json.dumps(%s) = %s, want %s", c.py, got, c.want)
		}
	}
	type UserRow struct {
		Email string `py:"email"`
		N     int64  `py:"n"`
	}
	c := newRun(io.Discard).Begin("db_write", "row", UserRow{"a@x.com", 2}, "rows", NewList(UserRow{"é", 1}), "tags", SetLiteral[int64](3, 1, 2), "maybe", Optional[string]{})
	want := `{"effect":"db_write","args":{"row":{"email":"a@x.com","n":2},"rows":[{"email":"é","n":1}],"tags":[1,2,3],"maybe":null}}`
	if got := c.TraceLine(); got != want {
		t.Errorf("trace line = %s\nwant %s", got, want)
	}
	if got := Repr(UserRow{"a", 1}); got != "UserRow(email='a', n=1)" {
		t.Errorf("repr(row) = %s", got)
	}
}

func TestContainerStr(t *testing.T) {
	vals := []any{
		Tuple3[int64, string, NoneType]{1, "a", None}, // list of mixed types, rendered as the list it stands for below
		NewDict[string, int64]().Put("a", 1),
		Tuple1[int64]{1},
		Tuple0{},
		Tuple2[int64, string]{1, "b"},
		NewList[int64](),
		NewDict[string, int64](),
		NewList(1.0, math.Copysign(0, -1), 1e16),
		NewDict[string, any]().Put("k", NewList[int64](1, 2)).Put("é", Tuple2[bool, NoneType]{true, None}),
		NewList("it's", `say "hi"`),
		NewSet[int64](),
		SetLiteral[int64](3, 1, 2),
		NewList(NewList[int64]()),
	}
	for i, c := range containerStrCases {
		got := Str(vals[i])
		if i == 0 { // the Go value is a tuple; the case is the list
			got = "[" + strings.TrimSuffix(strings.TrimPrefix(got, "("), ")") + "]"
		}
		if got != c.str {
			t.Errorf("str(%s) = %s, want %s", c.py, got, c.str)
		}
	}
}

func TestSetOrder(t *testing.T) {
	for i, c := range setOrderCases {
		s := NewSet[int64]()
		for j, v := range c.ops {
			if c.adds[j] {
				s.Add(v)
			} else {
				s.Discard(v)
			}
		}
		if got := s.elems(); !slices.Equal(got, c.order) {
			t.Errorf("case %d: order %v, want %v", i, got, c.order)
		}
		if got := s.Copy().elems(); !slices.Equal(got, c.copy) {
			t.Errorf("case %d: copy order %v, want %v", i, got, c.copy)
		}
	}
	for i, c := range setLiteralCases {
		if got := SetLiteral(c.elems...).elems(); !slices.Equal(got, c.order) {
			t.Errorf("literal %d %v: order %v, want %v", i, c.elems, got, c.order)
		}
	}
}

func TestListsAndDicts(t *testing.T) {
	l := NewList[int64](1, 2, 3, 4, 5)
	if got := Repr(l.Slice(NoBound, NoBound, At(-2))); got != "[5, 3, 1]" {
		t.Errorf("l[::-2] = %s", got)
	}
	if got := Repr(l.Slice(At(-2), NoBound, NoBound)); got != "[4, 5]" {
		t.Errorf("l[-2:] = %s", got)
	}
	if got := Repr(l.Slice(At(10), At(20), NoBound)); got != "[]" {
		t.Errorf("l[10:20] = %s", got)
	}
	if got := catch(func() string { return StrInt(l.Get(-6)) }); got != "!IndexError: list index out of range" {
		t.Errorf("l[-6] = %s", got)
	}
	if got := l.Get(-1); got != 5 {
		t.Errorf("l[-1] = %d", got)
	}
	if got := catch(func() string { l.Set(9, 0); return "" }); got != "!IndexError: list assignment index out of range" {
		t.Errorf("l[9] = 0: %s", got)
	}
	if got := catch(func() string { return StrInt(l.Index(9)) }); got != "!ValueError: 9 is not in list" {
		t.Errorf("index: %s", got)
	}
	if got := catch(func() string { return Str(NewList("a").Index("b")) }); got != "!ValueError: 'b' is not in list" {
		t.Errorf("index: %s", got)
	}
	if got := catch(func() string { return StrInt(NewList[int64]().Pop()) }); got != "!IndexError: pop from empty list" {
		t.Errorf("pop: %s", got)
	}
	alias := l
	alias.Append(6)
	if l.Len() != 6 {
		t.Error("a list is shared between names")
	}
	n := 0
	for x := range l.All() { // appends during the loop are seen, as in Python
		if x == 1 {
			l.Append(7)
		}
		n++
	}
	if n != 7 {
		t.Errorf("loop saw %d items", n)
	}
	l.Insert(-100, 0)
	l.Insert(100, 8)
	if got := Repr(l); got != "[0, 1, 2, 3, 4, 5, 6, 7, 8]" {
		t.Errorf("insert: %s", got)
	}

	d := NewDict[string, int64]().Put("b", 1).Put("a", 2).Put("b", 3)
	if got := Repr(d); got != "{'b': 3, 'a': 2}" {
		t.Errorf("dict display: %s", got)
	}
	if got := catch(func() string { return StrInt(d.Get("zz")) }); got != "!KeyError: 'zz'" {
		t.Errorf("missing key: %s", got)
	}
	d.Pop("b")
	d.Set("b", 4)
	if got := Repr(d.ItemList()); got != "[('a', 2), ('b', 4)]" {
		t.Errorf("items: %s", got)
	}
	if got := catch(func() string {
		for k := range d.Keys() {
			d.Set(k+"x", 1)
		}
		return ""
	}); got != "!RuntimeError: dictionary changed size during iteration" {
		t.Errorf("dict mutation in loop: %s", got)
	}
	if got := d.Lookup("nope"); !got.IsNone() {
		t.Error("get of a missing key is None")
	}
	if !Equal(NewDict[string, int64]().Put("a", 1).Put("b", 2), NewDict[string, int64]().Put("b", 2).Put("a", 1)) {
		t.Error("dict equality ignores order")
	}
}

func TestSortedMinMax(t *testing.T) {
	type P = Tuple2[string, int64]
	ps := NewList(P{"a", 2}, P{"b", 1}, P{"c", 2}, P{"d", 1})
	key := func(p P) int64 { return p.V1 }
	if got := Repr(SortedBy(ps.All(), key, false)); got != "[('b', 1), ('d', 1), ('a', 2), ('c', 2)]" {
		t.Errorf("sorted key: %s", got)
	}
	if got := Repr(SortedBy(ps.All(), key, true)); got != "[('a', 2), ('c', 2), ('b', 1), ('d', 1)]" {
		t.Errorf("sorted key reverse: %s", got)
	}
	if got := Repr(Sorted(NewList("b", "B", "a", "é").All(), false)); got != "['B', 'a', 'b', 'é']" {
		t.Errorf("sorted strs: %s", got)
	}
	if got := Repr(Sorted(ps.All(), false)); got != "[('a', 2), ('b', 1), ('c', 2), ('d', 1)]" {
		t.Errorf("sorted tuples: %s", got)
	}
	if got := MinBy(ps.All(), key); got != (P{"b", 1}) {
		t.Errorf("min key: %v", got)
	}
	if got := MaxBy(ps.All(), key); got != (P{"a", 2}) {
		t.Errorf("max key (first wins): %v", got)
	}
	if got := catch(func() string { return StrInt(MinOf(NewList[int64]().All())) }); got != "!ValueError: min() arg is an empty sequence" {
		t.Errorf("min([]) = %s", got)
	}
	if got := catch(func() string { Sorted(NewList[any](int64(1), None).All(), false); return "" }); got != "!TypeError: '<' not supported between instances of 'NoneType' and 'int'" {
		t.Errorf("sorted([1, None]) = %s", got)
	}
	if got := Repr(Enumerate(NewList("x", "y").All(), 1)); got != "[(1, 'x'), (2, 'y')]" {
		t.Errorf("enumerate: %s", got)
	}
	if got := Repr(Zip2(NewList[int64](1, 2, 3).All(), Chars("ab"))); got != "[(1, 'a'), (2, 'b')]" {
		t.Errorf("zip: %s", got)
	}
	if got := SumFloat(Values(0.1, 0.2, 0.3), 0); ReprFloat(got) != "0.6000000000000001" {
		t.Errorf("sum of floats = %s", ReprFloat(got))
	}
}

func TestExceptions(t *testing.T) {
	cases := map[string]*Exception{
		"ValueError: bad":   Exc("ValueError", "bad"),
		"ValueError":        Exc("ValueError", ""),
		"KeyError: 'k'":     Exc("KeyError", "k"),
		"KeyError: ''":      Exc("KeyError", ""),
		"KeyError":          ExcClass("KeyError"),
		"AssertionError":    ExcClass("AssertionError"),
		"ZeroDivisionError": ExcClass("ZeroDivisionError"),
	}
	for want, e := range cases {
		if e.Error() != want {
			t.Errorf("%q, want %q", e.Error(), want)
		}
	}
	if got := catch(func() string { Assert(false); return "" }); got != "!AssertionError" {
		t.Errorf("assert: %s", got)
	}
}

// runPlan runs a fake generated main with the given flags.
func runPlan(t *testing.T, p Program, args []string, run func(r *Run, in *Inputs)) (code int, stdoutText, stderrText string) {
	t.Helper()
	var outBuf, errBuf bytes.Buffer
	code = runMain(p, args, &outBuf, &errBuf, run)
	return code, outBuf.String(), errBuf.String()
}

func TestMainSimulate(t *testing.T) {
	dir := t.TempDir()
	effects := filepath.Join(dir, "effects.json")
	os.WriteFile(effects, []byte(`{"balance": [100, 50], "lookup": [[{"email": "a@x.com"}]]}`), 0o644)
	trace := filepath.Join(dir, "trace.jsonl")
	p := Program{Mode: Simulate, PlanHash: "sha256:x", Target: "main", Inputs: []string{"who: str"}}
	plan := func(r *Run, in *Inputs) {
		who := Input[string](in, "who")
		for i := 0; i < 3; i++ {
			c := r.Begin("balance", "account", who)
			c.Require(who != "", "lambda account: account != ''")
			b := Simulated[int64](c)
			r.Println("balance", b)
		}
	}
	code, out, errText := runPlan(t, p, []string{"--effects", effects, "--trace", trace, "--arg", `who="é"`}, plan)
	if code != ExitUsage || out != "balance 100\nbalance 50\n" || errText != "simulate: no result left for balance (call 3)\n" {
		t.Errorf("code %d out %q err %q", code, out, errText)
	}
	data, _ := os.ReadFile(trace)
	want := strings.Repeat(`{"effect":"balance","args":{"account":"é"}}`+"\n", 3)
	if string(data) != want {
		t.Errorf("trace %q", data)
	}

	code, _, errText = runPlan(t, p, []string{"--effects", effects}, plan)
	if code != ExitUsage || !strings.Contains(errText, "missing --arg who") {
		t.Errorf("missing arg: %d %q", code, errText)
	}
	code, _, errText = runPlan(t, p, []string{"--arg", "who=5"}, plan)
	if code != ExitUsage || !strings.Contains(errText, "--arg who: want str, got 5") {
		t.Errorf("ill-typed arg: %d %q", code, errText)
	}
	code, out, errText = runPlan(t, p, []string{"--arg", `who=""`}, plan)
	if code != ExitException || out != "" || errText != "ContractError: precondition of balance failed: lambda account: account != ''\n" {
		t.Errorf("precondition: %d %q %q", code, out, errText)
	}
	code, out, errText = runPlan(t, Program{Mode: Simulate}, nil, func(r *Run, _ *Inputs) {
		r.Print(" ", "\n", "before")
		panic(Exc("ValueError", "boom"))
	})
	if code != ExitException || out != "before\n" || errText != "ValueError: boom\n" {
		t.Errorf("exception: %d %q %q", code, out, errText)
	}
	code, _, errText = runPlan(t, Program{Mode: Real, PlanHash: "h"}, nil, func(*Run, *Inputs) { t.Error("a real binary ran without a receipt") })
	if code != ExitApproval || errText != "clauz3: approval refused: no approval receipt: this binary runs only through clauz3 run (--receipt FILE --service URL)\n" {
		t.Errorf("real mode: %d %q", code, errText)
	}
}

func TestDecodeResults(t *testing.T) {
	type Row struct {
		Email string `py:"email"`
		Age   int64  `py:"age"`
	}
	decode := func(ptr any, text string) string {
		v, err := parseJSON(text)
		if err != nil {
			return "parse: " + err.Error()
		}
		if err := decodeInto(ptr, v); err != nil {
			return err.Error()
		}
		return ""
	}
	var l *List[Row]
	if err := decode(&l, `[{"email": "a@x.com", "age": 3}, {"age": 4, "email": "\u00e9"}]`); err != "" || Repr(l) != "[Row(email='a@x.com', age=3), Row(email='é', age=4)]" {
		t.Errorf("rows: %s %s", err, Repr(l))
	}
	var d *Dict[string, Optional[float64]]
	if err := decode(&d, `{"z": 1.5, "a": null, "m": 2, "n": NaN}`); err != "" || Repr(d) != "{'z': 1.5, 'a': None, 'm': 2.0, 'n': nan}" {
		t.Errorf("dict: %s %s", err, Repr(d))
	}
	var di *Dict[int64, string]
	if err := decode(&di, `{"2": "b", "1": "a"}`); err != "" || Repr(di) != "{2: 'b', 1: 'a'}" {
		t.Errorf("int keys: %s %s", err, Repr(di))
	}
	var tp Tuple2[int64, *Set[int64]]
	if err := decode(&tp, `[1, [3, 1, 3]]`); err != "" || Repr(tp) != "(1, {1, 3})" {
		t.Errorf("tuple: %s %s", err, Repr(tp))
	}
	for _, c := range []struct {
		ptr  any
		text string
		want DecodeKind
	}{
		{new(int64), `1.0`, DecodeWrongType},
		{new(int64), `"1"`, DecodeWrongType},
		{new(int64), `9223372036854775808`, DecodeIntTooBig},
		{new(string), `null`, DecodeWrongType},
		{new(string), `"\uDBFF\uDFFF"`, DecodeRuneTooLarge},
		{new(bool), `1`, DecodeWrongType},
		{new(NoneType), `0`, DecodeWrongType},
		{new(Row), `{"email": "a"}`, DecodeMissingField},
		{new(Row), `{"email": "a", "age": 1, "x": 2}`, DecodeUnknownField},
		{new(Row), `{"email": 1, "age": 1}`, DecodeWrongType},
		{new(*List[int64]), `[1, "x"]`, DecodeWrongType},
		{new(*Dict[int64, string]), `{"x": "a"}`, DecodeWrongType},
		{new(Tuple2[int64, int64]), `[1]`, DecodeTupleLength},
		{new(int64), `[1,`, DecodeInvalidJSON},
		{new(int64), `1 2`, DecodeInvalidJSON},
	} {
		v, err := parseJSON(c.text)
		if err == nil {
			err = decodeInto(c.ptr, v)
		}
		var de *DecodeError
		if !errors.As(err, &de) || de.Kind != c.want {
			t.Errorf("decode %s: %v, want a %v DecodeError", c.text, err, c.want)
		}
	}
	// The wording, the place in the value included, is what a person
	// reads when an effects file does not fit; the kinds are decided above.
	if got := decode(new(*List[int64]), `[1, "x"]`); got != `item 1: want int, got "x"` {
		t.Errorf("a wrong item reads %q", got)
	}
	var f float64
	if err := decode(&f, `100`); err != "" || f != 100 {
		t.Errorf("an int result for a float effect: %s %v", err, f)
	}
}

// TestMulAroundFastPath checks Mul on both sides of its 32-bit fast path
// against math/big: every product that fits in int64 is exact, every other
// one raises OverflowError.
func TestMulAroundFastPath(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 3, 46341, -46341, 65536, -65536,
		math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt32 - 1,
		3037000499, 3037000500, -3037000499, -3037000500, 1 << 32, -(1 << 32),
		math.MaxInt64, math.MinInt64, math.MaxInt64 / 2, math.MinInt64 / 2}
	for _, a := range edges {
		for _, b := range edges {
			p := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
			want := "!OverflowError: integer overflow"
			if p.IsInt64() {
				want = p.String()
			}
			if got := intResult(func() int64 { return Mul(a, b) }); got != want {
				t.Errorf("%d * %d = %s, want %s", a, b, got, want)
			}
		}
	}
}

// TestStrSliceFrontWalk compares StrSlice, whose non-negative bounds walk
// the string from the front, with slicing the string's code points by
// CPython's index rules.
func TestStrSliceFrontWalk(t *testing.T) {
	texts := []string{"", "a", "hello", "héllo wörld", "日本語テキスト", "a😀b😀c", "ẞ\u0301x"}
	bounds := []Optional[int64]{NoBound, At(0), At(1), At(2), At(3), At(5), At(40), At(-1), At(-3), At(-50)}
	steps := []Optional[int64]{NoBound, At(1), At(2), At(-1)}
	for _, s := range texts {
		rs := []rune(s)
		for _, lo := range bounds {
			for _, hi := range bounds {
				for _, step := range steps {
					start, _, st, n := sliceIndices(int64(len(rs)), lo, hi, step)
					var want []rune
					for i, k := start, int64(0); k < n; i, k = i+st, k+1 {
						want = append(want, rs[i])
					}
					if got := StrSlice(s, lo, hi, step); got != string(want) {
						t.Errorf("%q[%v:%v:%v] = %q, want %q", s, lo, hi, step, got, string(want))
					}
				}
			}
		}
	}
}

func TestJoinList(t *testing.T) {
	for _, c := range []struct {
		sep   string
		items []string
		want  string
	}{
		{",", nil, ""},
		{",", []string{"a"}, "a"},
		{", ", []string{"a", "b", "c"}, "a, b, c"},
		{"", []string{"日本", "語"}, "日本語"},
	} {
		if got := JoinList(c.sep, ListOf(c.items)); got != c.want {
			t.Errorf("%q.join(%q) = %q, want %q", c.sep, c.items, got, c.want)
		}
		if got := Join(c.sep, ListOf(c.items).All()); got != c.want {
			t.Errorf("Join(%q, %q) = %q, want %q", c.sep, c.items, got, c.want)
		}
	}
}

// TestFormatComputed checks format() with a spec computed at run time: as
// Format, except the locale-dependent 'n' type on a number, a ValueError
// (the interpreter raises the same).
func TestFormatComputed(t *testing.T) {
	refusal := "!ValueError: format spec '>8n': the locale-dependent format type 'n' is not supported"
	for _, c := range []struct {
		v    any
		spec string
		want string
	}{
		{int64(1234), ">8n", refusal},
		{2.5, ">8n", refusal},
		{true, ">8n", refusal},
		{"ab", ">8n", "!ValueError: Unknown format code 'n' for object of type 'str'"},
		{int64(1234), "*^9,", "**1,234**"},
		{2.0 / 3.0, ".3f", "0.667"},
		{true, ">5", "    1"},
		{"é", "^5", "  é  "},
		{3.5, "d", "!ValueError: Unknown format code 'd' for object of type 'float'"},
	} {
		if got := catch(func() string { return FormatComputed(c.v, c.spec) }); got != c.want {
			t.Errorf("FormatComputed(%v, %q) = %s, want %s", c.v, c.spec, got, c.want)
		}
	}
}

// TestDictRepeatedLookups runs sequences of dict operations where the
// same key is looked up in a row (the dict keeps its position) and keys
// move (pop), against the plain reading of each operation.
func TestDictRepeatedLookups(t *testing.T) {
	d := NewDict[string, int64]()
	d.Set("a", 1)
	d.Set("b", 2)
	d.Set("c", 3)
	steps := []struct {
		name string
		do   func() string
		want string
	}{
		{"get c", func() string { return StrInt(d.GetOr("c", 0)) }, "3"},
		{"count c", func() string { d.Set("c", Add(d.GetOr("c", 0), 1)); return StrInt(d.Get("c")) }, "4"},
		{"pop a moves c", func() string { return StrInt(d.Pop("a")) }, "1"},
		{"c after the move", func() string { return StrInt(d.Get("c")) }, "4"},
		{"set c after the move", func() string { d.Set("c", 9); return Repr(d) }, "{'b': 2, 'c': 9}"},
		{"has b, pop b", func() string { _ = d.Has("b"); return StrInt(d.PopOr("b", -1)) }, "2"},
		{"b gone", func() string { return StrInt(d.GetOr("b", -1)) + " " + Repr(d.Has("b")) }, "-1 False"},
		{"new key keeps c", func() string { _ = d.Get("c"); d.Set("z", 0); return StrInt(d.Get("c")) + " " + Repr(d) }, "9 {'c': 9, 'z': 0}"},
		{"setdefault", func() string { return StrInt(d.SetDefault("z", 5)) + StrInt(d.SetDefault("y", 5)) }, "05"},
		{"copy", func() string { c := d.Copy(); c.Pop("c"); return Repr(c) + " " + StrInt(d.Get("c")) }, "{'z': 0, 'y': 5} 9"},
		{"missing after pop", func() string { d.Pop("c"); return catch(func() string { return StrInt(d.Get("c")) }) }, "!KeyError: 'c'"},
	}
	for _, s := range steps {
		if got := catch(s.do); got != s.want {
			t.Fatalf("%s: got %s, want %s", s.name, got, s.want)
		}
	}
}
