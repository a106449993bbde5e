package prover

import (
	"slices"
	"testing"
)

// TestReachSamples pins which copies stand for a site's reaching: the
// early ones (the cheap sat checks), never the first (it reaches by
// construction), and every copy there is when there are few.
func TestReachSamples(t *testing.T) {
	for _, tc := range []struct {
		valid, want []int
	}{
		{[]int{0}, []int{}},
		{[]int{0, 7}, []int{7}},
		{[]int{0, 7, 9}, []int{7, 9}},
		{[]int{0, 1, 2, 3}, []int{1, 2}},
		{[]int{4, 5, 6, 7, 8, 999}, []int{5, 6}},
	} {
		if got := reachSamples(tc.valid); !slices.Equal(got, tc.want) {
			t.Errorf("reachSamples(%v) = %v, want %v", tc.valid, got, tc.want)
		}
	}
}
