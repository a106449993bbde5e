package interp

import (
	"testing"

	"github.com/clauz3/clauz3/internal/cpythoncases"
	"github.com/clauz3/clauz3/ir"
)

// TestStrMethodsMore runs each case as print(repr(s.method(*args))) and
// compares with CPython's answer.
func TestStrMethodsMore(t *testing.T) {
	results := map[string]ir.Type{
		"index": tInt, "rfind": tInt, "rindex": tInt, "center": tStr, "ljust": tStr, "rjust": tStr,
		"swapcase": tStr, "islower": tBool, "isupper": tBool, "istitle": tBool,
		"rsplit": tList(tStr), "partition": tTuple(tStr, tStr, tStr), "rpartition": tTuple(tStr, tStr, tStr),
	}
	for _, c := range cpythoncases.StrMethods {
		args := []ir.Expr{S(c.S)}
		for _, a := range c.Args {
			switch a := a.(type) {
			case string:
				args = append(args, S(a))
			case int:
				args = append(args, I(int64(a)))
			case nil:
				args = append(args, None())
			}
		}
		pb := newProg()
		m := pb.fn("main", tNone)
		m.body(Print(Bi("repr", tStr, Bi("str."+c.Method, results[c.Method], args...))))
		got := runProg(t, pb.p, Options{})
		want := c.Want + "\n"
		if c.Want[0] == '!' {
			want = "!! " + c.Want[1:]
		}
		if got != want && !(c.Want[0] == '!' && len(got) > len(want) && got[:len(want)] == want) {
			t.Errorf("%q.%s%v = %q, CPython %q", c.S, c.Method, c.Args, got, want)
		}
	}
}

func TestListClear(t *testing.T) {
	// xs = [1, 2]; ys = xs; xs.clear(); xs.append(3); print(xs, ys, len(ys))
	pb := newProg()
	m := pb.fn("main", tNone)
	xs := m.local("xs", tList(tInt))
	ys := m.local("ys", tList(tInt))
	m.body(
		Let(xs, &ir.ListLit{Pos: P, T: tList(tInt), Elems: []ir.Expr{I(1), I(2)}}),
		Let(ys, L(xs)),
		Do(Bi("list.clear", tNone, L(xs))),
		Do(Bi("list.append", tNone, L(xs), I(3))),
		Print(L(xs), L(ys), Bi("len", tInt, L(ys))),
	)
	if got, want := runProg(t, pb.p, Options{}), "[3] [3] 1\n"; got != want {
		t.Errorf("got %q, CPython %q", got, want)
	}
}
