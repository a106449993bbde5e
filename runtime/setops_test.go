package planrt

import "testing"

func TestSetOperators(t *testing.T) {
	a, b := NewSet("x", "y", "w"), NewSet("y", "z")
	// CPython: len(a & b), len(a | b), len(a - b), len(a ^ b) == 1 4 2 3;
	// "w" in a - b, "y" in a ^ b == True False
	got := []any{SetAnd(a, b).Len(), SetOr(a, b).Len(), SetSub(a, b).Len(), SetXor(a, b).Len(), SetSub(a, b).Has("w"), SetXor(a, b).Has("y")}
	want := []any{int64(1), int64(4), int64(2), int64(3), true, false}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d: %v, CPython %v", i, got[i], want[i])
		}
	}
	if a.Len() != 3 || b.Len() != 2 {
		t.Errorf("operands changed: %d %d", a.Len(), b.Len())
	}
	ints := SetOr(NewSet[int64](3, 1), NewSet[int64](2))
	if !ints.Has(1) || !ints.Has(2) || !ints.Has(3) || ints.Len() != 3 {
		t.Errorf("int union %v", Repr(ints))
	}
}
