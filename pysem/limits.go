package pysem

import (
	"math"
	"strings"
	"unicode/utf8"
)

// MaxAlloc is the most one operation may build: bytes of a str (s * n,
// replace, join; zfill, center, the other padders and a format spec's
// width or precision by code points, as CPython counts them) and elements of a list (l * n,
// append, extend, list()). Past it every engine raises MemoryError, where
// CPython would raise it only on a real exhaustion; one number keeps the
// interpreter, the sealed binary and the prover's model in step.
const MaxAlloc = 1 << 28

// UTF8Max is the most bytes one code point takes in UTF-8: a str of at
// most MaxAlloc/UTF8Max code points never exceeds MaxAlloc bytes.
const UTF8Max = 4

// RepeatFits reports whether a repetition of n > 0 copies of a sequence
// of size elements (or bytes) stays within MaxAlloc.
func RepeatFits(size, n int64) bool {
	return size <= MaxAlloc/n
}

// StrRepeatOverflows reports whether s * n, for n > 0 and s of runes
// code points, is longer than PY_SSIZE_T_MAX code points: CPython raises
// OverflowError("repeated string is too long") there, before it would try
// (and fail) to allocate, so it comes before the MaxAlloc check.
func StrRepeatOverflows(runes, n int64) bool {
	return n > 0 && runes > math.MaxInt64/n
}

// StrRepeatTooLong is CPython's message for a StrRepeatOverflows
// repetition.
const StrRepeatTooLong = "repeated string is too long"

// ReplaceFits reports whether s.replace(old, new, count) (count < 0 for
// every occurrence) stays within MaxAlloc bytes, counted before anything
// is built.
func ReplaceFits(s, old, new string, count int64) bool {
	var n int64
	if old == "" {
		n = int64(utf8.RuneCountInString(s)) + 1 // before every character and at the end
	} else {
		n = int64(strings.Count(s, old))
	}
	if count >= 0 && count < n {
		n = count
	}
	if n == 0 {
		return true // s itself, nothing built
	}
	grow := int64(len(new)) - int64(len(old))
	size := int64(len(s))
	if grow <= 0 {
		return size+n*grow <= MaxAlloc
	}
	return size <= MaxAlloc && n <= (MaxAlloc-size)/grow
}

// JoinFits reports whether sep.join(parts) stays within MaxAlloc bytes,
// counted before anything is built.
func JoinFits(sep string, parts []string) bool {
	if len(parts) == 0 {
		return true
	}
	total := int64(len(sep)) * int64(len(parts)-1)
	for _, p := range parts {
		total += int64(len(p))
		if total > MaxAlloc {
			return false
		}
	}
	return total <= MaxAlloc
}

// MaxProvedRune is the largest character the prover can represent: Z3
// 4.8.12's strings stop at U+2FFFF. Every engine refuses an input or an
// effect result holding a character above it, as it refuses one that
// breaks a postcondition, so no run reaches a value the proof never
// considered.
const MaxProvedRune = 0x2FFFF

// AboveProvedRune returns the first character of s above MaxProvedRune.
func AboveProvedRune(s string) (rune, bool) {
	for _, r := range s {
		if r > MaxProvedRune {
			return r, true
		}
	}
	return 0, false
}
