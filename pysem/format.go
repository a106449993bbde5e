package pysem

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// formatSpec is CPython's InternalFormatSpec.
type formatSpec struct {
	fill      rune
	align     rune
	alternate bool
	noNeg0    bool
	sign      rune
	width     int // -1: not given
	thousands rune
	group     int // digits per group with thousands
	precision int // -1: not given
	typ       rune
}

// Exception is a Python exception a pysem function reports (format(),
// float **): its class (ValueError, OverflowError, ZeroDivisionError) and
// message, as CPython words them. Each engine raises it its own way.
type Exception struct{ Class, Msg string }

func (e *Exception) Error() string { return e.Class + ": " + e.Msg }

// ErrFormatN refuses the locale-dependent 'n' presentation type of a
// number, which the subset leaves out: the front end refuses it in a
// literal spec, and each engine raises ValueError for a computed one.
var ErrFormatN = &Exception{"ValueError", "the locale-dependent format type 'n' is not supported"}

// ErrMemory is the MemoryError of a format past MaxAlloc: a width (most
// often computed, f"{x:{w}}") that would pad the result beyond it, or a
// precision that would write more digits.
var ErrMemory = &Exception{"MemoryError", ""}

func specError(format string, args ...any) *Exception {
	return &Exception{"ValueError", fmt.Sprintf(format, args...)}
}

// parseSpec is CPython's parse_internal_render_format_spec.
func parseSpec(typeName string, spec string, defType, defAlign rune) (*formatSpec, *Exception) {
	rs := []rune(spec)
	f := &formatSpec{fill: ' ', align: defAlign, width: -1, precision: -1, typ: defType}
	p := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	fillGiven, alignGiven := false, false
	if len(rs)-p >= 2 && isAlign(rs[p+1]) {
		f.align, f.fill = rs[p+1], rs[p]
		fillGiven, alignGiven = true, true
		p += 2
	} else if len(rs)-p >= 1 && isAlign(rs[p]) {
		f.align = rs[p]
		alignGiven = true
		p++
	}
	if p < len(rs) && (rs[p] == '+' || rs[p] == '-' || rs[p] == ' ') {
		f.sign = rs[p]
		p++
	}
	if p < len(rs) && rs[p] == 'z' {
		f.noNeg0 = true
		p++
	}
	if p < len(rs) && rs[p] == '#' {
		f.alternate = true
		p++
	}
	if !fillGiven && p < len(rs) && rs[p] == '0' {
		f.fill = '0'
		if !alignGiven && defAlign == '>' {
			f.align = '='
		}
		p++
	}
	readInt := func() (int, int, *Exception) {
		n, used := 0, 0
		for p < len(rs) {
			d := DecimalValue(rs[p])
			if d < 0 {
				break
			}
			if n > (1<<31-1-d)/10 {
				return 0, 0, specError("Too many decimal digits in format string")
			}
			n = n*10 + d
			p++
			used++
		}
		return n, used, nil
	}
	w, used, err := readInt()
	if err != nil {
		return nil, err
	}
	if used > 0 {
		f.width = w
	}
	if p < len(rs) && rs[p] == ',' {
		f.thousands = ','
		p++
	}
	if p < len(rs) && rs[p] == '_' {
		if f.thousands != 0 {
			return nil, specError("Cannot specify both ',' and '_'.")
		}
		f.thousands = '_'
		p++
	}
	if p < len(rs) && rs[p] == ',' && f.thousands == '_' {
		return nil, specError("Cannot specify both ',' and '_'.")
	}
	if p < len(rs) && rs[p] == '.' {
		p++
		n, used, err := readInt()
		if err != nil {
			return nil, err
		}
		if used == 0 {
			return nil, specError("Format specifier missing precision")
		}
		f.precision = n
	}
	if len(rs)-p > 1 {
		return nil, specError("Invalid format specifier '%s' for object of type '%s'", spec, typeName)
	}
	if len(rs)-p == 1 {
		f.typ = rs[p]
	}
	if f.thousands != 0 {
		f.group = 3
		switch f.typ {
		case 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F', 0:
		case 'b', 'o', 'x', 'X':
			if f.thousands == '_' {
				f.group = 4
				break
			}
			fallthrough
		default:
			if f.typ > 32 && f.typ < 128 {
				return nil, specError("Cannot specify '%c' with '%c'.", f.thousands, f.typ)
			}
			return nil, specError("Cannot specify '%c' with '\\x%x'.", f.thousands, f.typ)
		}
	}
	return f, nil
}

