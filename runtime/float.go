package planrt

import (
	"math"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// ReprFloat is repr(f) and str(f) (see pysem.ReprFloat).
func ReprFloat(f float64) string { return pysem.ReprFloat(f) }

// Div is true division of floats (and of an int by a float or back).
func Div(a, b float64) float64 {
	if b == 0 {
		zeroDivision("float division by zero")
	}
	return a / b
}

// FloorDivFloat is a // b on floats, as CPython computes it.
func FloorDivFloat(a, b float64) float64 {
	if b == 0 {
		zeroDivision("float floor division by zero")
	}
	return pysem.FloorDivFloat(a, b)
}

// ModFloat is a % b on floats: the result has the sign of b.
func ModFloat(a, b float64) float64 {
	if b == 0 {
		zeroDivision("float modulo")
	}
	return pysem.ModFloat(a, b)
}

// PowFloat is a ** b with a float operand (see pysem.PowFloat: rounded
// correctly, where Go's math.Pow can be an ulp or more off).
func PowFloat(a, b float64) float64 {
	r, exc := pysem.PowFloat(a, b)
	if exc != nil {
		Throw(exc.Class, exc.Msg)
	}
	return r
}

// FloatToInt is int(f): truncation towards zero.
func FloatToInt(f float64) int64 {
	if math.IsNaN(f) {
		valueError("cannot convert float NaN to integer")
	}
	if math.IsInf(f, 0) {
		Throw("OverflowError", "cannot convert float infinity to integer")
	}
	t := math.Trunc(f)
	if t < -9223372036854775808.0 || t >= 9223372036854775808.0 {
		overflow()
	}
	return int64(t)
}

// RoundFloat is round(f) with one argument: the nearest int, ties to even.
func RoundFloat(f float64) int64 {
	if math.IsNaN(f) {
		valueError("cannot convert float NaN to integer")
	}
	if math.IsInf(f, 0) {
		Throw("OverflowError", "cannot convert float infinity to integer")
	}
	return FloatToInt(pysem.RoundHalfEven(f))
}

// RoundFloatN is round(f, n) (see pysem.RoundFloat).
func RoundFloatN(f float64, n int64) float64 {
	r, ok := pysem.RoundFloat(f, n)
	if !ok {
		Throw("OverflowError", "rounded value too large to represent")
	}
	return r
}

// RoundInt is round(i, n) for an int (see pysem.RoundInt).
func RoundInt(i, n int64) int64 {
	r, ok := pysem.RoundInt(i, n)
	if !ok {
		overflow()
	}
	return r
}

// ParseFloat is float(s) for a str: surrounding whitespace, an optional
// sign, underscores between digits, "inf"/"infinity"/"nan" in any case,
// and Unicode decimal digits, as CPython accepts them.
func ParseFloat(s string) float64 {
	t := normalizeNumber(stripSpace(s))
	if t == "" {
		valueError("could not convert string to float: " + ReprStr(s))
	}
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		valueError("could not convert string to float: " + ReprStr(s))
	}
	switch strings.ToLower(body) {
	case "inf", "infinity", "nan":
		f, _ := strconv.ParseFloat(t, 64)
		return f
	}
	if !validFloatBody(body) {
		valueError("could not convert string to float: " + ReprStr(s))
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f // CPython gives inf or 0.0, as ParseFloat does
		}
		valueError("could not convert string to float: " + ReprStr(s))
	}
	return f
}

// validFloatBody checks Python's float literal grammar without the sign:
// digits with single underscores between them, an optional fraction and
// an optional exponent.
func validFloatBody(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) {
			if s[i] >= '0' && s[i] <= '9' {
				i++
				n++
				continue
			}
			if s[i] == '_' && n > 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
				continue
			}
			break
		}
		return n
	}
	intPart := digits()
	frac := 0
	if i < len(s) && s[i] == '.' {
		i++
		frac = digits()
	}
	if intPart == 0 && frac == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// normalizeNumber replaces Unicode decimal digits by ASCII ones and
// Unicode spaces are already stripped by the caller.
func normalizeNumber(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if d := pysem.DecimalValue(r); d >= 0 {
			b.WriteByte(byte('0' + d))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ParseInt is int(s) for a str in base 10: surrounding whitespace, an
// optional sign, underscores between digits, Unicode decimal digits.
func ParseInt(s string) int64 {
	return ParseIntBase(s, 10)
}

// ParseIntBase is int(s, base) for base 0 or 2..36.
func ParseIntBase(s string, base int64) int64 {
	if base != 0 && (base < 2 || base > 36) {
		valueError("int() base must be >= 2 and <= 36, or 0")
	}
	bad := func() {
		valueError("invalid literal for int() with base " + strconv.FormatInt(base, 10) + ": " + ReprStr(s))
	}
	t := normalizeNumber(stripSpace(s))
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	b := int(base)
	lower := strings.ToLower(t)
	prefixed := false
	if len(lower) >= 2 && lower[0] == '0' {
		switch {
		case lower[1] == 'x' && (b == 16 || b == 0):
			b, prefixed = 16, true
		case lower[1] == 'o' && (b == 8 || b == 0):
			b, prefixed = 8, true
		case lower[1] == 'b' && (b == 2 || b == 0):
			b, prefixed = 2, true
		}
	}
	if prefixed {
		t = t[2:]
		if strings.HasPrefix(t, "_") {
			t = t[1:]
		}
	} else if b == 0 {
		b = 10
		if len(strings.TrimLeft(t, "0_")) > 0 && len(t) > 1 && t[0] == '0' {
			bad()
		}
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		bad()
	}
	digits := strings.ReplaceAll(t, "_", "")
	for _, r := range digits {
		v := digitValue(r)
		if v < 0 || v >= b {
			bad()
		}
	}
	n, err := strconv.ParseUint(digits, b, 64)
	if err != nil || (!neg && n > math.MaxInt64) || (neg && n > 1<<63) {
		overflow()
	}
	if neg {
		return int64(-n)
	}
	return int64(n)
}

func digitValue(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'z':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		return int(r-'A') + 10
	}
	return -1
}

// Float returns x. Generated code wraps a float constant in it when both
// operands of an operation are constants: Go evaluates constant
// expressions exactly (0.1 + 0.2 would be 0.3), Python rounds every
// operation to a float (0.30000000000000004).
func Float(x float64) float64 { return x }
