package interp

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
)

// echo builds `def f(x): print("f", x); return x` into pb.
func echo(pb *progB) *ir.Func {
	fb := pb.fn("f", tInt)
	x := fb.param("x", tInt)
	fb.body(Print(S("f"), L(x)), Ret(L(x)))
	return fb.f
}

func TestCompareChain(t *testing.T) {
	// def f(x): print("f", x); return x
	// print(f(1) < f(2) < f(3)); print(f(3) < f(1) < f(2)); print(f(1) == f(1) in [1])
	pb := newProg()
	m := pb.fn("main", tNone)
	f := echo(pb)
	m.body(
		Print(Cmp(Call(f, I(1)), ir.Lt, Call(f, I(2)), ir.Lt, Call(f, I(3)))),
		Print(Cmp(Call(f, I(3)), ir.Lt, Call(f, I(1)), ir.Lt, Call(f, I(2)))),
		Print(Cmp(Call(f, I(1)), ir.Eq, Call(f, I(1)), ir.In, Ints(1))),
		Print(Or(Call(f, I(0)), Call(f, I(5))), And(Call(f, I(0)), Call(f, I(6)))),
		Print(Cond(Call(f, I(0)), Call(f, I(7)), Call(f, I(8)))),
	)
	got := runProg(t, pb.p, Options{})
	want := "f 1\nf 2\nf 3\nTrue\nf 3\nf 1\nFalse\nf 1\nf 1\nTrue\nf 0\nf 5\nf 0\n5 0\nf 0\nf 8\n8\n"
	if got != want {
		t.Errorf("got:\n%s\nCPython:\n%s", got, want)
	}
}

func TestCallsAndReturns(t *testing.T) {
	// def find(xs, k):
	//     for i in range(len(xs)):
	//         for j in range(3):
	//             if xs[i] == k:
	//                 return i * 10 + j
	//     return -1
	// def nothing(): pass      (returns None)
	// def main():
	//     print(find([5, 6, 7], 7), find([], 1), nothing())
	pb := newProg()
	m := pb.fn("main", tNone)
	fb := pb.fn("find", tInt)
	xs, k := fb.param("xs", tList(tInt)), fb.param("k", tInt)
	i, j := fb.local("i", tInt), fb.local("j", tInt)
	fb.body(
		For(i, &ir.Range{Pos: P, Start: I(0), Stop: Bi("len", tInt, L(xs)), Step: I(1)},
			For(j, Rng(0, 3, 1),
				If(Cmp(Idx(L(xs), L(i)), ir.Eq, L(k)), Ret(Bin(ir.Add, Bin(ir.Mul, L(i), I(10)), L(j)))))),
		Ret(I(-1)))
	nb := pb.fn("nothing", tNone)
	m.body(Print(Call(fb.f, Ints(5, 6, 7), I(7)), Call(fb.f, Ints(), I(1)), Call(nb.f)))
	if got, want := runProg(t, pb.p, Options{}), "20 -1 None\n"; got != want {
		t.Errorf("got %q, CPython %q", got, want)
	}
}

func TestArgumentsAndAliasing(t *testing.T) {
	// def add(xs: list[int], n: int) -> None: xs.append(n); n = 0
	// def main(items: list[int], n: int): add(items, n); add(items, n); print(items, n)
	pb := newProg()
	m := pb.fn("main", tNone)
	items, n := m.param("items", tList(tInt)), m.param("n", tInt)
	ab := pb.fn("add", tNone)
	axs, an := ab.param("xs", tList(tInt)), ab.param("n", tInt)
	ab.body(Do(Bi("list.append", tNone, L(axs), L(an))), Let(an, I(0)))
	m.body(Do(Call(ab.f, L(items), L(n))), Do(Call(ab.f, L(items), L(n))), Print(L(items), L(n)))
	arg := &List{Elems: []Value{int64(1)}}
	if got, want := runProg(t, pb.p, Options{Args: []Value{arg, int64(5)}}), "[1, 5, 5] 5\n"; got != want {
		t.Errorf("got %q, CPython %q", got, want)
	}
	if len(arg.Elems) != 3 {
		t.Errorf("the caller's list is shared: got %v", arg.Elems)
	}
	// Wrong arguments are refused before anything runs.
	for _, args := range [][]Value{{arg}, {arg, "x"}, {&List{Elems: []Value{"a"}}, int64(1)}, {(*List)(nil), int64(1)}, {arg, 1}} {
		var out strings.Builder
		err := Run(context.Background(), pb.p, Options{Args: args, Stdout: &out})
		var exc *Exception
		var ce *ContractError
		if err == nil || errors.As(err, &exc) || errors.As(err, &ce) || out.Len() > 0 {
			t.Errorf("args %v: got %v after output %q; want a refusal before the plan runs, not a plan outcome", args, err, out.String())
		}
	}
}

