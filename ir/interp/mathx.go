package interp

import (
	"math"
	"math/big"
	"sync"
)

// pow is the platform pow(v, w) that CPython's float_pow calls for
// finite v > 0, v != 1 and finite w != 0. glibc's pow is correctly
// rounded in all but vanishingly rare cases, and Go's math.Pow is not
// (it can be off by an ulp or more), so the result is computed exactly
// (integer exponents) or with 256 bits (fractional ones) and rounded once.
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

var (
	ln2Once sync.Once
	ln2Big  *big.Float
)

const bigPrec = 320

func ln2() *big.Float {
	ln2Once.Do(func() {
		// ln 2 = 2 atanh(1/3)
		third := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), new(big.Float).SetPrec(bigPrec).SetInt64(3))
		ln2Big = atanhSeries(third, bigPrec)
		ln2Big.Mul(ln2Big, big.NewFloat(2))
	})
	return ln2Big
}

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
