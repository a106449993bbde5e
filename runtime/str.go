package planrt

import (
	"iter"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/pysem"
)

// Python strs are Go strings holding UTF-8; every length, index and
// offset the plan sees counts code points, as CPython does.

// ReprStr is repr(s) (see pysem.ReprStr).
func ReprStr(s string) string { return pysem.ReprStr(s) }

func hex2(v int) string { return padHex(int64(v), 2) }

func padHex(v int64, n int) string {
	s := strconv.FormatInt(v, 16)
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// Len is len(s) in code points.
func Len(s string) int64 { return int64(utf8.RuneCountInString(s)) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// StrAt is s[i]: the code point at i (negative counts from the end).
func StrAt(s string, i int64) string {
	if isASCII(s) {
		n := int64(len(s))
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			indexError("string index out of range")
		}
		return s[i : i+1]
	}
	rs := []rune(s)
	n := int64(len(rs))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		indexError("string index out of range")
	}
	return string(rs[i])
}

// Chars iterates over the code points of s, each as a one-character str.
func Chars(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i, r := range s {
			if !yield(s[i : i+utf8.RuneLen(r)]) {
				return
			}
		}
	}
}

// StrSlice is s[lo:hi:step].
func StrSlice(s string, lo, hi, step Optional[int64]) string {
	if (!step.ok || step.v == 1) && (!lo.ok || lo.v >= 0) && hi.ok && hi.v >= 0 {
		// Non-negative bounds need no length: walk to them from the
		// front, so s[:40] of a long text does not read all of it.
		start := int64(0)
		if lo.ok {
			start = lo.v
		}
		if start >= hi.v {
			return ""
		}
		a := codePointOffset(s, 0, start)
		return s[a:codePointOffset(s, a, hi.v-start)]
	}
	if isASCII(s) {
		start, stop, st, n := sliceIndices(int64(len(s)), lo, hi, step)
		if n == 0 {
			return ""
		}
		if st == 1 {
			return s[start:stop]
		}
		b := make([]byte, 0, n)
		for i, k := start, int64(0); k < n; i, k = i+st, k+1 {
			b = append(b, s[i])
		}
		return string(b)
	}
	rs := []rune(s)
	start, stop, st, n := sliceIndices(int64(len(rs)), lo, hi, step)
	if n == 0 {
		return ""
	}
	if st == 1 {
		return string(rs[start:stop])
	}
	out := make([]rune, 0, n)
	for i, k := start, int64(0); k < n; i, k = i+st, k+1 {
		out = append(out, rs[i])
	}
	return string(out)
}

// codePointOffset is the byte offset k code points after byte offset
// from, or len(s) when s ends first.
func codePointOffset(s string, from int, k int64) int {
	i := from
	for ; k > 0 && i < len(s); k-- {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// sliceIndices is CPython's PySlice_Unpack and PySlice_AdjustIndices: it
// returns the start, stop and step to use on a sequence of length n, and
// the slice length.
func sliceIndices(n int64, lo, hi, step Optional[int64]) (start, stop, st, length int64) {
	st = 1
	if step.ok {
		st = step.v
		if st == 0 {
			valueError("slice step cannot be zero")
		}
	}
	switch {
	case lo.ok:
		start = lo.v
	case st < 0:
		start = math.MaxInt64
	}
	switch {
	case hi.ok:
		stop = hi.v
	case st < 0:
		stop = math.MinInt64
	default:
		stop = math.MaxInt64
	}
	start, stop, length = pysem.AdjustSlice(n, start, stop, st)
	return start, stop, st, length
}

// Strip is s.strip() (Python whitespace).
func Strip(s string) string { return strings.TrimFunc(s, pysem.IsSpace) }

// LStrip is s.lstrip().
func LStrip(s string) string { return strings.TrimLeftFunc(s, pysem.IsSpace) }

// RStrip is s.rstrip().
func RStrip(s string) string { return strings.TrimRightFunc(s, pysem.IsSpace) }

// StripChars is s.strip(chars): chars is a set of code points.
func StripChars(s, chars string) string { return strings.Trim(s, chars) }

// LStripChars is s.lstrip(chars).
func LStripChars(s, chars string) string { return strings.TrimLeft(s, chars) }

// RStripChars is s.rstrip(chars).
func RStripChars(s, chars string) string { return strings.TrimRight(s, chars) }

// Split is s.split() with maxsplit (-1 for all): runs of Python
// whitespace separate, and leading or trailing whitespace gives no empty
// strings.
func Split(s string, maxsplit int64) *List[string] { return ListOf(pysem.SplitWhitespace(s, maxsplit)) }

// SplitSep is s.split(sep, maxsplit).
func SplitSep(s, sep string, maxsplit int64) *List[string] {
	if sep == "" {
		valueError("empty separator")
	}
	n := -1
	if maxsplit >= 0 {
		n = int(maxsplit) + 1
	}
	return ListOf(strings.SplitN(s, sep, n))
}

// Join is sep.join(items). Every item is read before the size is
// checked, as the interpreter does: an item that raises raises before a
// MemoryError past pysem.MaxAlloc.
func Join(sep string, items iter.Seq[string]) string {
	var parts []string
	for s := range items {
		parts = append(parts, s)
	}
	return joinParts(sep, parts)
}

// JoinList is sep.join(l) for a list.
func JoinList(sep string, l *List[string]) string { return joinParts(sep, l.items) }

func joinParts(sep string, parts []string) string {
	if !pysem.JoinFits(sep, parts) {
		memoryError()
	}
	return strings.Join(parts, sep)
}

// Replace is s.replace(old, new, count) (count -1 for all); a result past
// pysem.MaxAlloc bytes is MemoryError, found before it is built.
func Replace(s, old, new string, count int64) string {
	n := -1
	if count >= 0 {
		n = int(count)
	}
	if !pysem.ReplaceFits(s, old, new, count) {
		memoryError()
	}
	return strings.Replace(s, old, new, n)
}

// Find is s.find(sub): the code-point index of the first occurrence, or
// -1. The language's find takes no start or end (ir.BuiltinTable).
func Find(s, sub string) int64 {
	i := strings.Index(s, sub)
	if i < 0 {
		return -1
	}
	return Len(s[:i])
}

// Count is s.count(sub): non-overlapping occurrences; an empty sub is
// found before every code point and at the end. The language's count
// takes no start or end (ir.BuiltinTable).
func Count(s, sub string) int64 {
	if sub == "" {
		return Len(s) + 1
	}
	return int64(strings.Count(s, sub))
}

// IsDigit is s.isdigit().
func IsDigit(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pysem.IsDigit(r) {
			return false
		}
	}
	return true
}

// IsAlpha is s.isalpha().
func IsAlpha(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pysem.IsAlpha(r) {
			return false
		}
	}
	return true
}