func TestRecursionLimit(t *testing.T) {
	// d = 0
	// def f(n): global d; d = n; f(n + 1)   -- CPython 3.11 reaches n == 998
	// when main() is called from a script (module + main + 998 frames).
	// Here f returns n when the next call fails, so the depth is visible:
	// def f(n): print-free recursion that records the deepest n in a list.
	pb := newProg()
	m := pb.fn("main", tNone)
	fb := pb.fn("f", tNone)
	n, deepest := fb.param("n", tInt), fb.param("deepest", tList(tInt))
	fb.body(SetIdx(L(deepest), I(0), L(n)), Do(Call(fb.f, Bin(ir.Add, L(n), I(1)), L(deepest))))
	d := m.local("d", tList(tInt))
	m.body(Let(d, Ints(0)), Do(Call(fb.f, I(1), L(d))))
	var out bytes.Buffer
	err := Run(context.Background(), pb.p, Options{Stdout: &out})
	var exc *Exception
	// The full text is CPython's own (the differential harness compares
	// it); the kind is the exception's Class, checked by the same line.
	if !errors.As(err, &exc) || exc.Class != "RecursionError" || exc.Error() != "RecursionError: maximum recursion depth exceeded" {
		t.Fatalf("got %v", err)
	}
	// Check the depth through a second run that prints it.
	m.f.Body = nil
	pr := m.local("unused", tInt)
	_ = pr
	g := pb.fn("g", tNone)
	gn, gd := g.param("n", tInt), g.param("deepest", tList(tInt))
	g.body(SetIdx(L(gd), I(0), L(gn)), If(Cmp(L(gn), ir.Lt, I(998)), Do(Call(g.f, Bin(ir.Add, L(gn), I(1)), L(gd)))))
	m.body(Let(d, Ints(0)), Do(Call(g.f, I(1), L(d))), Print(L(d)))
	if got := runProg(t, pb.p, Options{}); got != "[998]\n" {
		t.Errorf("998 nested calls below main must work, as in CPython: %q", got)
	}
	g.f.Body[1] = If(Cmp(L(gn), ir.Lt, I(999)), Do(Call(g.f, Bin(ir.Add, L(gn), I(1)), L(gd))))
	if got := runProg(t, pb.p, Options{}); got != "!! RecursionError: maximum recursion depth exceeded" {
		t.Errorf("the 999th must fail, as in CPython: %q", got)
	}
}

// effect declares an effect with the given parameters and conditions.
func effect(name string, result ir.Type, params []*ir.Param, requires, ensures []*ir.Condition) *ir.Effect {
	return &ir.Effect{Pos: P, Name: name, Module: "tools.test.trusted.effects", Params: params, Result: result, Requires: requires, Ensures: ensures}
}

func cond(src string, params []*ir.Local, body ir.Expr) *ir.Condition {
	return &ir.Condition{Pos: P, Source: src, Pred: &ir.Lambda{Pos: P, Source: src, Params: params, Body: body}}
}

type recHost struct {
	calls  []string
	result Value
	err    error
}

func (h *recHost) Call(ctx context.Context, e *ir.Effect, args []Value) (Value, error) {
	line, err := TraceLine(e, args)
	if err != nil {
		return nil, err
	}
	h.calls = append(h.calls, strings.TrimSpace(string(line)))
	return h.result, h.err
}

