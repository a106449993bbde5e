package pysem

import (
	"math"
	"strings"
	"unicode/utf8"
)

// JSONString is json.dumps(s, ensure_ascii=False): s in double quotes with
// \" \\ \n \r \t \b \f and \u00XX for the other control characters below
// 0x20; every other character as it is (an invalid UTF-8 byte, which no
// engine's str holds, as \ufffd).
func JSONString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, w := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && w == 1 {
				b.WriteString(`\ufffd`)
			} else {
				b.WriteString(s[i : i+w])
			}
			i += w
			continue
		}
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if c < 0x20 {
				const hex = "0123456789abcdef"
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			} else {
				b.WriteByte(c)
			}
		}
		i++
	}
	b.WriteByte('"')
	return b.String()
}

// JSONFloat is json.dumps(f): repr(f), or NaN, Infinity, -Infinity.
func JSONFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return ReprFloat(f)
}
