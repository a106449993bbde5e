package interp

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestTimsortMatchesCPython compares the timsort port with CPython's
// sorted() on lists that exercise runs, binary insertion, merges and
// galloping, including NaN, where `<` is not a total order and only
// following CPython comparison for comparison gives its result.
func TestTimsortMatchesCPython(t *testing.T) {
	for i, c := range sortCases {
		keys := append([]Value{}, c.keys...)
		if err := timsort(ir.Pos{}, keys, keys, c.reverse); err != nil {
			t.Fatal(err)
		}
		if got := repr(&List{Elems: keys}); got != c.want {
			t.Errorf("case %d (n=%d reverse=%v):\ngot     %s\nCPython %s", i, len(keys), c.reverse, got, c.want)
		}
	}
	for i, c := range stableCases {
		keys := append([]Value{}, c.keys...)
		idx := make([]Value, len(keys))
		for j := range idx {
			idx[j] = int64(j)
		}
		if err := timsort(ir.Pos{}, keys, idx, c.reverse); err != nil {
			t.Fatal(err)
		}
		if got := repr(&List{Elems: idx}); got != c.want {
			t.Errorf("stable case %d (n=%d reverse=%v):\ngot     %s\nCPython %s", i, len(keys), c.reverse, got, c.want)
		}
	}
}
