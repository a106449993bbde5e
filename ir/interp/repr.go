package interp

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// dtoa returns the decimal digits of |f| (no trailing zeros; "0" for
// zero) and the decimal point position, as David Gay's _Py_dg_dtoa does:
// mode 0 is the shortest round-trip string, mode 2 has at most ndigits
// significant digits, mode 3 has ndigits digits after the point (and may
// be empty when the value rounds to zero).
func dtoa(f float64, mode, ndigits int) (digits string, decpt int) {
	f = math.Abs(f)
	if f == 0 {
		return "0", 1
	}
	switch mode {
	case 0, 2:
		prec := -1
		if mode == 2 {
			if ndigits < 1 {
				ndigits = 1
			}
			prec = ndigits - 1
		}
		s := strconv.FormatFloat(f, 'e', prec, 64)
		e := strings.IndexByte(s, 'e')
		exp, _ := strconv.Atoi(s[e+1:])
		digits = strings.Replace(s[:e], ".", "", 1)
		digits = strings.TrimRight(digits, "0")
		if digits == "" {
			return "0", 1
		}
		return digits, exp + 1
	default:
		s := strconv.FormatFloat(f, 'f', ndigits, 64)
		intPart, frac, _ := strings.Cut(s, ".")
		all := intPart + frac
		decpt = len(intPart)
		trimmed := strings.TrimLeft(all, "0")
		decpt -= len(all) - len(trimmed)
		trimmed = strings.TrimRight(trimmed, "0")
		if trimmed == "" {
			return "", -ndigits
		}
		return trimmed, decpt
	}
}

// Flags of formatFloat, as CPython's Py_DTSF_*.
const (
	dtsfAddDot0 = 1 << iota // add ".0" to an integral fixed-point result
	dtsfAlt                 // '#': keep trailing zeros and the decimal point
	dtsfNoNeg0              // 'z': no sign on a result that rounded to zero
)

// formatFloat is CPython's PyOS_double_to_string (format_float_short):
// code is one of e E f F g G r.
func formatFloat(f float64, code byte, precision int, flags int) string {
	upper := false
	switch code {
	case 'E', 'F', 'G':
		upper = true
		code += 'a' - 'A'
	}
	if math.IsNaN(f) {
		if upper {
			return "NAN"
		}
		return "nan"
	}
	neg := math.Signbit(f)
	if math.IsInf(f, 0) {
		s := "inf"
		if upper {
			s = "INF"
		}
		if neg {
			return "-" + s
		}
		return s
	}
	var mode int
	switch code {
	case 'e':
		mode = 2
		precision++
	case 'f':
		mode = 3
	case 'g':
		mode = 2
		if precision == 0 {
			precision = 1
		}
	case 'r':
		mode = 0
	}
	digits, decpt := dtoa(f, mode, precision)
	if neg && flags&dtsfNoNeg0 != 0 && strings.Trim(digits, "0") == "" {
		neg = false
	}
	addDot0 := flags&dtsfAddDot0 != 0
	alt := flags&dtsfAlt != 0
	useExp := false
	vEnd := len(digits)
	switch code {
	case 'e':
		useExp = true
		vEnd = precision
	case 'f':
		vEnd = decpt + precision
	case 'g':
		limit := precision
		if addDot0 {
			limit = precision - 1
		}
		if decpt <= -4 || decpt > limit {
			useExp = true
		}
		if alt {
			vEnd = precision
		}
	case 'r':
		if decpt <= -4 || decpt > 16 {
			useExp = true
		}
	}
	exp := 0
	if useExp {
		exp = decpt - 1
		decpt = 1
	}
	vStart := 0
	if decpt <= 0 {
		vStart = decpt - 1
	}
	if !useExp && addDot0 {
		if vEnd <= decpt {
			vEnd = decpt + 1
		}
	} else if vEnd < decpt {
		vEnd = decpt
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	zeros := func(n int) {
		for ; n > 0; n-- {
			b.WriteByte('0')
		}
	}
	if decpt <= 0 {
		zeros(decpt - vStart)
		b.WriteByte('.')
		zeros(-decpt)
	} else {
		zeros(-vStart)
	}
	if 0 < decpt && decpt <= len(digits) {
		b.WriteString(digits[:decpt])
		b.WriteByte('.')
		b.WriteString(digits[decpt:])
	} else {
		b.WriteString(digits)
	}
	if len(digits) < decpt {
		zeros(decpt - len(digits))
		b.WriteByte('.')
		zeros(vEnd - decpt)
	} else {
		zeros(vEnd - len(digits))
	}
	s := b.String()
	if strings.HasSuffix(s, ".") && !alt {
		s = s[:len(s)-1]
	}
	if useExp {
		e := byte('e')
		if upper {
			e = 'E'
		}
		sign := byte('+')
		if exp < 0 {
			sign = '-'
			exp = -exp
		}
		s += string([]byte{e, sign}) + fmt.Sprintf("%02d", exp)
	}
	return s
}

// floatRepr is repr(float), also str(float) and the JSON form.
func floatRepr(f float64) string { return formatFloat(f, 'r', 0, dtsfAddDot0) }

// strRepr is repr(str), with CPython's choice of quotes and escapes and
// its own (Unicode 14) notion of printable characters.
func strRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(quote):
			b.WriteByte('\\')
			b.WriteByte(quote)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && isPrintable(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case isPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// str is Python's str(v).
func str(v Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return repr(v)
}

// repr is Python's repr(v).
func repr(v Value) string {
	var b strings.Builder
	writeRepr(&b, v)
	return b.String()
}

func writeRepr(b *strings.Builder, v Value) {
	switch v := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(floatRepr(v))
	case string:
		b.WriteString(strRepr(v))
	case *List:
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte(']')
	case Tuple:
		b.WriteByte('(')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		if len(v) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Dict:
		b.WriteByte('{')
		for i, it := range v.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, it[0])
			b.WriteString(": ")
			writeRepr(b, it[1])
		}
		b.WriteByte('}')
	case *Set:
		if v.Len() == 0 {
			b.WriteString("set()")
			return
		}
		b.WriteByte('{')
		for i, e := range v.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte('}')
	case *Row:
		b.WriteString(typeName(v))
		b.WriteByte('(')
		for i, e := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			if v.Type != nil && i < len(v.Type.Fields) {
				b.WriteString(v.Type.Fields[i].Name)
				b.WriteByte('=')
			}
			writeRepr(b, e)
		}
		b.WriteByte(')')
	case rangeVal:
		b.WriteString(v.String())
	default:
		fmt.Fprintf(b, "<%T>", v)
	}
}
