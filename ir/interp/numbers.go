package interp

import (
	"math"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// maxStrDigits is CPython 3.11's default sys.get_int_max_str_digits().
const maxStrDigits = 4300

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
		case pysem.IsSpace(r):
			b.WriteByte(' ')
		case pysem.DecimalValue(r) >= 0:
			b.WriteByte(byte('0' + pysem.DecimalValue(r)))
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

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

// parseInt is PyLong_FromString on str(x) with the given base.
func (c *bcall) parseInt(orig string, base int) (Value, error) {
	bad := func() error {
		r := []rune(repr(orig))
		if len(r) > 200 {
			r = r[:200]
		}
		return raise(c.pos, "ValueError", "invalid literal for int() with base %d: %s", base, string(r))
	}
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
	digits := 0
	prevUnderscore := false
	for i < len(s) {
		ch := s[i]
		if ch == '_' {
			if prevUnderscore || i == start {
				return nil, bad()
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
		return nil, bad()
	}
	if b&(b-1) != 0 && digits > maxStrDigits {
		return nil, raise(c.pos, "ValueError", "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits, digits)
	}
	body := strings.ReplaceAll(s[start:i], "_", "")
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	if i != len(s) {
		return nil, bad()
	}
	if zeroOnly && strings.Trim(body, "0") != "" {
		return nil, bad()
	}
	u, err := strconv.ParseUint(body, b, 64)
	if err != nil {
		return nil, overflow(c.pos)
	}
	if neg {
		if u > 1<<63 {
			return nil, overflow(c.pos)
		}
		return int64(-u), nil
	}
	if u > math.MaxInt64 {
		return nil, overflow(c.pos)
	}
	return int64(u), nil
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
		f, ok := parseFloat(x)
		if !ok {
			return nil, raise(c.pos, "ValueError", "could not convert string to float: %s", repr(x))
		}
		return f, nil
	}
	return nil, c.typeErr("float() argument must be a string or a real number, not '%s'", typeName(p[0]))
}

// parseFloat is float(str): Python's grammar (decimal or inf/infinity/nan,
// underscores between digits, surrounding whitespace, Unicode digits).
func parseFloat(orig string) (float64, bool) {
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
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	if neg {
		f = -f
	}
	return f, true
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
