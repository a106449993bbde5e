package planrt

import (
	"slices"
	"testing"
)

// TestListReserve: Reserve makes room without changing what the list
// holds, never more than maxReserve items at a time (a loop that stops
// early wastes little), and a nil list or a non-positive count is a
// no-op.
func TestListReserve(t *testing.T) {
	for _, tc := range []struct {
		name    string
		start   []int64
		n       int64
		wantCap int // at least
		maxCap  int // at most (0: no bound)
	}{
		{"empty", nil, 1000, 1000, 0},
		{"keeps items", []int64{1, 2, 3}, 10, 13, 0},
		{"capped", nil, 1 << 40, maxReserve, 2 * maxReserve},
		{"nothing to do", []int64{1}, 0, 1, 0},
		{"negative", []int64{1}, -5, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewList(tc.start...)
			before := slices.Clone(l.items)
			l.Reserve(tc.n)
			if !slices.Equal(l.items, before) && !(len(before) == 0 && len(l.items) == 0) {
				t.Fatalf("items %v, want %v", l.items, before)
			}
			if c := cap(l.items); c < tc.wantCap || tc.maxCap > 0 && c > tc.maxCap {
				t.Fatalf("cap %d, want at least %d and at most %d", c, tc.wantCap, tc.maxCap)
			}
			for i := range tc.n {
				if i >= 3 {
					break
				}
				l.Append(i)
			}
		})
	}
	var nilList *List[int64]
	nilList.Reserve(10) // must not panic
}