func emailProgram(t *testing.T) (*progB, *ir.Effect) {
	addr, msg := &ir.Local{Pos: P, Name: "addr", Type: tStr}, &ir.Local{Pos: P, Name: "msg", Type: tStr}
	send := effect("send_email", tNone,
		[]*ir.Param{{Name: "addr", Type: tStr}, {Name: "msg", Type: tStr}},
		[]*ir.Condition{cond(`lambda addr, msg: "@" in addr`, []*ir.Local{addr, msg}, Cmp(S("@"), ir.In, L(addr)))}, nil)
	pb := newProg()
	pb.effect(send)
	return pb, send
}

func TestEffectPreconditions(t *testing.T) {
	pb, send := emailProgram(t)
	m := pb.fn("main", tNone)
	to := m.param("to", tStr)
	call := &ir.EffectCall{Pos: at(7), Effect: send, Args: []ir.Expr{L(to), FStr(Lit("hi "), Fld(L(to), 0, ""))}}
	m.body(Print(S("start")), Do(call), Print(S("sent")))

	h := &recHost{}
	if got := runProg(t, pb.p, Options{Host: h, Args: []Value{"bob@example.com"}}); got != "start\nsent\n" {
		t.Errorf("got %q", got)
	}
	if want := `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"hi bob@example.com"}}`; len(h.calls) != 1 || h.calls[0] != want {
		t.Errorf("calls %q", h.calls)
	}

	h = &recHost{}
	var out bytes.Buffer
	err := Run(context.Background(), pb.p, Options{Host: h, Args: []Value{"nobody"}, Stdout: &out})
	var ce *ContractError
	if !errors.As(err, &ce) {
		t.Fatalf("want a ContractError, got %v", err)
	}
	// The wording is under test here (what CPython's stubs print for the
	// same failure); the kind is the type and its fields, checked below.
	if want := `ContractError: precondition of send_email failed: lambda addr, msg: "@" in addr`; ce.Error() != want {
		t.Errorf("got %q", ce.Error())
	}
	if ce.Kind != "precondition" || ce.Effect != "send_email" || ce.Pos.Line != 7 || len(h.calls) != 0 || out.String() != "start\n" {
		t.Errorf("got %+v, calls %v, out %q", ce, h.calls, out.String())
	}

	// A host error stops the plan, wrapped, not swallowed.
	boom := errors.New("smtp down")
	err = Run(context.Background(), pb.p, Options{Host: &recHost{err: boom}, Args: []Value{"a@b"}})
	var ee *EffectError
	if !errors.Is(err, boom) || !errors.As(err, &ee) || ee.Kind != HostFailed || ee.Effect != "send_email" || ee.Pos.Line != 7 {
		t.Errorf("got %v, want a HostFailed EffectError of send_email at line 7 wrapping the host's error", err)
	}
	// No host at all.
	err = Run(context.Background(), pb.p, Options{Args: []Value{"a@b"}})
	if !errors.As(err, &ee) || ee.Kind != NoHost || ee.Effect != "send_email" {
		t.Errorf("got %v, want a NoHost EffectError of send_email", err)
	}
}

func TestEffectPostconditions(t *testing.T) {
	res := &ir.Local{Pos: P, Name: "result", Type: tInt}
	balance := effect("balance", tInt, []*ir.Param{{Name: "account", Type: tStr}}, nil,
		[]*ir.Condition{cond("lambda result: result >= 0", []*ir.Local{res}, Cmp(L(res), ir.GtE, I(0)))})
	pb := newProg()
	pb.effect(balance)
	m := pb.fn("main", tNone)
	b := m.local("b", tInt)
	m.body(Let(b, &ir.EffectCall{Pos: at(3), Effect: balance, Args: []ir.Expr{S("checking")}}), Print(L(b)))

	if got := runProg(t, pb.p, Options{Host: &recHost{result: int64(5)}}); got != "5\n" {
		t.Errorf("got %q", got)
	}
	err := Run(context.Background(), pb.p, Options{Host: &recHost{result: int64(-5)}})
	var ce *ContractError
	// The kind is the type and Kind; the full text is the wording CPython's
	// stubs print, under test too.
	if !errors.As(err, &ce) || ce.Kind != "postcondition" || ce.Error() != "ContractError: postcondition of balance failed: lambda result: result >= 0" || ce.Pos.Line != 3 {
		t.Errorf("got %v", err)
	}
	// A host result of the wrong type is an error, not a panic.
	for _, bad := range []Value{"5", 5, nil, 5.0} {
		err := Run(context.Background(), pb.p, Options{Host: &recHost{result: bad}})
		if ee := (*EffectError)(nil); !errors.As(err, &ee) || ee.Kind != BadResult || ee.Effect != "balance" {
			t.Errorf("result %#v: got %v, want a BadResult EffectError of balance", bad, err)
		}
	}
}

