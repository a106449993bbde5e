package pysem

import (
	"math"
	"math/big"
	"sync"
)

// pow is the platform pow(v, w) that CPython's float_pow calls for
// finite v > 0, v != 1 and finite w != 0. glibc's pow is correctly
// rounded but where the exact power is within 0.02 ulp of a halfway point
// (its error bound is 0.52 ulp: about 1 random case in 1,000, see
// TestPowFloat), and Go's math.Pow is not (it can be off by an ulp or
// more), so the result is computed exactly (integer exponents) or with
// 256 bits (fractional ones) and rounded once.
func pow(v, w float64) float64 {
	switch w {
	case 1:
		return v
	case 2:
		return v * v
	case -1:
		return 1 / v
	case 0.5:
		return math.Sqrt(v)
	}
	if w == math.Trunc(w) && math.Abs(w) <= 4096 {
		n := int(math.Abs(w))
		x := powExact(v, n)
		if w > 0 {
			f, _ := x.Float64()
			return f
		}
		q := new(big.Float).SetPrec(x.Prec()+64).Quo(big.NewFloat(1), x)
		f, _ := q.Float64()
		return f
	}
	// Out of range for a double either way: let the sign of the
	// exponent of the result decide.
	lg := math.Log2(v) * w
	if lg > 1100 {
		return math.Inf(1)
	}
	if lg < -1200 {
		return 0
	}
	const prec = 256
	y := bigLog(new(big.Float).SetPrec(prec).SetFloat64(v), prec)
	y.Mul(y, new(big.Float).SetPrec(prec).SetFloat64(w))
	f, _ := bigExp(y, prec).Float64()
	return f
}

// powExact is v**n computed without rounding.
func powExact(v float64, n int) *big.Float {
	prec := uint(53*n + 64)
	if prec > big.MaxPrec {
		prec = big.MaxPrec
	}
	result := new(big.Float).SetPrec(prec).SetInt64(1)
	base := new(big.Float).SetPrec(prec).SetFloat64(v)
	for n > 0 {
		if n&1 == 1 {
			result.Mul(result, base)
		}
		n >>= 1
		if n > 0 {
			base.Mul(base, base)
		}
	}
	return result
}

const bigPrec = 320

// ln2 is ln 2 = 2 atanh(1/3) to bigPrec bits, computed once; callers do
// not modify it.
var ln2 = sync.OnceValue(func() *big.Float {
	third := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), new(big.Float).SetPrec(bigPrec).SetInt64(3))
	l := atanhSeries(third, bigPrec)
	return l.Mul(l, big.NewFloat(2))
})

// atanhSeries is atanh(z) for small |z|.
func atanhSeries(z *big.Float, prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec).Set(z)
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	term := new(big.Float).SetPrec(prec).Set(z)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for k := int64(3); ; k += 2 {
		term.Mul(term, z2)
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(k))
		sum.Add(sum, t)
		if t.Sign() == 0 || new(big.Float).Abs(t).Cmp(eps) < 0 {
			return sum
		}
	}
}

// bigLog is ln(x) for x > 0.
func bigLog(x *big.Float, prec uint) *big.Float {
	m := new(big.Float).SetPrec(prec)
	e := x.MantExp(m) // x = m * 2**e, m in [0.5, 1)
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	num := new(big.Float).SetPrec(prec).Sub(m, one)
	den := new(big.Float).SetPrec(prec).Add(m, one)
	z := num.Quo(num, den)
	r := atanhSeries(z, prec)
	r.Mul(r, big.NewFloat(2))
	l2 := new(big.Float).SetPrec(prec).Mul(ln2(), new(big.Float).SetPrec(prec).SetInt64(int64(e)))
	return r.Add(r, l2)
}

// bigExp is e**y for |y| < 1100.
func bigExp(y *big.Float, prec uint) *big.Float {
	// y = k ln2 + r
	kf := new(big.Float).SetPrec(prec).Quo(y, ln2())
	fk, _ := kf.Float64()
	k := int64(math.Round(fk))
	r := new(big.Float).SetPrec(prec).Mul(ln2(), new(big.Float).SetPrec(prec).SetInt64(k))
	r.Sub(y, r)
	const halvings = 16
	r.SetMantExp(r, -halvings)
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for n := int64(1); ; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
		sum.Add(sum, term)
		if term.Sign() == 0 || new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

func isOddInteger(f float64) bool {
	return math.Mod(f, 2) == 1 || math.Mod(f, 2) == -1
}

// PowFloat is v ** w for floats, CPython's float_pow. CPython answers a
// negative base with a fractional exponent with a complex number, which
// the subset does not have: that is a ValueError here.
func PowFloat(v, w float64) (float64, *Exception) {
	switch {
	case w == 0:
		return 1.0, nil
	case math.IsNaN(v):
		return v, nil
	case math.IsNaN(w):
		if v == 1 {
			return 1.0, nil
		}
		return w, nil
	case math.IsInf(w, 0):
		av := math.Abs(v)
		if av == 1 {
			return 1.0, nil
		}
		if (w > 0) == (av > 1) {
			return math.Abs(w), nil
		}
		return 0.0, nil
	case math.IsInf(v, 0):
		odd := isOddInteger(w)
		if w > 0 {
			if odd {
				return v, nil
			}
			return math.Abs(v), nil
		}
		if odd {
			return math.Copysign(0, v), nil
		}
		return 0.0, nil
	case v == 0:
		if w < 0 {
			return 0, &Exception{"ZeroDivisionError", "0.0 cannot be raised to a negative power"}
		}
		if isOddInteger(w) {
			return v, nil
		}
		return 0.0, nil
	}
	negate := false
	if v < 0 {
		if w != math.Floor(w) {
			return 0, &Exception{"ValueError", "negative number cannot be raised to a fractional power (CPython gives a complex number, which is outside the ClauZ3 subset)"}
		}
		v = -v
		negate = isOddInteger(w)
	}
	if v == 1 {
		if negate {
			return -1.0, nil
		}
		return 1.0, nil
	}
	r := pow(v, w)
	if math.IsInf(r, 0) {
		return 0, &Exception{"OverflowError", "(34, 'Numerical result out of range')"}
	}
	if negate {
		r = -r
	}
	return r, nil
}
