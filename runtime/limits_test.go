package planrt

import (
	"strconv"
	"testing"

	"github.com/clauz3/clauz3/pysem"
)

// TestMemoryErrorLimits: the sealed binary raises MemoryError past
// pysem.MaxAlloc exactly where the interpreter does (s * n and l * n by
// size, the padders by width, list growth by length), and not below.
func TestMemoryErrorLimits(t *testing.T) {
	const max = pysem.MaxAlloc
	big := func() *List[struct{}] { return ListOf(make([]struct{}, max)) } // zero-size elements: no memory
	for _, c := range []struct {
		name string
		fn   func() string
		want string
	}{
		{"str * n past the limit", func() string { return strconv.Itoa(len(RepeatStr("ab", max/2+1))) }, "!MemoryError"},
		{"str * n of 4-byte characters", func() string { return strconv.Itoa(len(RepeatStr("\U0001f600", max/4+1))) }, "!MemoryError"},
		{"str * n within", func() string { return strconv.Itoa(len(RepeatStr("ab", 3))) }, "6"},
		{"zfill", func() string { return ZFill("1", max+1) }, "!MemoryError"},
		{"zfill within", func() string { return ZFill("1", 1) }, "1"},
		{"center", func() string { return Center("x", max+1, " ") }, "!MemoryError"},
		{"ljust", func() string { return LJust("x", max+1, "*") }, "!MemoryError"},
		{"rjust", func() string { return RJust("x", max+1, "*") }, "!MemoryError"},
		{"list * n", func() string { return strconv.FormatInt(ListOf([]int64{1, 2}).Repeat(max/2+1).Len(), 10) }, "!MemoryError"},
		{"append to a full list", func() string { l := big(); l.Append(struct{}{}); return "" }, "!MemoryError"},
		{"insert into a full list", func() string { l := big(); l.Insert(0, struct{}{}); return "" }, "!MemoryError"},
		{"extend past the limit", func() string {
			l := big()
			l.Extend(ListOf([]struct{}{{}}).All())
			return ""
		}, "!MemoryError"},
	} {
		if got := catchClass(c.fn); got != c.want {
			if len(got) > 40 {
				got = got[:40] + "..." // a padded str of 2**28 characters
			}
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
