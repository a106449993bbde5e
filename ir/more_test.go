package ir

import (
	"fmt"
	"testing"
)

func TestVerifyUnwrap(t *testing.T) {
	opt := &Local{Name: "o", Type: &Optional{Elem: Int}, Index: 0}
	n := &Local{Name: "n", Type: Int, Index: 1}
	mk := func(x Expr) *Program {
		f := &Func{Name: "main", Result: None, Locals: []*Local{opt, n}, Body: []Stmt{
			&Assign{Dest: opt, Value: &Const{T: Int, Value: int64(1)}},
			&Assign{Dest: n, Value: &Const{T: Int, Value: int64(2)}},
			&Assign{Dest: n, Value: &BinOp{Op: Add, X: &Unwrap{X: x}, Y: &Const{T: Int, Value: int64(1)}, T: Int}},
		}}
		return &Program{File: "plan.py", Funcs: []*Func{f}, Target: f}
	}
	p := mk(&LocalRef{Local: opt})
	if err := Verify(p); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if got := ExprString(p.Target.Body[2].(*Assign).Value); got != "(unwrap(o) + 1)" {
		t.Errorf("printed %s", got)
	}
	wantViolation(t, Verify(mk(&LocalRef{Local: n})), "unwrap of int, which is not optional")
}

// TestTupleSliceIndices checks the indices of constant tuple slices
// against CPython's (list(range(5))[lo:hi:step]).
func TestTupleSliceIndices(t *testing.T) {
	c := func(v *int64) Expr {
		if v == nil {
			return nil
		}
		if *v < 0 {
			return &UnOp{Op: Neg, X: &Const{T: Int, Value: -*v}}
		}
		return &Const{T: Int, Value: *v}
	}
	p := func(v int64) *int64 { return &v }
	for _, tc := range []struct {
		lo, hi, step *int64
		want         string
	}{
		{nil, nil, nil, "[0 1 2 3 4]"},
		{p(1), nil, nil, "[1 2 3 4]"},
		{nil, nil, p(-1), "[4 3 2 1 0]"},
		{nil, p(1), nil, "[0]"},
		{p(1), p(3), nil, "[1 2]"},
		{p(-2), nil, nil, "[3 4]"},
		{nil, p(-10), nil, "[]"},
		{p(10), nil, p(-1), "[4 3 2 1 0]"},
		{p(-10), p(2), nil, "[0 1]"},
		{p(4), p(0), p(-2), "[4 2]"},
		{nil, nil, p(2), "[0 2 4]"},
		{p(3), p(-100), p(-1), "[3 2 1 0]"},
	} {
		idx, ok := TupleSliceIndices(5, c(tc.lo), c(tc.hi), c(tc.step))
		if got := fmt.Sprint(idx); !ok || got != tc.want {
			t.Errorf("[%v:%v:%v] = %s %v, CPython %s", tc.lo, tc.hi, tc.step, got, ok, tc.want)
		}
	}
	if _, ok := TupleSliceIndices(5, nil, nil, &Const{T: Int, Value: int64(0)}); ok {
		t.Error("step 0 accepted")
	}
	n := &Local{Name: "n", Type: Int}
	if _, ok := TupleSliceIndices(5, &LocalRef{Local: n}, nil, nil); ok {
		t.Error("a bound that is not constant accepted")
	}
}

func TestBinOpTypesSetsAndTuples(t *testing.T) {
	s := &Set{Elem: Str}
	for _, op := range []BinOpKind{Sub, BitAnd, BitOr, BitXor} {
		if got := BinOpType(op, s, &Set{Elem: Str}); got == nil || !Identical(got, s) {
			t.Errorf("%s on sets gives %v", op, got)
		}
		if got := BinOpType(op, s, &Set{Elem: Int}); got != nil {
			t.Errorf("%s on set[str] and set[int] gives %v", op, got)
		}
	}
	if got := BinOpType(BitAnd, Int, Int); got != nil {
		t.Errorf("int & int gives %v (not in the subset)", got)
	}
	tt := &Tuple{Elems: []Type{Int, Str}}
	if got := TupleRepeatType(tt, 2).String(); got != "tuple[int, str, int, str]" {
		t.Errorf("tuple * 2 is %s", got)
	}
	if got := TupleRepeatType(tt, -1).String(); got != "tuple[]" {
		t.Errorf("tuple * -1 is %s", got)
	}
}
