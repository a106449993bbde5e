package planrt

import (
	"math"
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
		// CPython raises OverflowError, not MemoryError, where the
		// repetition's code points outnumber PY_SSIZE_T_MAX; 'é' * 2**62
		// has 2**62 of them (2**63 bytes) and is a MemoryError there.
		{"str * n past PY_SSIZE_T_MAX", func() string { return RepeatStr("ab", math.MaxInt64) }, "!OverflowError"},
		{"str * n past PY_SSIZE_T_MAX by a little", func() string { return RepeatStr("ab", 1<<62) }, "!OverflowError"},
		{"str * n of 2**62 two-byte characters", func() string { return RepeatStr("é", 1<<62) }, "!MemoryError"},
		{"zfill", func() string { return ZFill("1", max+1) }, "!MemoryError"},
		{"zfill within", func() string { return ZFill("1", 1) }, "1"},
		{"center", func() string { return Center("x", max+1, " ") }, "!MemoryError"},
		{"ljust", func() string { return LJust("x", max+1, "*") }, "!MemoryError"},
		{"rjust", func() string { return RJust("x", max+1, "*") }, "!MemoryError"},
		{"list * n", func() string { return strconv.FormatInt(ListOf([]int64{1, 2}).Repeat(max/2+1).Len(), 10) }, "!MemoryError"},
		{"append to a full list", func() string { l := big(); l.Append(struct{}{}); return "" }, "!MemoryError"},
		{"insert into a full list", func() string { l := big(); l.Insert(0, struct{}{}); return "" }, "!MemoryError"},
		// 65537 * 4096 bytes is just past 2**28
		{"replace past the limit", func() string { return Replace(RepeatStr("a", 65537), "a", RepeatStr("b", 4096), -1) }, "!MemoryError"},
		{"replace with a count past the limit", func() string {
			return Replace(RepeatStr("a", 65537), "a", RepeatStr("b", 4097), 65536)
		}, "!MemoryError"},
		{"replace of the empty str past the limit", func() string { return Replace(RepeatStr("a", 65536), "", RepeatStr("b", 4096), -1) }, "!MemoryError"},
		{"replace at the limit", func() string {
			return strconv.Itoa(len(Replace(RepeatStr("a", 65536), "a", RepeatStr("b", 4096), -1)))
		}, "268435456"},
		{"join of a list past the limit", func() string {
			return JoinList("", ListOf([]string{RepeatStr("a", 4096)}).Repeat(65537))
		}, "!MemoryError"},
		{"join past the limit by its separators", func() string {
			return JoinList("b", ListOf([]string{RepeatStr("a", 4095)}).Repeat(65537))
		}, "!MemoryError"},
		{"join of an iterable past the limit", func() string {
			return Join("", ListOf([]string{RepeatStr("a", 4096)}).Repeat(65537).All())
		}, "!MemoryError"},
		{"join at the limit", func() string {
			return strconv.Itoa(len(Join("", ListOf([]string{RepeatStr("a", 4096)}).Repeat(65536).All())))
		}, "268435456"},
		{"computed format width past the limit", func() string { return FormatStr("x", "268435457") }, "!MemoryError"},
		{"computed format width of an int past the limit", func() string { return FormatInt(7, ">268435457") }, "!MemoryError"},
		{"computed format width of a float past the limit", func() string { return FormatFloat(7, "268435457.2f") }, "!MemoryError"},
		{"computed format precision past the limit", func() string { return FormatFloat(7, ".268435457f") }, "!MemoryError"},
		{"computed format precision of an e past the limit", func() string { return FormatFloat(7, ".268435457e") }, "!MemoryError"},
		{"computed format precision of a % past the limit", func() string { return FormatFloat(7, ".268435457%") }, "!MemoryError"},
		{"computed format precision of an int as f past the limit", func() string { return FormatInt(7, ".268435457f") }, "!MemoryError"},
		{"computed format precision of an alternate g past the limit", func() string { return FormatFloat(7, "#.268435457g") }, "!MemoryError"},
		{"computed format precision of a g past the limit (nothing built)", func() string { return FormatFloat(7, ".268435457g") }, "7"},
		{"computed format precision of a str past the limit (a truncation)", func() string { return FormatStr("x", ".268435457") }, "x"},
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

// TestStrRepeatOverflowMessage: the OverflowError of a str repetition past
// PY_SSIZE_T_MAX code points carries CPython's message.
func TestStrRepeatOverflowMessage(t *testing.T) {
	if got, want := catch(func() string { return RepeatStr("xyz", math.MaxInt64/2) }), "!OverflowError: repeated string is too long"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
