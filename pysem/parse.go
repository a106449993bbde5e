package pysem

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxStrDigits is CPython 3.11's default sys.get_int_max_str_digits():
// int() of a str with more digits (in a base that is not a power of two)
// raises ValueError before any value is computed.
const MaxStrDigits = 4300

// IntParse says how ParseInt ended.
type IntParse uint8

const (
	// IntOK: the value fits an int64.
	IntOK IntParse = iota
	// IntInvalid: not an integer literal (ValueError, IntInvalidMessage).
	IntInvalid
	// IntTooManyDigits: more than MaxStrDigits digits (ValueError,
	// IntDigitsMessage).
	IntTooManyDigits
	// IntOverflow: a valid literal outside int64 (the engines'
	// OverflowError: integer overflow).
	IntOverflow
)

// ParseInt is CPython's int(s, base) of a str (PyLong_FromUnicodeObject)
// for base 0 or 2..36 (the caller checks the base): Unicode decimal
// digits read as ASCII ones and Unicode whitespace as a space, then
// surrounding ASCII whitespace only (Py_ISSPACE: "\x1c5" is refused
// though '\x1c'.isspace()), an optional sign, a 0x/0o/0b prefix where the
// base allows it (and one underscore after it), single underscores
// between digits. digits counts the digits read, for IntDigitsMessage.
// Every engine's int() of a str is this function, so they cannot drift
// apart (runtime TestParse holds it to CPython).
func ParseInt(orig string, base int) (n int64, digits int, st IntParse) {
	s := asciiDigitsAndSpaces(orig)
	i := 0
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	b := base
	prefixed := false
	if i+1 < len(s) && s[i] == '0' {
		p := s[i+1] | 0x20
		if (b == 0 || b == 16) && p == 'x' {
			b, prefixed = 16, true
		} else if (b == 0 || b == 8) && p == 'o' {
			b, prefixed = 8, true
		} else if (b == 0 || b == 2) && p == 'b' {
			b, prefixed = 2, true
		}
	}
	if prefixed {
		i += 2
		// One underscore may follow the prefix.
		if i < len(s) && s[i] == '_' {
			i++
		}
	}
	zeroOnly := false
	if b == 0 {
		// Base 0 without a prefix: decimal, and leading zeros only for 0.
		b = 10
		zeroOnly = i < len(s) && s[i] == '0'
	}
	start := i
	prevUnderscore := false
	for i < len(s) {
		ch := s[i]
		if ch == '_' {
			if prevUnderscore || i == start {
				return 0, digits, IntInvalid
			}
			prevUnderscore = true
			i++
			continue
		}
		if digitValue(ch) >= b {
			break
		}
		prevUnderscore = false
		digits++
		i++
	}
	if digits == 0 || prevUnderscore {
		return 0, digits, IntInvalid
	}
	if b&(b-1) != 0 && digits > MaxStrDigits {
		return 0, digits, IntTooManyDigits
	}
	body := strings.ReplaceAll(s[start:i], "_", "")
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	if i != len(s) {
		return 0, digits, IntInvalid
	}
	if zeroOnly && strings.Trim(body, "0") != "" {
		return 0, digits, IntInvalid
	}
	u, err := strconv.ParseUint(body, b, 64)
	if err != nil {
		return 0, digits, IntOverflow
	}
	if neg {
		if u > 1<<63 {
			return 0, digits, IntOverflow
		}
		return int64(-u), digits, IntOK
	}
	if u > math.MaxInt64 {
		return 0, digits, IntOverflow
	}
	return int64(u), digits, IntOK
}

// IntInvalidMessage is CPython's ValueError message for int(s, base) of
// an invalid literal: "%.200R", at most 200 characters of the repr.
func IntInvalidMessage(s string, base int) string {
	r := []rune(ReprStr(s))
	if len(r) > 200 {
		r = r[:200]
	}
	return fmt.Sprintf("invalid literal for int() with base %d: %s", base, string(r))
}

// IntDigitsMessage is CPython's ValueError message for int() of a str
// with more than MaxStrDigits digits.
func IntDigitsMessage(digits int) string {
	return fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", MaxStrDigits, digits)
}

// ParseFloat is CPython's float(s) of a str: the same Unicode digits and
// spaces as ParseInt, surrounding ASCII whitespace, a sign, then
// inf/infinity/nan in any case (signed too: float("-nan") is nan) or
// digits [. digits] [e [sign] digits] with single underscores between
// digits. ok is false where CPython raises ValueError
// (FloatInvalidMessage); out of range is inf or 0.0, as in CPython.
func ParseFloat(orig string) (f float64, ok bool) {
	s := strings.TrimFunc(asciiDigitsAndSpaces(orig), func(r rune) bool { return r < 0x80 && isASCIISpace(byte(r)) })
	if strings.IndexByte(s, '_') >= 0 {
		var b strings.Builder
		prev := byte(0)
		for i := 0; i < len(s); i++ {
			ch := s[i]
			if ch == '_' {
				if !(prev >= '0' && prev <= '9') {
					return 0, false
				}
			} else {
				if prev == '_' && !(ch >= '0' && ch <= '9') {
					return 0, false
				}
				b.WriteByte(ch)
			}
			prev = ch
		}
		if prev == '_' {
			return 0, false
		}
		s = b.String()
	}
	body := s
	neg := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	switch strings.ToLower(body) {
	case "inf", "infinity":
		if neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "nan":
		return math.NaN(), true
	}
	// digits [. digits] [e [sign] digits], at least one mantissa digit.
	i, mant := 0, 0
	for i < len(body) && body[i] >= '0' && body[i] <= '9' {
		i++
		mant++
	}
	if i < len(body) && body[i] == '.' {
		i++
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			mant++
		}
	}
	if mant == 0 {
		return 0, false
	}
	if i < len(body) && (body[i] == 'e' || body[i] == 'E') {
		i++
		if i < len(body) && (body[i] == '+' || body[i] == '-') {
			i++
		}
		ed := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			ed++
		}
		if ed == 0 {
			return 0, false
		}
	}
	if i != len(body) {
		return 0, false
	}
	f, err := strconv.ParseFloat(body, 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); !isNum || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	if neg {
		f = -f
	}
	return f, true
}

// FloatInvalidMessage is CPython's ValueError message for float(s) of a
// str it does not read (the whole repr: no 200-character cut here).
func FloatInvalidMessage(s string) string {
	return "could not convert string to float: " + ReprStr(s)
}

// asciiDigitsAndSpaces is CPython's _PyUnicode_TransformDecimalAndSpaceToASCII:
// Unicode decimal digits become ASCII digits, Unicode whitespace a space,
// and any other non-ASCII character a '?' (which no parser accepts).
func asciiDigitsAndSpaces(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case IsSpace(r):
			b.WriteByte(' ')
		case DecimalValue(r) >= 0:
			b.WriteByte(byte('0' + DecimalValue(r)))
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// isASCIISpace is CPython's Py_ISSPACE: the six ASCII whitespace
// characters, not \x1c-\x1f (which str.isspace() accepts).
func isASCIISpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

func digitValue(b byte) int {
	switch {
	case '0' <= b && b <= '9':
		return int(b - '0')
	case 'a' <= b && b <= 'z':
		return int(b-'a') + 10
	case 'A' <= b && b <= 'Z':
		return int(b-'A') + 10
	}
	return 99
}