// IsSpace is s.isspace().
func IsSpace(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pysem.IsSpace(r) {
			return false
		}
	}
	return true
}

// Upper is s.upper() with full case mappings ('ß' -> 'SS').
func Upper(s string) string { return pysem.Upper(s) }

// Lower is s.lower() (full mappings, final sigma).
func Lower(s string) string { return pysem.Lower(s) }

// Title is s.title().
func Title(s string) string { return pysem.Title(s) }

// Capitalize is s.capitalize() (CPython 3.8+).
func Capitalize(s string) string { return pysem.Capitalize(s) }

// ZFill is s.zfill(width).
func ZFill(s string, width int64) string {
	if width > pysem.MaxAlloc {
		memoryError()
	}
	n := Len(s)
	if n >= width {
		return s
	}
	fill := strings.Repeat("0", int(width-n))
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[:1] + fill + s[1:]
	}
	return fill + s
}

// SplitLines is s.splitlines(), without the line ends (the language's
// splitlines takes no keepends: ir.BuiltinTable).
func SplitLines(s string) *List[string] {
	out := []string{}
	i, start := 0, 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		eol := 0
		switch r {
		case '\r':
			eol = w
			if i+1 < len(s) && s[i+1] == '\n' {
				eol = 2
			}
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			eol = w
		}
		if eol == 0 {
			i += w
			continue
		}
		out = append(out, s[start:i])
		i += eol
		start = i
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return ListOf(out)
}

// RepeatStr is s * n.
func RepeatStr(s string, n int64) string {
	if n <= 0 || s == "" {
		return ""
	}
	if pysem.StrRepeatOverflows(int64(utf8.RuneCountInString(s)), n) {
		Throw("OverflowError", pysem.StrRepeatTooLong)
	}
	if !pysem.RepeatFits(int64(len(s)), n) {
		memoryError()
	}
	return strings.Repeat(s, int(n))
}

// Ord is ord(c).
func Ord(c string) int64 {
	if n := utf8.RuneCountInString(c); n != 1 {
		typeError("ord() expected a character, but string of length " + strconv.Itoa(n) + " found")
	}
	r, _ := utf8.DecodeRuneInString(c)
	return int64(r)
}

// Chr is chr(i).
func Chr(i int64) string {
	if i < 0 || i > 0x10ffff {
		valueError("chr() arg not in range(0x110000)")
	}
	if i >= 0xd800 && i <= 0xdfff {
		valueError("chr() of a surrogate code point is outside the ClauZ3 subset (strs are valid UTF-8)")
	}
	return string(rune(i))
}

// StrContains is sub in s.
func StrContains(s, sub string) bool { return strings.Contains(s, sub) }

// InStr is sub in s, with the operands in Python's evaluation order.
func InStr(sub, s string) bool { return strings.Contains(s, sub) }
