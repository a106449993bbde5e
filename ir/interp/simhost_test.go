package interp

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// The wants are Python's json.dumps(v, ensure_ascii=False,
// separators=(",", ":")) of the same values (CPython 3.11).
func TestToJSONMatchesPython(t *testing.T) {
	args := NewDict()
	args.Set("addr", "bøb@exämple.com")
	args.Set("msg", "hi \"there\"\n\ttab\\ \x01 \x7f \u2028 日本 😀 </script>&")
	top := NewDict()
	top.Set("effect", "send_email")
	top.Set("args", args)
	mixed := NewDict()
	mixed.Set(int64(1), "a")
	mixed.Set(2.5, "b")
	mixed.Set(true, "c")
	mixed.Set(nil, "d")
	mixed.Set("k", &List{Elems: []Value{int64(1), Tuple{int64(2), int64(3)}}})
	nested := NewDict()
	inner := NewDict()
	x := NewDict()
	x.Set("x", int64(1))
	inner.Set("a", &List{Elems: []Value{x}})
	nested.Set("nested", inner)
	nested.Set("empty", &List{})
	nested.Set("e2", NewDict())
	for _, c := range []struct {
		v    Value
		want string
	}{
		{top, "{\"effect\":\"send_email\",\"args\":{\"addr\":\"bøb@exämple.com\",\"msg\":\"hi \\\"there\\\"\\n\\ttab\\\\ \\u0001 \x7f \u2028 日本 😀 </script>&\"}}"},
		{&List{Elems: []Value{1.0, 1e16, 1e-05, 0.1, math.Copysign(0, -1), 123456789.0, 1.5e300, math.NaN(), math.Inf(1), math.Inf(-1), int64(1 << 62), int64(-3), true, false, nil}},
			"[1.0,1e+16,1e-05,0.1,-0.0,123456789.0,1.5e+300,NaN,Infinity,-Infinity,4611686018427387904,-3,true,false,null]"},
		{mixed, "{\"1\":\"c\",\"2.5\":\"b\",\"null\":\"d\",\"k\":[1,[2,3]]}"},
		{nested, "{\"nested\":{\"a\":[{\"x\":1}]},\"empty\":[],\"e2\":{}}"},
	} {
		got, err := ToJSON(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("ToJSON(%s) = %s, %v\nPython: %s", repr(c.v), got, err, c.want)
		}
	}
	bad := NewDict()
	bad.Set(Tuple{int64(1)}, int64(2))
	// The text is CPython's json.dumps TypeError, compared word for word
	// with Python's (a CPython-compatible text, not a kind).
	if _, err := ToJSON(bad); err == nil || err.Error() != "keys must be str, int, float, bool or None, not tuple" {
		t.Errorf("got %v", err)
	}
}

var userRow = &ir.Row{Module: "tools.db.trusted.schemas", Name: "UserRow", Fields: []*ir.Param{{Name: "email", Type: tStr}, {Name: "consented", Type: tBool}}}

func simEffect(name string, result ir.Type, params ...*ir.Param) *ir.Effect {
	return &ir.Effect{Pos: P, Name: name, Module: "tools.x.trusted.effects", Params: params, Result: result}
}

