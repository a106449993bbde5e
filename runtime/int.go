package planrt

import (
	"math"
	"math/big"

	"github.com/clauz3/clauz3/pysem"
)

// Python ints are int64 here. Every operation that CPython would carry
// into a big integer raises OverflowError("integer overflow") instead of
// wrapping: this is the one documented difference from CPython on ints.

// Add is a + b.
func Add(a, b int64) int64 { return checked(pysem.AddInt(a, b)) }

// Sub is a - b.
func Sub(a, b int64) int64 { return checked(pysem.SubInt(a, b)) }

// Mul is a * b. Operands that fit in 32 bits cannot overflow, and that
// test is small enough for the compiler to inline Mul into the plan's
// loops.
func Mul(a, b int64) int64 {
	if a == int64(int32(a)) && b == int64(int32(b)) {
		return a * b
	}
	return checked(pysem.MulInt(a, b))
}

// checked is v, or OverflowError when the operation left int64.
func checked(v int64, ok bool) int64 {
	if !ok {
		overflow()
	}
	return v
}

// Neg is -a.
func Neg(a int64) int64 { return checked(pysem.NegInt(a)) }

// Abs is abs(a) of an int.
func Abs(a int64) int64 { return checked(pysem.AbsInt(a)) }

// FloorDiv is a // b: the quotient rounded towards negative infinity.
func FloorDiv(a, b int64) int64 {
	if b == 0 {
		zeroDivision("integer division or modulo by zero")
	}
	return checked(pysem.FloorDivInt(a, b))
}

// Mod is a % b: the remainder with the sign of the divisor.
func Mod(a, b int64) int64 {
	if b == 0 {
		zeroDivision("integer modulo by zero")
	}
	return pysem.ModInt(a, b)
}

// Pow is a ** b for ints. A negative exponent, which CPython answers with
// a float, raises ValueError: the subset types int ** int as int.
func Pow(a, b int64) int64 {
	if b < 0 {
		valueError("negative exponent in int ** int is outside the ClauZ3 subset (write float(a) ** b)")
	}
	return checked(pysem.PowInt(a, b))
}

// TrueDiv is a / b for ints: the correctly rounded float quotient, as
// CPython computes it.
func TrueDiv(a, b int64) float64 {
	if b == 0 {
		zeroDivision("division by zero")
	}
	const exact = 1 << 53
	if a > -exact && a < exact && b > -exact && b < exact {
		return float64(a) / float64(b)
	}
	f, _ := new(big.Rat).SetFrac(big.NewInt(a), big.NewInt(b)).Float64()
	return f
}

// BoolInt is a bool used as an int (True + 1).
func BoolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// IntFloatCmp compares an int with a float exactly, as CPython does
// (without rounding the int to a float first). ok is false when f is NaN.
func IntFloatCmp(i int64, f float64) (c int, ok bool) {
	if math.IsNaN(f) {
		return 0, false
	}
	if math.IsInf(f, 1) {
		return -1, true
	}
	if math.IsInf(f, -1) {
		return 1, true
	}
	x := new(big.Float).SetInt64(i)
	y := new(big.Float).SetFloat64(f)
	return x.Cmp(y), true
}

// uabs is |a| as a uint64; -MinInt64 wraps to 1<<63, its magnitude.
func uabs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}
