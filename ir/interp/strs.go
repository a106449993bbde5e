package interp

import (
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// Strings are Go strings (UTF-8); every index and length is in code
// points, as in Python.

func strLen(s string) int64 { return int64(utf8.RuneCountInString(s)) }

// substr is s[start:end] in code points, for 0 <= start <= end <= len.
func substr(s string, start, end int64) string {
	if isASCII(s) {
		return s[start:end]
	}
	rs := []rune(s)
	return string(rs[start:end])
}

func stripSet(chars string) func(rune) bool {
	set := map[rune]bool{}
	for _, r := range chars {
		set[r] = true
	}
	return func(r rune) bool { return set[r] }
}

// strStrip is strip/lstrip/rstrip; chars nil strips whitespace.
func strStrip(s string, chars Value, left, right bool) string {
	pred := pysem.IsSpace
	if c, ok := chars.(string); ok {
		pred = stripSet(c)
	}
	if left {
		s = strings.TrimLeftFunc(s, pred)
	}
	if right {
		s = strings.TrimRightFunc(s, pred)
	}
	return s
}

// strSplit is str.split(sep, maxsplit).
func strSplit(pos ir.Pos, s string, sep Value, maxsplit int64) ([]Value, error) {
	if maxsplit < 0 {
		maxsplit = 1<<62 - 1
	}
	var out []Value
	if sep == nil {
		for _, p := range pysem.SplitWhitespace(s, maxsplit) {
			out = append(out, p)
		}
		if out == nil {
			out = []Value{}
		}
		return out, nil
	}
	sp, ok := sep.(string)
	if !ok {
		return nil, raise(pos, "TypeError", "must be str or None, not %s", typeName(sep))
	}
	if sp == "" {
		return nil, raise(pos, "ValueError", "empty separator")
	}
	n := -1
	if maxsplit < 1<<62-1 {
		n = int(maxsplit) + 1
	}
	for _, p := range strings.SplitN(s, sp, n) {
		out = append(out, p)
	}
	return out, nil
}

// strFind is str.find(sub) in code points.
func strFind(s, sub string) int64 {
	i := strings.Index(s, sub)
	if i < 0 {
		return -1
	}
	return int64(utf8.RuneCountInString(s[:i]))
}

// strCount is str.count(sub): an empty sub is found before every code
// point and at the end.
func strCount(s, sub string) int64 {
	if sub == "" {
		return strLen(s) + 1
	}
	return int64(strings.Count(s, sub))
}

func strAll(s string, pred func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pred(r) {
			return false
		}
	}
	return true
}

// strZfill is str.zfill(width).
func strZfill(s string, width int64) string {
	rs := []rune(s)
	n := int64(len(rs))
	if n >= width {
		return s
	}
	fill := width - n
	out := make([]rune, 0, width)
	for i := int64(0); i < fill; i++ {
		out = append(out, '0')
	}
	out = append(out, rs...)
	if fill < int64(len(out)) && (out[fill] == '+' || out[fill] == '-') {
		out[0] = out[fill]
		out[fill] = '0'
	}
	return string(out)
}

func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// strSplitlines is str.splitlines(), without the line ends.
func strSplitlines(s string) []Value {
	rs := []rune(s)
	out := []Value{}
	i, n := 0, len(rs)
	for i < n {
		j := i
		for i < n && !isLineBreak(rs[i]) {
			i++
		}
		eol := i
		if i < n {
			if rs[i] == '\r' && i+1 < n && rs[i+1] == '\n' {
				i += 2
			} else {
				i++
			}
		}
		out = append(out, string(rs[j:eol]))
	}
	return out
}

// strIndex is s[i] in code points.
func strIndex(pos ir.Pos, s string, i int64) (Value, error) {
	if isASCII(s) {
		n := int64(len(s))
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, raise(pos, "IndexError", "string index out of range")
		}
		return s[i : i+1], nil
	}
	rs := []rune(s)
	n := int64(len(rs))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return nil, raise(pos, "IndexError", "string index out of range")
	}
	return string(rs[i]), nil
}