func TestExceptionPositions(t *testing.T) {
	pb := newProg()
	m := pb.fn("main", tNone)
	x := m.local("x", tInt)
	bad := &ir.BinOp{Pos: at(4), Op: ir.FloorDiv, X: I(1), Y: L(x), T: tInt}
	m.body(Let(x, I(0)), Print(bad))
	err := Run(context.Background(), pb.p, Options{})
	var exc *Exception
	if !errors.As(err, &exc) || exc.Pos.Line != 4 || exc.Class != "ZeroDivisionError" {
		t.Errorf("got %#v", err)
	}
}

func TestCancellation(t *testing.T) {
	// for i in range(2**62): total = total + 1   (no end in sight)
	pb := newProg()
	m := pb.fn("main", tNone)
	total, i := m.local("total", tInt), m.local("i", tInt)
	m.body(Let(total, I(0)), For(i, Rng(0, 1<<62, 1), Let(total, Bin(ir.Add, L(total), I(1)))))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := Run(ctx, pb.p, Options{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, pb.p, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

// TestRecursionThroughKeysAndComprehensions: CPython 3.11 counts a frame
// per comprehension and two per key= call (the builtin's and the
// lambda's). From main, these recursions stop at n == 333 and n == 499
// (measured with python3.11, see the package doc).
func TestRecursionThroughKeysAndComprehensions(t *testing.T) {
	for _, c := range []struct {
		name string
		want int64
		body func(f *ir.Func, n, d *ir.Local) ir.Stmt
	}{
		{"min key", 333, func(f *ir.Func, n, d *ir.Local) ir.Stmt {
			x := &ir.Local{Pos: P, Name: "x", Type: tInt}
			return Do(WithKey(Bi("min", tInt, Ints(1)), lam([]*ir.Local{x}, Call(f, Bin(ir.Add, L(n), I(1)), L(d)))))
		}},
		{"sorted key", 333, func(f *ir.Func, n, d *ir.Local) ir.Stmt {
			x := &ir.Local{Pos: P, Name: "x", Type: tInt}
			return Do(WithKey(Bi("sorted", tList(tInt), Ints(1)), lam([]*ir.Local{x}, Call(f, Bin(ir.Add, L(n), I(1)), L(d)))))
		}},
		{"comprehension", 499, nil},
	} {
		pb := newProg()
		m := pb.fn("main", tNone)
		md := m.param("d", tList(tInt))
		fb := pb.fn("h", tNone)
		n, d := fb.param("n", tInt), fb.param("d", tList(tInt))
		var last ir.Stmt
		if c.body != nil {
			last = c.body(fb.f, n, d)
		} else {
			v := fb.local("_", tInt)
			last = Do(Comp(ir.ListComp, tList(tNone), nil, Call(fb.f, Bin(ir.Add, L(n), I(1)), L(d)), Clause(v, Ints(1))))
		}
		fb.body(SetIdx(L(d), I(0), L(n)), last)
		m.body(Do(Call(fb.f, I(1), L(md))))
		arg := &List{Elems: []Value{int64(0)}}
		got := runProg(t, pb.p, Options{Args: []Value{arg}})
		if got != "!! RecursionError: maximum recursion depth exceeded" || arg.Elems[0] != c.want {
			t.Errorf("%s: %q, deepest n %v, CPython %d", c.name, got, arg.Elems[0], c.want)
		}
	}
}
