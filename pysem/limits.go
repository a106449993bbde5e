package pysem

// MaxAlloc is the most one operation may build: bytes of a str (s * n,
// zfill, center and the other padders) and elements of a list (l * n,
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
