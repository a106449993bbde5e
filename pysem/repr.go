package pysem

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Dtoa returns the decimal digits of |f| (no trailing zeros; "0" for
// zero) and the decimal point position, as David Gay's _Py_dg_dtoa does:
// mode 0 is the shortest round-trip string, mode 2 has at most ndigits
// significant digits, mode 3 has ndigits digits after the point (and may
// be empty when the value rounds to zero).
func Dtoa(f float64, mode, ndigits int) (digits string, decpt int) {
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

// Flags of FormatFloat, as CPython's Py_DTSF_*.
const (
	DTSFAddDot0 = 1 << iota // add ".0" to an integral fixed-point result
	DTSFAlt                 // '#': keep trailing zeros and the decimal point
	DTSFNoNeg0              // 'z': no sign on a result that rounded to zero
)

// FormatFloat is CPython's PyOS_double_to_string (format_float_short):
// code is one of e E f F g G r; precision is ignored for r.
func FormatFloat(f float64, code byte, precision int, flags int) string {
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
	digits, decpt := Dtoa(f, mode, precision)
	if neg && flags&DTSFNoNeg0 != 0 && strings.Trim(digits, "0") == "" {
		neg = false
	}
	addDot0 := flags&DTSFAddDot0 != 0
	alt := flags&DTSFAlt != 0
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

// ReprFloat is repr(f) and str(f): the shortest digits that read back as
// f, positional when the decimal point position is in -4 < decpt <= 16
// (with ".0" for an integral value), else scientific with an exponent of
// at least two digits ("1e+16", "1.5e-05"); "inf", "-inf", "nan", "-0.0".
func ReprFloat(f float64) string { return FormatFloat(f, 'r', 0, DTSFAddDot0) }

// ReprStr is repr(s): single quotes unless s holds ' and no ", the
// escapes \\ \n \r \t and \' (or \"), and \xhh, \uhhhh or \Uhhhhhhhh
// for every character that is not printable in CPython's own (Unicode 14)
// database; every other character is written as it is.
func ReprStr(s string) string {
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
		case r < 0x80 && IsPrintable(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case IsPrintable(r):
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
