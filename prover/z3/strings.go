package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// MaxRune is the largest character Z3 4.8.12 accepts in a string.
const MaxRune = 0x2FFFF

// String returns the string literal s. s must be valid UTF-8 with no rune
// above MaxRune; otherwise the error is recorded in Err and the zero Term
// is returned. See the package documentation for the encoding.
func (c *Context) String(s string) Term {
	const op = "String"
	if !c.ready(op) {
		return Term{}
	}
	enc, err := encodeString(s)
	if err != nil {
		c.failf(op, "%v", err)
		return Term{}
	}
	cs := C.CString(enc)
	defer C.free(unsafe.Pointer(cs))
	return c.term(op, C.Z3_mk_string(c.ctx, cs))
}

// encodeString writes s in the escape syntax Z3_mk_string parses: printable
// ASCII except the backslash stays, every other rune becomes \u{hex}.
func encodeString(s string) (string, error) {
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return "", fmt.Errorf("string is not valid UTF-8 (byte 0x%02x at offset %d)", s[i], i)
			}
		}
		switch {
		case r > MaxRune:
			return "", fmt.Errorf("character U+%04X at offset %d is above U+2FFFF, which Z3 4.8.12 does not support", r, i)
		case r >= 0x20 && r <= 0x7e && r != '\\':
			b.WriteByte(byte(r))
		default:
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
	}
	return b.String(), nil
}

// parseEscape parses \u{h} with 1 to 5 hex digits at the start of s and
// returns the rune and the length of the escape.
func parseEscape(s string) (rune, int, bool) {
	if !strings.HasPrefix(s, `\u{`) {
		return 0, 0, false
	}
	end := strings.IndexByte(s[3:], '}')
	if end < 1 || end > 5 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[3:3+end], 16, 32)
	if err != nil {
		return 0, 0, false
	}
	return rune(v), 3 + end + 1, true
}

// decodeString turns Z3_get_string output back into UTF-8. isBackslash is
// asked, for each \u{...} sequence, whether the character at that index of
// the value is a literal backslash (Z3 does not escape backslashes); it is
// nil when the value is known to hold no backslash. ok is false if the
// value holds a character that is not a Unicode scalar value (a surrogate).
func decodeString(raw string, isBackslash func(index int) bool) (string, bool) {
	if !strings.Contains(raw, `\u{`) {
		return raw, true
	}
	var b strings.Builder
	b.Grow(len(raw))
	for i, k := 0, 0; i < len(raw); k++ {
		if raw[i] == '\\' {
			if r, n, ok := parseEscape(raw[i:]); ok && (isBackslash == nil || !isBackslash(k)) {
				if !utf8.ValidRune(r) {
					return "", false
				}
				b.WriteRune(r)
				i += n
				continue
			}
		}
		// Z3 prints the remaining characters as single ASCII bytes.
		b.WriteByte(raw[i])
		i++
	}
	return b.String(), true
}

// StringValue returns the value of a string literal (as found in models),
// decoded to UTF-8. ok is false if t is not a string literal or holds a
// character that has no UTF-8 form (a surrogate code point).
func (t Term) StringValue() (value string, ok bool) {
	if !t.IsValid() {
		return "", false
	}
	c := t.c
	if !bool(C.Z3_is_string(c.ctx, t.a)) || !c.clearErr() {
		c.clearErr()
		return "", false
	}
	raw := C.GoString(C.Z3_get_string(c.ctx, t.a))
	if !c.clearErr() {
		return "", false
	}
	if !strings.Contains(raw, `\u{`) {
		return raw, true
	}
	// Z3 prints a literal backslash unescaped, so `\u{41}` in raw is either
	// the character 'A' or the six characters \ u { 4 1 }. Ask Z3.
	var isBackslash func(int) bool
	if has, known := c.simplifiedBool(func(bs C.Z3_ast) C.Z3_ast {
		return C.Z3_mk_seq_contains(c.ctx, t.a, bs)
	}); !known {
		return "", false
	} else if has {
		failed := false
		isBackslash = func(k int) bool {
			v, known := c.simplifiedBool(func(bs C.Z3_ast) C.Z3_ast {
				idx := C.Z3_mk_int64(c.ctx, C.int64_t(k), C.Z3_mk_int_sort(c.ctx))
				if idx == nil {
					return nil
				}
				c.keep(idx)
				at := C.Z3_mk_seq_at(c.ctx, t.a, idx)
				if at == nil {
					return nil
				}
				c.keep(at)
				return C.Z3_mk_eq(c.ctx, at, bs)
			})
			failed = failed || !known
			return v
		}
		s, ok := decodeString(raw, isBackslash)
		if failed {
			return "", false
		}
		return s, ok
	}
	return decodeString(raw, nil)
}