func unknownCode(typ rune, typeName string) *Exception {
	if typ > 32 && typ < 128 {
		return specError("Unknown format code '%c' for object of type '%s'", typ, typeName)
	}
	return specError("Unknown format code '\\x%x' for object of type '%s'", typ, typeName)
}

// FormatStr is format(s, spec), CPython's format_string_internal.
func FormatStr(s, spec string) (string, *Exception) {
	if spec == "" {
		return s, nil
	}
	f, err := parseSpec("str", spec, 's', '<')
	if err != nil {
		return "", err
	}
	if err := checkStr(f); err != nil {
		return "", err
	}
	n := utf8.RuneCountInString(s)
	if f.precision >= 0 && n > f.precision {
		s = string([]rune(s)[:f.precision])
		n = f.precision
	}
	return pad(s, n, f)
}

// checkStr is what format_string_internal refuses in a parsed spec.
func checkStr(f *formatSpec) *Exception {
	if f.typ != 's' {
		return unknownCode(f.typ, "str")
	}
	switch {
	case f.sign == ' ':
		return specError("Space not allowed in string format specifier")
	case f.sign != 0:
		return specError("Sign not allowed in string format specifier")
	case f.noNeg0:
		return specError("Negative zero coercion (z) not allowed in string format specifier")
	case f.alternate:
		return specError("Alternate form (#) not allowed in string format specifier")
	case f.align == '=':
		return specError("'=' alignment not allowed in string format specifier")
	}
	return nil
}

// checkInt is what format_long_internal (and, for the float types, the
// float path) refuses in a parsed spec, whatever the int's value.
func checkInt(f *formatSpec, typeName string) *Exception {
	switch f.typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return checkFloat(f, typeName)
	case 'n':
		return ErrFormatN
	case 'b', 'c', 'd', 'o', 'x', 'X':
	default:
		return unknownCode(f.typ, typeName)
	}
	if f.precision != -1 {
		return specError("Precision not allowed in integer format specifier")
	}
	if f.noNeg0 {
		return specError("Negative zero coercion (z) not allowed in integer format specifier")
	}
	if f.typ == 'c' {
		if f.sign != 0 {
			return specError("Sign not allowed with integer format specifier 'c'")
		}
		if f.alternate {
			return specError("Alternate form (#) not allowed with integer format specifier 'c'")
		}
	}
	return nil
}

// checkFloat is what format_float_internal refuses in a parsed spec.
func checkFloat(f *formatSpec, typeName string) *Exception {
	switch f.typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return nil
	case 'n':
		return ErrFormatN
	}
	return unknownCode(f.typ, typeName)
}

// CheckSpec returns the exception format(v, spec) raises for every value
// v of the type typeName ("str", "int", "bool" or "float") because of the
// spec alone, or nil when the spec is valid for that type (a value may
// still raise: 'c' of an int out of range). It is the same parser and
// the same checks the Format functions apply, so a front end that
// accepts a literal spec with it accepts exactly what every engine runs.
func CheckSpec(spec, typeName string) *Exception {
	if spec == "" {
		return nil
	}
	switch typeName {
	case "str":
		f, err := parseSpec("str", spec, 's', '<')
		if err != nil {
			return err
		}
		return checkStr(f)
	case "int", "bool":
		f, err := parseSpec(typeName, spec, 'd', '>')
		if err != nil {
			return err
		}
		return checkInt(f, typeName)
	case "float":
		f, err := parseSpec("float", spec, 0, '>')
		if err != nil {
			return err
		}
		return checkFloat(f, typeName)
	}
	return &Exception{"TypeError", fmt.Sprintf("unsupported format string passed to %s.__format__", typeName)}
}

