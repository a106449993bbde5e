package interp

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func unwrap(x ir.Expr) ir.Expr { return &ir.Unwrap{Pos: P, X: x} }

func TestUnwrap(t *testing.T) {
	// def main():
	//     x: int | None = 5
	//     if x is not None:
	//         print(x + 1)
	//     xs: list[int] | None = [1]
	//     ys = xs
	//     if xs is not None:
	//         xs.append(2)          # the same list as ys
	//         print(xs, len(xs))
	//     print(ys)
	pb := newProg()
	m := pb.fn("main", tNone)
	x := m.local("x", tOpt(tInt))
	xs := m.local("xs", tOpt(tList(tInt)))
	ys := m.local("ys", tOpt(tList(tInt)))
	m.body(
		Let(x, I(5)),
		If(Cmp(L(x), ir.IsNot, None()), Print(Bin(ir.Add, unwrap(L(x)), I(1)))),
		Let(xs, &ir.ListLit{Pos: P, T: tList(tInt), Elems: []ir.Expr{I(1)}}),
		Let(ys, L(xs)),
		If(Cmp(L(xs), ir.IsNot, None()),
			Do(Bi("list.append", tNone, unwrap(L(xs)), I(2))),
			Print(unwrap(L(xs)), Bi("len", tInt, unwrap(L(xs))))),
		Print(L(ys)),
	)
	got := runProg(t, pb.p, Options{})
	want := "6\n[1, 2] 2\n[1, 2]\n" // CPython 3.11
	if got != want {
		t.Errorf("got:\n%s\nCPython:\n%s", got, want)
	}
}

func TestUnwrapNoneIsInternal(t *testing.T) {
	pb := newProg()
	m := pb.fn("main", tNone)
	x := m.local("x", tOpt(tInt))
	m.body(Let(x, None()), Print(unwrap(L(x))))
	got := runProg(t, pb.p, Options{})
	if !strings.Contains(got, "unwrap of None") {
		t.Errorf("got %q, want an internal error about unwrap of None", got)
	}
}