func TestSimHostResults(t *testing.T) {
	trace := &bytes.Buffer{}
	h, err := NewSimHost([]byte(`{"balance": [100, -5], "rate": [1, 2.5, 1e400],
		"db_query": [[{"email": "a@x.com", "consented": true}, {"consented": false, "email": "b@y.org"}]],
		"lookup": [{"b": 1, "a": 2}], "ids": [{"3": "c", "1": "a"}], "pairs": [[[2, "b"], [1, "a"]]],
		"maybe": [null, "x"], "point": [[1, "p"]], "tags": [["x", "y", "x"]], "log": [null]}`), trace)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	call := func(e *ir.Effect, args ...Value) string {
		v, err := h.Call(ctx, e, args)
		if err != nil {
			return "error: " + err.Error()
		}
		return repr(v)
	}
	acct := &ir.Param{Name: "account", Type: tStr}
	balance := simEffect("balance", tInt, acct)
	for i, want := range []string{"100", "-5", "error: simulate: no result left for balance (call 3)"} {
		if got := call(balance, "checking"); got != want {
			t.Errorf("balance call %d: got %s, want %s", i+1, got, want)
		}
	}
	rate := simEffect("rate", tFloat)
	for _, want := range []string{"1.0", "2.5", "inf"} {
		if got := call(rate); got != want {
			t.Errorf("rate: got %s, want %s", got, want)
		}
	}
	q := simEffect("db_query", tList(userRow), &ir.Param{Name: "sql", Type: tStr})
	if got, want := call(q, "select"), "[UserRow(email='a@x.com', consented=True), UserRow(email='b@y.org', consented=False)]"; got != want {
		t.Errorf("got %s", got)
	}
	if got := call(simEffect("lookup", tDict(tStr, tInt))); got != "{'b': 1, 'a': 2}" {
		t.Errorf("got %s", got)
	}
	if got := call(simEffect("ids", tDict(tInt, tStr))); got != "{3: 'c', 1: 'a'}" {
		t.Errorf("got %s", got)
	}
	if got := call(simEffect("pairs", tDict(tInt, tStr))); got != "{2: 'b', 1: 'a'}" {
		t.Errorf("got %s", got)
	}
	maybe := simEffect("maybe", tOpt(tStr))
	if got := call(maybe) + " " + call(maybe); got != "None 'x'" {
		t.Errorf("got %s", got)
	}
	if got := call(simEffect("point", tTuple(tInt, tStr))); got != "(1, 'p')" {
		t.Errorf("got %s", got)
	}
	if got := call(simEffect("tags", tSet(tStr))); got != "{'x', 'y'}" {
		t.Errorf("got %s", got)
	}
	logE := simEffect("log", tNone, &ir.Param{Name: "line", Type: tStr})
	if got := call(logE, "a") + call(logE, "b"); got != "NoneNone" {
		t.Errorf("a None effect needs no entry: %s", got)
	}
	wantTrace := `{"effect":"balance","args":{"account":"checking"}}
{"effect":"balance","args":{"account":"checking"}}
{"effect":"balance","args":{"account":"checking"}}
{"effect":"rate","args":{}}
{"effect":"rate","args":{}}
{"effect":"rate","args":{}}
{"effect":"db_query","args":{"sql":"select"}}
{"effect":"lookup","args":{}}
{"effect":"ids","args":{}}
{"effect":"pairs","args":{}}
{"effect":"maybe","args":{}}
{"effect":"maybe","args":{}}
{"effect":"point","args":{}}
{"effect":"tags","args":{}}
{"effect":"log","args":{"line":"a"}}
{"effect":"log","args":{"line":"b"}}
`
	if trace.String() != wantTrace {
		t.Errorf("trace:\n%s", trace.String())
	}
}

func TestSimHostErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		results string
		e       *ir.Effect
		want    string
	}{
		{`{"q": [[{"email": "a@x.com"}]]}`, simEffect("q", tList(userRow)), "simulate: q call 1: result[0]: missing field consented of UserRow"},
		{`{"q": [[{"email": "a@x.com", "consented": true, "age": 3}]]}`, simEffect("q", tList(userRow)), "simulate: q call 1: result[0]: UserRow has no field age"},
		{`{"q": [[{"email": 7, "consented": true}]]}`, simEffect("q", tList(userRow)), "simulate: q call 1: result[0].email: want str, got a number"},
		{`{"n": [1.5]}`, simEffect("n", tInt), "simulate: n call 1: result: want int, got the non-integer number 1.5"},
		{`{"n": [99999999999999999999]}`, simEffect("n", tInt), "simulate: n call 1: result: 99999999999999999999 does not fit in a 64-bit int"},
		{`{"n": [true]}`, simEffect("n", tInt), "simulate: n call 1: result: want int, got a boolean"},
		{`{"n": ["5"]}`, simEffect("n", tOpt(tInt)), "simulate: n call 1: result: want int, got a string"},
		{`{"t": [[1]]}`, simEffect("t", tTuple(tInt, tStr)), "simulate: t call 1: result: want tuple[int, str], got an array of 1 elements"},
		{`{"d": [{"x": 1}]}`, simEffect("d", tDict(tInt, tInt)), `simulate: d call 1: result: key "x": want an int key`},
		{`{"log": [5]}`, simEffect("log", tNone), "simulate: log call 1: result: want None, got a number"},
		{`{}`, simEffect("n", tInt), "simulate: no result left for n (call 1)"},
	} {
		h, err := NewSimHost([]byte(c.results), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Call(ctx, c.e, nil)
		// The kind is the type; the full text is what a person (and a
		// sealed binary's stderr) reads, so its wording is under test.
		var sim *SimulationError
		if !errors.As(err, &sim) || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant a SimulationError: %s", c.results, err, c.want)
		}
	}
	for _, doc := range []string{`[1]`, `{"a": 1}`, `{"a": [1]`, `{"a": []} x`} {
		_, err := NewSimHost([]byte(doc), nil)
		if re := (*ResultsError)(nil); !errors.As(err, &re) {
			t.Errorf("%s: got %v, want a ResultsError", doc, err)
		}
	}
	if _, err := NewSimHost(nil, nil); err != nil {
		t.Errorf("empty results: %v", err)
	}
}

