package planrt

import (
	"math"

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

// ParseFloat is float(s) for a str: pysem.ParseFloat, the one copy every
// engine runs (surrounding ASCII whitespace, a sign, underscores between
// digits, inf/infinity/nan in any case, Unicode decimal digits).
func ParseFloat(s string) float64 {
	f, ok := pysem.ParseFloat(s)
	if !ok {
		valueError(pysem.FloatInvalidMessage(s))
	}
	return f
}

// ParseInt is int(s) for a str in base 10.
func ParseInt(s string) int64 {
	return ParseIntBase(s, 10)
}

// ParseIntBase is int(s, base) for base 0 or 2..36: pysem.ParseInt, the
// one copy every engine runs.
func ParseIntBase(s string, base int64) int64 {
	if base != 0 && (base < 2 || base > 36) {
		valueError("int() base must be >= 2 and <= 36, or 0")
	}
	n, digits, st := pysem.ParseInt(s, int(base))
	switch st {
	case pysem.IntInvalid:
		valueError(pysem.IntInvalidMessage(s, int(base)))
	case pysem.IntTooManyDigits:
		valueError(pysem.IntDigitsMessage(digits))
	case pysem.IntOverflow:
		overflow()
	}
	return n
}

// Float returns x. Generated code wraps a float constant in it when both
// operands of an operation are constants: Go evaluates constant
// expressions exactly (0.1 + 0.2 would be 0.3), Python rounds every
// operation to a float (0.30000000000000004).
func Float(x float64) float64 { return x }
