package planrt

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/pysem"
)

// formatSpec is a parsed format specification:
// [[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]
type formatSpec struct {
	fill      rune
	fillSet   bool
	align     byte // 0, '<', '>', '=', '^'
	sign      byte // 0, '+', '-', ' '
	z         bool
	alt       bool
	width     int // -1 when absent
	grouping  byte
	precision int // -1 when absent
	typ       byte
}

func parseSpec(spec string, defaultAlign byte) formatSpec {
	f := formatSpec{fill: ' ', width: -1, precision: -1}
	rs := []rune(spec)
	i := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	if len(rs) >= 2 && isAlign(rs[1]) {
		f.fill, f.fillSet, f.align = rs[0], true, byte(rs[1])
		i = 2
	} else if len(rs) >= 1 && isAlign(rs[0]) {
		f.align = byte(rs[0])
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		f.sign = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		f.z = true
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		f.alt = true
		i++
	}
	if !f.fillSet && i < len(rs) && rs[i] == '0' {
		f.fill = '0'
		if f.align == 0 && defaultAlign == '>' {
			f.align = '='
		}
		i++
	}
	start := i
	for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
		i++
	}
	if i > start {
		w, err := strconv.Atoi(string(rs[start:i]))
		if err != nil || w > 1<<20 {
			valueError("Too many decimal digits in format string")
		}
		f.width = w
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		f.grouping = byte(rs[i])
		i++
		if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
			valueError("Cannot specify both ',' and '_'.")
		}
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		start = i
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			i++
		}
		if i == start {
			valueError("Format specifier missing precision")
		}
		p, err := strconv.Atoi(string(rs[start:i]))
		if err != nil || p > 1<<20 {
			valueError("Too many decimal digits in format string")
		}
		f.precision = p
	}
	if len(rs)-i > 1 {
		valueError("Invalid format specifier '" + spec + "' for object of type '%s'")
	}
	if i < len(rs) {
		if rs[i] >= 0x80 {
			valueError("Invalid format specifier")
		}
		f.typ = byte(rs[i])
	}
	if f.grouping != 0 {
		switch f.typ {
		case 0, 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F':
		case 'b', 'o', 'x', 'X':
			if f.grouping == ',' {
				valueError("Cannot specify ',' with '" + string(f.typ) + "'.")
			}
		default:
			valueError("Cannot specify '" + string(f.grouping) + "' with '" + string(f.typ) + "'.")
		}
	}
	return f
}

// withType runs fn and patches the type name into the message of a
// format-spec ValueError it raises, then re-raises it.
func withType(spec string, typeName string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Exception); ok && strings.Contains(e.Msg, "'%s'") {
				e.Msg = strings.Replace(e.Msg, "%s", typeName, 1)
			}
			panic(r)
		}
	}()
	fn()
}

// Format is format(v, spec) for a value of any subset type: what an
// f-string replacement field {v:spec} renders.
func Format(v any, spec string) string {
	switch x := v.(type) {
	case string:
		return FormatStr(x, spec)
	case int64:
		return FormatInt(x, spec)
	case float64:
		return FormatFloat(x, spec)
	case bool:
		if spec == "" {
			return StrBool(x)
		}
		return formatIntAs(BoolInt(x), spec, "bool")
	case optionalLike:
		if y, ok := x.optional(); ok {
			return Format(y, spec)
		}
		v = None
	}
	if spec == "" {
		return Str(v)
	}
	typeError("unsupported format string passed to " + TypeName(v) + ".__format__")
	return ""
}

// FormatComputed is format(v, spec) for a spec with replacement fields,
// f"{x:{w}.{p}f}", known only at run time. The locale-dependent 'n' type,
// which the front end refuses in a literal spec, is a ValueError for a
// number (the interpreter does the same); a str meets CPython's own
// "Unknown format code" error.
func FormatComputed(v any, spec string) string {
	if strings.HasSuffix(spec, "n") {
		switch v.(type) {
		case int64, float64, bool:
			valueError("format spec " + ReprStr(spec) + ": the locale-dependent format type 'n' is not supported")
		}
	}
	return Format(v, spec)
}

