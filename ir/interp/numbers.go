package interp

import (
	"math"

	"github.com/clauz3/clauz3/pysem"
)

// floatToInt is int(f): truncation, with CPython's errors for inf and
// nan, and OverflowError beyond 64 bits.
func (c *bcall) floatToInt(f float64) (Value, error) {
	switch {
	case math.IsInf(f, 0):
		return nil, raise(c.pos, "OverflowError", "cannot convert float infinity to integer")
	case math.IsNaN(f):
		return nil, raise(c.pos, "ValueError", "cannot convert float NaN to integer")
	}
	t := math.Trunc(f)
	if t < -9223372036854775808.0 || t >= 9223372036854775808.0 {
		return nil, overflow(c.pos)
	}
	return int64(t), nil
}

// toInt is int(x) and int(x, base).
func (c *bcall) toInt() (Value, error) {
	p, given, err := c.params(0, "", "base")
	if err != nil {
		return nil, err
	}
	if !given[0] {
		if given[1] {
			return nil, c.typeErr("int() missing string argument")
		}
		return int64(0), nil
	}
	base := int64(10)
	if given[1] {
		b, ok := asInt(p[1])
		if !ok {
			return nil, c.typeErr("'%s' object cannot be interpreted as an integer", typeName(p[1]))
		}
		if b != 0 && (b < 2 || b > 36) {
			return nil, raise(c.pos, "ValueError", "int() base must be >= 2 and <= 36, or 0")
		}
		base = b
		if _, ok := p[0].(string); !ok {
			return nil, c.typeErr("int() can't convert non-string with explicit base")
		}
	}
	switch x := p[0].(type) {
	case int64:
		return x, nil
	case bool:
		n, _ := asInt(x)
		return n, nil
	case float64:
		return c.floatToInt(x)
	case string:
		return c.parseInt(x, int(base))
	}
	return nil, c.typeErr("int() argument must be a string, a bytes-like object or a real number, not '%s'", typeName(p[0]))
}

// parseInt is int(x, base) of a str: pysem.ParseInt, the one copy every
// engine runs, with CPython's exceptions.
func (c *bcall) parseInt(orig string, base int) (Value, error) {
	n, digits, st := pysem.ParseInt(orig, base)
	switch st {
	case pysem.IntInvalid:
		return nil, raise(c.pos, "ValueError", "%s", pysem.IntInvalidMessage(orig, base))
	case pysem.IntTooManyDigits:
		return nil, raise(c.pos, "ValueError", "%s", pysem.IntDigitsMessage(digits))
	case pysem.IntOverflow:
		return nil, overflow(c.pos)
	}
	return n, nil
}

// toFloat is float(x).
func (c *bcall) toFloat() (Value, error) {
	p, given, err := c.params(0, "")
	if err != nil {
		return nil, err
	}
	if !given[0] {
		return 0.0, nil
	}
	switch x := p[0].(type) {
	case float64:
		return x, nil
	case int64:
		return float64(x), nil
	case bool:
		if x {
			return 1.0, nil
		}
		return 0.0, nil
	case string:
		f, ok := pysem.ParseFloat(x)
		if !ok {
			return nil, raise(c.pos, "ValueError", "%s", pysem.FloatInvalidMessage(x))
		}
		return f, nil
	}
	return nil, c.typeErr("float() argument must be a string or a real number, not '%s'", typeName(p[0]))
}

// round is round(x) and round(x, ndigits).
func (c *bcall) round() (Value, error) {
	p, _, err := c.params(1, "number", "ndigits")
	if err != nil {
		return nil, err
	}
	x := p[0]
	if p[1] == nil {
		switch v := x.(type) {
		case int64:
			return v, nil
		case bool:
			n, _ := asInt(v)
			return n, nil
		case float64:
			return c.floatToInt(pysem.RoundHalfEven(v))
		}
		return nil, c.typeErr("type %s doesn't define __round__ method", typeName(x))
	}
	nd, ok := asInt(p[1])
	if !ok {
		return nil, c.typeErr("'%s' object cannot be interpreted as an integer", typeName(p[1]))
	}
	switch v := x.(type) {
	case int64, bool:
		n, _ := asInt(v)
		return c.roundInt(n, nd)
	case float64:
		return c.roundFloat(v, nd)
	}
	return nil, c.typeErr("type %s doesn't define __round__ method", typeName(x))
}

// roundInt is int.__round__(ndigits): halves go to even.
func (c *bcall) roundInt(n, nd int64) (Value, error) {
	r, ok := pysem.RoundInt(n, nd)
	if !ok {
		return nil, overflow(c.pos)
	}
	return r, nil
}

// roundFloat is CPython's double_round (see pysem.RoundFloat).
func (c *bcall) roundFloat(x float64, nd int64) (Value, error) {
	r, ok := pysem.RoundFloat(x, nd)
	if !ok {
		return nil, raise(c.pos, "OverflowError", "rounded value too large to represent")
	}
	return r, nil
}
