package pysem

import (
	"math"
	"math/big"
	"math/bits"
)

// Python ints are int64 in every engine. Each checked operation returns
// ok == false where CPython would carry the result into a big integer;
// the engines raise OverflowError then. A division or modulo by zero is
// each engine's own ZeroDivisionError, raised before calling these: b
// must not be 0.

// AddInt is a + b.
func AddInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// SubInt is a - b.
func SubInt(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

// MulInt is a * b.
func MulInt(a, b int64) (int64, bool) {
	if a == int64(int32(a)) && b == int64(int32(b)) {
		return a * b, true // cannot overflow, and keeps the common case cheap
	}
	hi, lo := bits.Mul64(uabs(a), uabs(b))
	neg := (a < 0) != (b < 0)
	if hi != 0 || (!neg && lo > math.MaxInt64) || (neg && lo > 1<<63) {
		return 0, false
	}
	if neg {
		return int64(-lo), true
	}
	return int64(lo), true
}

// uabs is |a| as a uint64; -MinInt64 wraps to 1<<63, its magnitude.
func uabs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// NegInt is -a.
func NegInt(a int64) (int64, bool) { return -a, a != math.MinInt64 }

// AbsInt is abs(a).
func AbsInt(a int64) (int64, bool) {
	if a < 0 {
		return NegInt(a)
	}
	return a, true
}

// FloorDivInt is a // b: the quotient rounded towards negative infinity.
func FloorDivInt(a, b int64) (int64, bool) {
	if a == math.MinInt64 && b == -1 {
		return 0, false
	}
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q, true
}

// ModInt is a % b: the remainder with the sign of b. It never overflows.
func ModInt(a, b int64) int64 {
	if b == -1 {
		return 0 // MinInt64 % -1 traps on some machines
	}
	m := a % b
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}

// DivmodInt is divmod(a, b) = (a // b, a % b).
func DivmodInt(a, b int64) (q, m int64, ok bool) {
	q, ok = FloorDivInt(a, b)
	return q, ModInt(a, b), ok
}

// PowInt is a ** b for b >= 0 (a negative exponent gives a float in
// CPython; the engines decide what the subset does with it).
func PowInt(a, b int64) (int64, bool) {
	result := int64(1)
	for b > 0 {
		if b&1 == 1 {
			r, ok := MulInt(result, a)
			if !ok {
				return 0, false
			}
			result = r
		}
		b >>= 1
		if b > 0 {
			// a**(2**k) divides the magnitude of the result whenever a
			// higher bit of b is left, so squaring overflows only when
			// the result would.
			sq, ok := MulInt(a, a)
			if !ok {
				return 0, false
			}
			a = sq
		}
	}
	return result, true
}

// FloatDivmod is CPython's _float_div_mod: divmod(a, b) for floats, b != 0.
// The quotient is floor(a / b) corrected for the rounding of fmod; the
// remainder has the sign of b (a zero one too).
func FloatDivmod(a, b float64) (div, mod float64) {
	mod = math.Mod(a, b)
	d := (a - mod) / b
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			mod += b
			d -= 1.0
		}
	} else {
		mod = math.Copysign(0, b)
	}
	if d != 0 {
		div = math.Floor(d)
		if d-div > 0.5 {
			div += 1.0
		}
	} else {
		div = math.Copysign(0, a/b)
	}
	return div, mod
}

// FloorDivFloat is a // b for floats, b != 0.
func FloorDivFloat(a, b float64) float64 {
	d, _ := FloatDivmod(a, b)
	return d
}

// ModFloat is a % b for floats, b != 0 (CPython's float_rem).
func ModFloat(a, b float64) float64 {
	_, m := FloatDivmod(a, b)
	return m
}

// The ndigits bounds of CPython's float.__round__: beyond NDigitsMax a
// float is its own rounding, below NDigitsMin it rounds to a zero.
const (
	NDigitsMax = 323  // (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2)
	NDigitsMin = -308 // -(DBL_MAX_EXP + 1) * log10(2)
)

// RoundFloat is round(x, ndigits): x correctly rounded to ndigits decimal
// places, halves to even on the exact binary value (CPython's
// double_round). ok is false when the result is too large for a float
// (CPython's OverflowError "rounded value too large to represent").
func RoundFloat(x float64, ndigits int64) (r float64, ok bool) {
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x) || ndigits > NDigitsMax:
		return x, true
	case ndigits < NDigitsMin:
		return 0.0 * x, true
	case x == 0:
		return x, true
	}
	exact := new(big.Rat).SetFloat64(x)
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(ndigits)), nil))
	if ndigits >= 0 {
		exact.Mul(exact, scale)
	} else {
		exact.Quo(exact, scale)
	}
	q := new(big.Rat).SetInt(roundHalfEven(exact))
	if ndigits >= 0 {
		q.Quo(q, scale)
	} else {
		q.Mul(q, scale)
	}
	r, _ = q.Float64()
	if math.IsInf(r, 0) {
		return 0, false
	}
	if r == 0 {
		r = math.Copysign(0, x)
	}
	return r, true
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// roundHalfEven is q rounded to the nearest integer, halves to even.
func roundHalfEven(q *big.Rat) *big.Int {
	num, den := q.Num(), q.Denom()
	quo, rem := new(big.Int).QuoRem(num, den, new(big.Int)) // truncated
	twice := new(big.Int).Lsh(new(big.Int).Abs(rem), 1)
	if c := twice.Cmp(den); c > 0 || (c == 0 && quo.Bit(0) == 1) {
		if num.Sign() < 0 {
			quo.Sub(quo, big.NewInt(1))
		} else {
			quo.Add(quo, big.NewInt(1))
		}
	}
	return quo
}

// RoundHalfEven is round(x) of a float: the nearest integral float, halves
// to even. Converting it to an int is each engine's (OverflowError,
// ValueError for nan).
func RoundHalfEven(x float64) float64 { return math.RoundToEven(x) }

// RoundInt is round(i, ndigits) of an int: i itself for ndigits >= 0,
// else i rounded to a multiple of 10**-ndigits, halves to even. ok is
// false when the result leaves int64.
func RoundInt(i, ndigits int64) (int64, bool) {
	if ndigits >= 0 {
		return i, true
	}
	if ndigits < -19 {
		return 0, true // 10**20 > 2**64: every int64 rounds to 0
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(-ndigits), nil)
	q := roundHalfEven(new(big.Rat).SetFrac(big.NewInt(i), scale))
	q.Mul(q, scale)
	if !q.IsInt64() {
		return 0, false
	}
	return q.Int64(), true
}