// FormatStr is format(s, spec).
func FormatStr(s, spec string) string {
	if spec == "" {
		return s
	}
	var f formatSpec
	withType(spec, "str", func() { f = parseSpec(spec, '<') })
	switch f.typ {
	case 0, 's':
	default:
		valueError("Unknown format code '" + string(f.typ) + "' for object of type 'str'")
	}
	if f.sign != 0 {
		valueError("Sign not allowed in string format specifier")
	}
	if f.grouping != 0 {
		valueError("Cannot specify '" + string(f.grouping) + "' with 's'.")
	}
	if f.z {
		valueError("Negative zero coercion (z) not allowed in format specifier")
	}
	if f.alt {
		valueError("Alternate form (#) not allowed in string format specifier")
	}
	if f.align == '=' {
		valueError("'=' alignment not allowed in string format specifier")
	}
	if f.precision >= 0 && utf8.RuneCountInString(s) > f.precision {
		s = string([]rune(s)[:f.precision])
	}
	return pad(s, f, '<')
}

// pad aligns s in f.width with f.fill.
func pad(s string, f formatSpec, defaultAlign byte) string {
	n := utf8.RuneCountInString(s)
	if f.width <= n {
		return s
	}
	total := f.width - n
	align := f.align
	if align == 0 {
		align = defaultAlign
	}
	fill := string(f.fill)
	switch align {
	case '>':
		return strings.Repeat(fill, total) + s
	case '^':
		left := total / 2
		return strings.Repeat(fill, left) + s + strings.Repeat(fill, total-left)
	}
	return s + strings.Repeat(fill, total)
}

// FormatInt is format(i, spec).
func FormatInt(i int64, spec string) string {
	if spec == "" {
		return strconv.FormatInt(i, 10)
	}
	return formatIntAs(i, spec, "int")
}

func formatIntAs(i int64, spec, typeName string) string {
	var f formatSpec
	withType(spec, typeName, func() { f = parseSpec(spec, '>') })
	switch f.typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return formatFloatSpec(float64(i), f, typeName)
	case 'n':
		f.typ = 'd'
	case 0, 'd', 'b', 'o', 'x', 'X', 'c':
	default:
		valueError("Unknown format code '" + string(f.typ) + "' for object of type '" + typeName + "'")
	}
	if f.precision >= 0 {
		valueError("Precision not allowed in integer format specifier")
	}
	if f.z {
		valueError("Negative zero coercion (z) not allowed in integer format specifier")
	}
	if f.typ == 'c' {
		if f.sign != 0 {
			valueError("Sign not allowed with integer format specifier 'c'")
		}
		if f.alt {
			valueError("Alternate form (#) not allowed with integer format specifier 'c'")
		}
		if i < 0 || i > 0x10ffff {
			Throw("OverflowError", "%c arg not in range(0x110000)")
		}
		return pad(string(rune(i)), f, '>')
	}
	neg := i < 0
	mag := uabs(i)
	var digits, prefix string
	base := 10
	switch f.typ {
	case 'b':
		base, prefix = 2, "0b"
	case 'o':
		base, prefix = 8, "0o"
	case 'x':
		base, prefix = 16, "0x"
	case 'X':
		base, prefix = 16, "0X"
	}
	digits = strconv.FormatUint(mag, base)
	if f.typ == 'X' {
		digits = strings.ToUpper(digits)
	}
	if !f.alt {
		prefix = ""
	}
	groupLen := 3
	if base != 10 {
		groupLen = 4
	}
	return layoutNumber(f, neg, prefix, digits, "", groupLen)
}

// signText is the sign a number shows under f.
func signText(f formatSpec, neg bool) string {
	switch {
	case neg:
		return "-"
	case f.sign == '+':
		return "+"
	case f.sign == ' ':
		return " "
	}
	return ""
}