// ParseSpec parses spec as format() of a typeName value does, returning
// its width and precision (-1 when not given), or the exception a
// malformed spec raises whatever the value (CheckSpec adds what the type
// refuses).
func ParseSpec(spec, typeName string) (width, precision int, exc *Exception) {
	defType, defAlign := 'd', '>'
	switch typeName {
	case "str":
		defType, defAlign = 's', '<'
	case "float":
		defType = 0
	}
	f, err := parseSpec(typeName, spec, defType, defAlign)
	if err != nil {
		return -1, -1, err
	}
	return f.width, f.precision, nil
}

// pad aligns s (n code points) in f.width; a width past MaxAlloc is
// MemoryError, as for the padders (str.center and the others).
func pad(s string, n int, f *formatSpec) (string, *Exception) {
	if f.width <= n {
		return s, nil
	}
	if f.width > MaxAlloc {
		return "", ErrMemory
	}
	total := f.width - n
	left := 0
	switch f.align {
	case '>':
		left = total
	case '^':
		left = total / 2
	}
	fill := string(f.fill)
	return strings.Repeat(fill, left) + s + strings.Repeat(fill, total-left), nil
}

// FormatInt is format(x, spec) of an int (typeName "int") or a bool
// ("bool", x 0 or 1), CPython's format_long_internal and the float path
// for e, f, g and % on ints. An empty spec is str(x), which for a bool is
// each engine's.
func FormatInt(x int64, spec, typeName string) (string, *Exception) {
	if spec == "" {
		return strconv.FormatInt(x, 10), nil
	}
	f, err := parseSpec(typeName, spec, 'd', '>')
	if err != nil {
		return "", err
	}
	if err := checkInt(f, typeName); err != nil {
		return "", err
	}
	switch f.typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return formatFloatSpec(typeName, float64(x), f)
	}
	var digits, prefix, sign string
	remainder := ""
	if f.typ == 'c' {
		if x < 0 || x > 0x10ffff {
			return "", &Exception{"OverflowError", "%c arg not in range(0x110000)"}
		}
		if x >= 0xd800 && x < 0xe000 {
			return "", &Exception{"ValueError", "format of a surrogate code point with 'c' is outside the ClauZ3 subset (strs are valid UTF-8)"}
		}
		remainder = string(rune(x))
	} else {
		base := 10
		switch f.typ {
		case 'b':
			base, prefix = 2, "0b"
		case 'o':
			base, prefix = 8, "0o"
		case 'x', 'X':
			base, prefix = 16, "0x"
		}
		if !f.alternate {
			prefix = ""
		}
		u := absU(x)
		digits = strconv.FormatUint(u, base)
		if x < 0 {
			sign = "-"
		}
	}
	if f.typ == 'X' {
		prefix, digits = strings.ToUpper(prefix), strings.ToUpper(digits)
	}
	return numberLayout(f, sign, prefix, digits, false, remainder)
}

// FormatFloatSpec is format(x, spec) of a float: repr(x) for an empty
// spec, else CPython's format_float_internal.
func FormatFloatSpec(x float64, spec string) (string, *Exception) {
	if spec == "" {
		return ReprFloat(x), nil
	}
	f, err := parseSpec("float", spec, 0, '>')
	if err != nil {
		return "", err
	}
	return formatFloatSpec("float", x, f)
}

// formatFloatSpec is CPython's format_float_internal.
func formatFloatSpec(typeName string, x float64, f *formatSpec) (string, *Exception) {
	typ := f.typ
	flags := 0
	if f.alternate {
		flags |= DTSFAlt
	}
	if f.noNeg0 {
		flags |= DTSFNoNeg0
	}
	defPrec := 6
	code := byte(0)
	if err := checkFloat(f, typeName); err != nil {
		return "", err
	}
	switch typ {
	case 0:
		flags |= DTSFAddDot0
		code = 'r'
		defPrec = 0
	case 'e', 'E', 'f', 'F', 'g', 'G':
		code = byte(typ)
	case '%':
		code = 'f'
		x *= 100
	}
	prec := f.precision
	if prec < 0 {
		prec = defPrec
	} else if code == 'r' {
		code = 'g'
	}
	// f, e and % write prec digits, g only with # (it strips the zeros
	// otherwise): a computed precision past MaxAlloc is MemoryError there,
	// as a width past it is.
	if prec > MaxAlloc {
		switch code {
		case 'f', 'F', 'e', 'E':
			return "", ErrMemory
		case 'g', 'G':
			if f.alternate {
				return "", ErrMemory
			}
		}
	}
	s := FormatFloat(x, code, prec, flags)
	if typ == '%' {
		s += "%"
	}
	if f.sign != '+' && f.sign != ' ' && f.width == -1 && f.thousands == 0 {
		return s, nil
	}
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	// parse_number: digits, then an optional decimal point, then the rest.
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	digits, rest := s[:i], s[i:]
	hasDecimal := strings.HasPrefix(rest, ".")
	if hasDecimal {
		rest = rest[1:]
	}
	return numberLayout(f, sign, "", digits, hasDecimal, rest)
}