// simplifiedBool builds a Boolean query with mk (given the one-backslash
// string literal), simplifies it and returns its truth value. known is
// false if Z3 failed or did not reduce the query to true or false. It does
// not record errors in Err. Intermediate terms are kept (arena policy).
func (c *Context) simplifiedBool(mk func(backslash C.Z3_ast) C.Z3_ast) (value, known bool) {
	cs := C.CString(`\u{5c}`)
	bs := C.Z3_mk_string(c.ctx, cs)
	C.free(unsafe.Pointer(cs))
	if !c.clearErr() || bs == nil {
		return false, false
	}
	c.keep(bs)
	q := mk(bs)
	if !c.clearErr() || q == nil {
		return false, false
	}
	c.keep(q)
	r := C.Z3_simplify(c.ctx, q)
	if !c.clearErr() || r == nil {
		return false, false
	}
	c.keep(r)
	switch C.Z3_get_bool_value(c.ctx, r) {
	case C.Z3_L_TRUE:
		return true, true
	case C.Z3_L_FALSE:
		return false, true
	}
	return false, false
}

// String operations. Argument order reads like Go's strings package; the
// binding maps it to Z3's order.

// Contains returns that sub occurs in s.
func (c *Context) Contains(s, sub Term) Term {
	return c.bin("Contains", s, sub, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_contains(c.ctx, x, y) })
}

// HasPrefix returns that s starts with prefix.
func (c *Context) HasPrefix(s, prefix Term) Term {
	return c.bin("HasPrefix", s, prefix, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_prefix(c.ctx, y, x) })
}

// HasSuffix returns that s ends with suffix.
func (c *Context) HasSuffix(s, suffix Term) Term {
	return c.bin("HasSuffix", s, suffix, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_suffix(c.ctx, y, x) })
}

// Length returns the number of characters (not bytes) of s.
func (c *Context) Length(s Term) Term {
	return c.un("Length", s, func(x C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_length(c.ctx, x) })
}

// Concat returns the concatenation of ts; Concat() is "". A concatenation
// of literals is the literal: Z3 leaves it unevaluated until it solves, and
// keys built as "d" + str(i) in an unrolled loop then cost the solver
// seconds instead of milliseconds.
func (c *Context) Concat(ts ...Term) Term {
	if len(ts) == 0 {
		return c.String("")
	}
	if !c.ready("Concat") {
		return Term{}
	}
	if folded, ok := literalConcat(ts); ok {
		return c.String(folded)
	}
	return c.nary("Concat", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_concat(c.ctx, n, p) })
}

// literalConcat is the value of a concatenation whose parts are all string
// literals.
func literalConcat(ts []Term) (string, bool) {
	var b strings.Builder
	for _, t := range ts {
		v, ok := t.StringValue()
		if !ok {
			return "", false
		}
		b.WriteString(v)
	}
	return b.String(), true
}

// At returns the one-character string at index i of s, or "" if i is out
// of range.
func (c *Context) At(s, i Term) Term {
	return c.bin("At", s, i, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_at(c.ctx, x, y) })
}

// IndexOf returns the first index >= offset at which sub occurs in s, or
// -1 (SMT-LIB str.indexof).
func (c *Context) IndexOf(s, sub, offset Term) Term {
	return c.tri("IndexOf", s, sub, offset, func(x, y, z C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_index(c.ctx, x, y, z) })
}

// Extract returns the substring of s starting at offset with at most
// length characters ("" if offset is out of range or length <= 0).
func (c *Context) Extract(s, offset, length Term) Term {
	return c.tri("Extract", s, offset, length, func(x, y, z C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_extract(c.ctx, x, y, z) })
}

// Replace returns s with the first occurrence of old replaced by new.
func (c *Context) Replace(s, old, new Term) Term {
	return c.tri("Replace", s, old, new, func(x, y, z C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_replace(c.ctx, x, y, z) })
}

// IntToString returns the decimal form of i for i >= 0, and "" for
// negative i (SMT-LIB str.from_int). A numeral gives a literal, as Concat
// does.
func (c *Context) IntToString(i Term) Term {
	if n, ok := i.Int64Value(); ok {
		if n < 0 {
			return c.String("")
		}
		return c.String(strconv.FormatInt(n, 10))
	}
	return c.un("IntToString", i, func(x C.Z3_ast) C.Z3_ast { return C.Z3_mk_int_to_str(c.ctx, x) })
}

// StringToInt returns the value of s if it is a non-empty string of ASCII
// digits, and -1 otherwise (SMT-LIB str.to_int).
func (c *Context) StringToInt(s Term) Term {
	return c.un("StringToInt", s, func(x C.Z3_ast) C.Z3_ast { return C.Z3_mk_str_to_int(c.ctx, x) })
}

// StrLt returns that a is lexicographically (by code point) less than b.
func (c *Context) StrLt(a, b Term) Term {
	return c.bin("StrLt", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_str_lt(c.ctx, x, y) })
}

// StrLe returns StrLt(a, b) or a = b.
func (c *Context) StrLe(a, b Term) Term {
	return c.bin("StrLe", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_str_le(c.ctx, x, y) })
}

// rawStringForTest calls Z3_mk_string on already-escaped text (tests only
// use it to check Z3's own limits).
func (c *Context) rawStringForTest(escaped string) Term {
	if !c.ready("rawString") {
		return Term{}
	}
	cs := C.CString(escaped)
	defer C.free(unsafe.Pointer(cs))
	return c.term("rawString", C.Z3_mk_string(c.ctx, cs))
}
