package interp

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestSetOperators(t *testing.T) {
	// a = {"x", "y", "w"}; b = {"y", "z"}
	// print(len(a & b), len(a | b), len(a - b), len(a ^ b), "w" in a - b, "y" in a ^ b, a & b == {"y"}, a ^ b == {"x", "w", "z"})
	set := func(ss ...string) ir.Expr {
		l := &ir.SetLit{Pos: P, T: tSet(tStr)}
		for _, s := range ss {
			l.Elems = append(l.Elems, S(s))
		}
		return l
	}
	pb := newProg()
	m := pb.fn("main", tNone)
	a := m.local("a", tSet(tStr))
	b := m.local("b", tSet(tStr))
	op := func(k ir.BinOpKind) ir.Expr { return Bin(k, L(a), L(b)) }
	m.body(
		Let(a, set("x", "y", "w")),
		Let(b, set("y", "z")),
		Print(Bi("len", tInt, op(ir.BitAnd)), Bi("len", tInt, op(ir.BitOr)), Bi("len", tInt, op(ir.Sub)), Bi("len", tInt, op(ir.BitXor)),
			Cmp(S("w"), ir.In, op(ir.Sub)), Cmp(S("y"), ir.In, op(ir.BitXor)),
			Cmp(op(ir.BitAnd), ir.Eq, set("y")), Cmp(op(ir.BitXor), ir.Eq, set("x", "w", "z"))),
	)
	if got, want := runProg(t, pb.p, Options{}), "1 4 2 3 True False True True\n"; got != want {
		t.Errorf("got %q, CPython %q", got, want)
	}
}

func TestTupleRepeatAndSlice(t *testing.T) {
	// t = (1, "a", 2.5); print(t * 2, t[1:], t[::-1], t[:-1] + () * 3, t * 0)
	pb := newProg()
	m := pb.fn("main", tNone)
	tt := tTuple(tInt, tStr, tFloat)
	tv := m.local("t", tt)
	slice := func(lo, hi, step ir.Expr) ir.Expr {
		s := &ir.Slice{Pos: P, X: L(tv), Lo: lo, Hi: hi, Step: step}
		s.T = ir.TupleSliceType(tt, lo, hi, step)
		return s
	}
	rep := func(x ir.Expr, n int64) ir.Expr {
		return &ir.BinOp{Pos: P, Op: ir.Repeat, X: x, Y: I(n), T: ir.TupleRepeatType(x.Type().(*ir.Tuple), n)}
	}
	empty := &ir.TupleLit{Pos: P, T: tTuple()}
	m.body(
		Let(tv, Tup(I(1), S("a"), F(2.5))),
		Print(rep(L(tv), 2), slice(I(1), nil, nil), slice(nil, nil, Neg(I(1))), Bin(ir.Add, slice(nil, Neg(I(1)), nil), rep(empty, 3)), rep(L(tv), 0)),
	)
	if got, want := runProg(t, pb.p, Options{}), "(1, 'a', 2.5, 1, 'a', 2.5) ('a', 2.5) (2.5, 'a', 1) (1, 'a') ()\n"; got != want {
		t.Errorf("got %q, CPython %q", got, want)
	}
}
