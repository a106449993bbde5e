package pysem

import (
	"slices"
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