// TestSimulatedPlan runs a plan end to end with the simulation host: the
// trace is written before the result is used, and the run stops at the
// first call without a result.
func TestSimulatedPlan(t *testing.T) {
	// def main():
	//     total = 0
	//     for acct in ["a", "b", "c"]:
	//         b = balance(acct)
	//         total += b
	//         print(acct, b, total)
	acct := &ir.Param{Name: "account", Type: tStr}
	balance := simEffect("balance", tInt, acct)
	pb := newProg()
	pb.effect(balance)
	m := pb.fn("main", tNone)
	total, a, b := m.local("total", tInt), m.local("acct", tStr), m.local("b", tInt)
	m.body(Let(total, I(0)), For(a, Strs("a", "b", "c"),
		Let(b, &ir.EffectCall{Pos: P, Effect: balance, Args: []ir.Expr{L(a)}}),
		Let(total, Bin(ir.Add, L(total), L(b))),
		Print(L(a), L(b), L(total))))
	var trace bytes.Buffer
	h, err := NewSimHost([]byte(`{"balance": [100, 50]}`), &trace)
	if err != nil {
		t.Fatal(err)
	}
	got := runProg(t, pb.p, Options{Host: h})
	if want := "a 100 100\nb 50 150\n!! plan.py:1:1: effect balance: simulate: no result left for balance (call 3)"; got != want {
		t.Errorf("got %q", got)
	}
	if want := "{\"effect\":\"balance\",\"args\":{\"account\":\"a\"}}\n{\"effect\":\"balance\",\"args\":{\"account\":\"b\"}}\n{\"effect\":\"balance\",\"args\":{\"account\":\"c\"}}\n"; trace.String() != want {
		t.Errorf("trace %q", trace.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Call(ctx, balance, []Value{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

// TestSimHostRoundTrip: a result read from JSON and written back (as an
// effect argument would be) gives Python's json.dumps(json.loads(doc))
// with the compact separators.
func TestSimHostRoundTrip(t *testing.T) {
	for _, c := range []struct {
		doc  string
		t    ir.Type
		want string
	}{
		{`{"b": [1.0, 2.5e300, 1e16, -0.0, 0.1], "a": []}`, tDict(tStr, tList(tFloat)), `{"b":[1.0,2.5e+300,1e+16,-0.0,0.1],"a":[]}`},
		{`[{"consented": true, "email": "é@x.com\u2028"}]`, tList(userRow), "[{\"email\":\"é@x.com\u2028\",\"consented\":true}]"},
		{`{"k": [null, "\u0001\"\\"], "j": [1, "x"]}`, tDict(tStr, tTuple(tOpt(tInt), tStr)), `{"k":[null,"\u0001\"\\"],"j":[1,"x"]}`},
	} {
		j, err := parseJSON([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		v, err := fromJSON(j, c.t, "result")
		if err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		got, err := ToJSON(v)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: got %s, %v\nPython: %s", c.doc, got, err, c.want)
		}
	}
}
