package planrt

import (
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/pysem"
)

// The str methods of the second set: index, rfind, rindex, center, ljust,
// rjust, swapcase, islower, isupper, istitle, rsplit, partition and
// rpartition, with CPython 3.11's results and messages.

// Index is s.index(sub): Find, raising ValueError when sub is missing.
func Index(s, sub string) int64 {
	i := Find(s, sub)
	if i < 0 {
		valueError("substring not found")
	}
	return i
}

// RFind is s.rfind(sub): the code-point index of the last occurrence, or
// -1.
func RFind(s, sub string) int64 {
	i := strings.LastIndex(s, sub)
	if i < 0 {
		return -1
	}
	return int64(utf8.RuneCountInString(s[:i]))
}

// RIndex is s.rindex(sub): RFind, raising ValueError when sub is missing.
func RIndex(s, sub string) int64 {
	i := RFind(s, sub)
	if i < 0 {
		valueError("substring not found")
	}
	return i
}

func fillRune(fill string) string {
	if utf8.RuneCountInString(fill) != 1 {
		typeError("The fill character must be exactly one character long")
	}
	return fill
}

// padFill is CPython's pad(): left and right copies of fill around s.
func padFill(s string, left, right int64, fill string) string {
	if left < 0 {
		left = 0
	}
	if right < 0 {
		right = 0
	}
	return RepeatStr(fill, left) + s + RepeatStr(fill, right)
}

// Center is s.center(width, fill).
func Center(s string, width int64, fill string) string {
	fill = fillRune(fill)
	n := Len(s)
	if n >= width {
		return s
	}
	if width > pysem.MaxAlloc {
		memoryError()
	}
	marg := width - n
	left := marg/2 + (marg & width & 1)
	return padFill(s, left, marg-left, fill)
}

// LJust is s.ljust(width, fill).
func LJust(s string, width int64, fill string) string {
	fill = fillRune(fill)
	n := Len(s)
	if n >= width {
		return s
	}
	if width > pysem.MaxAlloc {
		memoryError()
	}
	return padFill(s, 0, width-n, fill)
}

// RJust is s.rjust(width, fill).
func RJust(s string, width int64, fill string) string {
	fill = fillRune(fill)
	n := Len(s)
	if n >= width {
		return s
	}
	if width > pysem.MaxAlloc {
		memoryError()
	}
	return padFill(s, width-n, 0, fill)
}

// SwapCase is s.swapcase().
func SwapCase(s string) string { return pysem.SwapCase(s) }

// IsLower is s.islower().
func IsLower(s string) bool { return pysem.StrIsLower(s) }

// IsUpper is s.isupper().
func IsUpper(s string) bool { return pysem.StrIsUpper(s) }

// IsTitle is s.istitle().
func IsTitle(s string) bool { return pysem.StrIsTitle(s) }

// RSplit is s.rsplit() with maxsplit (-1 for all), splitting on runs of
// whitespace from the right.
func RSplit(s string, maxsplit int64) *List[string] {
	return ListOf(pysem.RSplitWhitespace(s, maxsplit))
}

// RSplitSep is s.rsplit(sep, maxsplit).
func RSplitSep(s, sep string, maxsplit int64) *List[string] {
	if sep == "" {
		valueError("empty separator")
	}
	return ListOf(pysem.RSplitSep(s, sep, maxsplit))
}

// Partition is s.partition(sep).
func Partition(s, sep string) Tuple3[string, string, string] {
	if sep == "" {
		valueError("empty separator")
	}
	if before, after, ok := strings.Cut(s, sep); ok {
		return Tuple3[string, string, string]{before, sep, after}
	}
	return Tuple3[string, string, string]{s, "", ""}
}

// RPartition is s.rpartition(sep).
func RPartition(s, sep string) Tuple3[string, string, string] {
	if sep == "" {
		valueError("empty separator")
	}
	if k := strings.LastIndex(s, sep); k >= 0 {
		return Tuple3[string, string, string]{s[:k], sep, s[k+len(sep):]}
	}
	return Tuple3[string, string, string]{"", "", s}
}

// Clear is l.clear().
func (l *List[T]) Clear() { l.items = l.items[:0:0] }