// layoutNumber assembles sign, prefix, grouped integer digits and the
// rest (fraction, exponent, '%') with CPython's padding rules.
func layoutNumber(f formatSpec, neg bool, prefix, digits, rest string, groupLen int) string {
	sign := signText(f, neg)
	sep := ""
	if f.grouping != 0 {
		sep = string(f.grouping)
	}
	nonDigits := len(sign) + len(prefix) + utf8.RuneCountInString(rest)
	minWidth := 0
	if f.fill == '0' && f.align == '=' {
		minWidth = f.width - nonDigits
	}
	grouped := ""
	if digits != "" { // inf and nan have none: no zeros, no separators
		grouped = groupDigits(digits, minWidth, sep, groupLen)
	}
	body := grouped + rest
	total := nonDigits + utf8.RuneCountInString(grouped)
	if f.width <= total {
		return sign + prefix + body
	}
	padding := f.width - total
	fill := string(f.fill)
	align := f.align
	if align == 0 {
		align = '>'
	}
	switch align {
	case '<':
		return sign + prefix + body + strings.Repeat(fill, padding)
	case '^':
		left := padding / 2
		return strings.Repeat(fill, left) + sign + prefix + body + strings.Repeat(fill, padding-left)
	case '=':
		return sign + prefix + strings.Repeat(fill, padding) + body
	}
	return strings.Repeat(fill, padding) + sign + prefix + body
}

// groupDigits is CPython's _PyUnicode_InsertThousandsGrouping: digits
// grouped from the right by groupLen with sep, padded with zeros to
// minWidth (separators included) when zero-padding asks for it.
func groupDigits(digits string, minWidth int, sep string, groupLen int) string {
	if minWidth < 0 {
		minWidth = 0
	}
	var parts []string // right to left
	remaining := len(digits)
	pos := len(digits)
	if sep == "" {
		l := max(remaining, minWidth, 1)
		zeros := max(0, l-remaining)
		return strings.Repeat("0", zeros) + digits
	}
	useSep := false
	for {
		l := min(groupLen, max(remaining, minWidth, 1))
		zeros := max(0, l-remaining)
		chars := max(0, min(remaining, l))
		if useSep {
			parts = append(parts, sep)
		}
		parts = append(parts, strings.Repeat("0", zeros)+digits[pos-chars:pos])
		pos -= chars
		useSep = true
		remaining -= chars
		minWidth -= l
		if remaining <= 0 && minWidth <= 0 {
			break
		}
		minWidth -= len(sep)
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return b.String()
}

// FormatFloat is format(x, spec).
func FormatFloat(x float64, spec string) string {
	if spec == "" {
		return ReprFloat(x)
	}
	var f formatSpec
	withType(spec, "float", func() { f = parseSpec(spec, '>') })
	return formatFloatSpec(x, f, "float")
}

func formatFloatSpec(x float64, f formatSpec, typeName string) string {
	typ := f.typ
	prec := f.precision
	addDot0 := false
	switch typ {
	case 0:
		addDot0 = true
		if prec < 0 {
			typ = 'r'
		} else {
			typ = 'g'
		}
	case 'n':
		typ = 'g'
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
	default:
		valueError("Unknown format code '" + string(f.typ) + "' for object of type '" + typeName + "'")
	}
	if prec < 0 && typ != 'r' {
		prec = 6
	}
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	if typ == '%' {
		ax *= 100
	}
	var num string // the formatted magnitude
	switch {
	case math.IsInf(ax, 0):
		num = "inf"
	case math.IsNaN(ax):
		num = "nan"
	default:
		num = formatMagnitude(ax, typ, prec, f.alt, addDot0)
	}
	if typ == 'E' || typ == 'F' || typ == 'G' {
		num = strings.ToUpper(num)
	}
	if typ == '%' {
		num += "%"
	}
	if neg && f.z && isZeroText(num) {
		neg = false
	}
	// split the integer digits (grouped) from the rest
	intEnd := 0
	for intEnd < len(num) && num[intEnd] >= '0' && num[intEnd] <= '9' {
		intEnd++
	}
	digits, rest := num[:intEnd], num[intEnd:]
	return layoutNumber(f, neg, "", digits, rest, 3)
}

func isZeroText(num string) bool {
	for i := 0; i < len(num); i++ {
		switch c := num[i]; {
		case c == 'e' || c == 'E':
			return true
		case c == '0' || c == '.' || c == '%':
		default:
			return false
		}
	}
	return true
}

// formatMagnitude formats ax >= 0 (finite) with a float presentation
// type, as CPython's PyOS_double_to_string (see pysem.FormatFloat).
func formatMagnitude(ax float64, typ byte, prec int, alt, addDot0 bool) string {
	flags := 0
	if alt {
		flags |= pysem.DTSFAlt
	}
	if addDot0 {
		flags |= pysem.DTSFAddDot0
	}
	if typ == '%' {
		typ = 'f'
	}
	return pysem.FormatFloat(ax, typ, prec, flags)
}
