package pysem

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// SplitWhitespace is s.split() with maxsplit (negative for no limit):
// the runs of non-whitespace (IsSpace) characters, the last of at most
// maxsplit+1 keeping the rest of s from its first non-whitespace
// character, trailing whitespace included.
func SplitWhitespace(s string, maxsplit int64) []string {
	out := []string{}
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if IsSpace(r) {
			i += w
			continue
		}
		if maxsplit >= 0 && int64(len(out)) == maxsplit {
			return append(out, s[i:])
		}
		j := i
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if IsSpace(r) {
				break
			}
			j += w
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// RSplitWhitespace is s.rsplit() with maxsplit (negative for no limit):
// as SplitWhitespace, splitting from the right, so the first part keeps
// the rest of s with its leading whitespace.
func RSplitWhitespace(s string, maxsplit int64) []string {
	rs := []rune(s)
	out := []string{}
	i := len(rs) - 1
	for ; maxsplit != 0; maxsplit-- {
		for i >= 0 && IsSpace(rs[i]) {
			i--
		}
		if i < 0 {
			break
		}
		j := i
		i--
		for i >= 0 && !IsSpace(rs[i]) {
			i--
		}
		out = append(out, string(rs[i+1:j+1]))
	}
	if i >= 0 {
		for i >= 0 && IsSpace(rs[i]) {
			i--
		}
		if i >= 0 {
			out = append(out, string(rs[:i+1]))
		}
	}
	slices.Reverse(out)
	return out
}

// RSplitSep is s.rsplit(sep, maxsplit) for a non-empty sep (negative
// maxsplit for no limit): the parts between occurrences of sep, found
// from the right.
func RSplitSep(s, sep string, maxsplit int64) []string {
	var out []string
	for ; maxsplit != 0; maxsplit-- {
		k := strings.LastIndex(s, sep)
		if k < 0 {
			break
		}
		out = append(out, s[k+len(sep):])
		s = s[:k]
	}
	out = append(out, s)
	slices.Reverse(out)
	return out
}