// numberLayout is CPython's calc_number_widths and fill_number:
// [lpad][sign][prefix][spad][grouped digits][.][remainder][rpad].
// The result is at least f.width characters long, so a width past
// MaxAlloc is MemoryError.
func numberLayout(f *formatSpec, signChar, prefix, digits string, hasDecimal bool, remainder string) (string, *Exception) {
	if f.width > MaxAlloc {
		return "", ErrMemory
	}
	sign := ""
	switch f.sign {
	case '+':
		sign = "+"
		if signChar == "-" {
			sign = "-"
		}
	case ' ':
		sign = " "
		if signChar == "-" {
			sign = "-"
		}
	default:
		sign = signChar
	}
	nDecimal := 0
	if hasDecimal {
		nDecimal = 1
	}
	nonDigit := len(sign) + len(prefix) + nDecimal + utf8.RuneCountInString(remainder)
	minWidth := 0
	if f.fill == '0' && f.align == '=' {
		minWidth = f.width - nonDigit
	}
	grouped := ""
	if len(digits) > 0 {
		grouped = groupDigits(digits, minWidth, f.thousands, f.group)
	}
	nPad := f.width - (nonDigit + len(grouped))
	var lpad, spad, rpad int
	if nPad > 0 {
		switch f.align {
		case '<':
			rpad = nPad
		case '^':
			lpad = nPad / 2
			rpad = nPad - lpad
		case '=':
			spad = nPad
		default:
			lpad = nPad
		}
	}
	fill := string(f.fill)
	var b strings.Builder
	b.WriteString(strings.Repeat(fill, lpad))
	b.WriteString(sign)
	b.WriteString(prefix)
	b.WriteString(strings.Repeat(fill, spad))
	b.WriteString(grouped)
	if hasDecimal {
		b.WriteByte('.')
	}
	b.WriteString(remainder)
	b.WriteString(strings.Repeat(fill, rpad))
	return b.String(), nil
}

// groupDigits is CPython's _PyUnicode_InsertThousandsGrouping: it inserts
// sep every group digits (none when sep is 0) and pads with zeros (and
// separators) on the left up to minWidth characters.
func groupDigits(digits string, minWidth int, sep rune, group int) string {
	if minWidth < 0 {
		minWidth = 0
	}
	sepLen := 0
	if sep != 0 {
		sepLen = 1
	}
	var parts []string // right to left
	remaining := len(digits)
	end := len(digits)
	useSep := false
	take := func(l int) {
		nZeros := max(0, l-remaining)
		nChars := max(0, min(remaining, l))
		part := strings.Repeat("0", nZeros) + digits[end-nChars:end]
		if useSep {
			part += string(sep)
		}
		parts = append(parts, part)
		end -= nChars
		useSep = true
		remaining -= nChars
	}
	broken := false
	if sep != 0 {
		for {
			l := min(group, max(max(remaining, minWidth), 1))
			take(l)
			minWidth -= l
			if remaining <= 0 && minWidth <= 0 {
				broken = true
				break
			}
			minWidth -= sepLen
		}
	}
	if !broken {
		take(max(max(remaining, minWidth), 1))
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return b.String()
}

// absU is |a| as a uint64; -MinInt64 wraps to 1<<63, its magnitude.
func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}
