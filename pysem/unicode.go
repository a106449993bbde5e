package pysem

//go:generate sh -c "python3 gen_unicode.py > unicode_tables.go && gofmt -w unicode_tables.go"

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// The character database is CPython's (see gen_unicode.py), not Go's
// unicode package: the two follow different Unicode versions (Go's is
// newer than CPython 3.11's 14.0), and Python's str methods use full
// (special-casing) mappings.

// UnicodeVersion is the Unicode version of the tables: CPython 3.11's.
const UnicodeVersion = pyUnicodeVersion

type runeRange struct{ lo, hi rune }

type decimalRange struct {
	lo, hi rune
	v      int
}

type caseRun struct {
	lo, hi rune
	stride rune
	delta  rune
}

func inRanges(rs []runeRange, r rune) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].hi >= r })
	return i < len(rs) && rs[i].lo <= r
}

// IsAlpha is c.isalpha() of the one-character str c.
func IsAlpha(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return inRanges(pyAlpha, r)
}

// IsDigit is c.isdigit().
func IsDigit(r rune) bool {
	if r < 0x80 {
		return '0' <= r && r <= '9'
	}
	return inRanges(pyDigit, r)
}

// IsSpace is c.isspace(), Py_UNICODE_ISSPACE: what split() and strip()
// without arguments, int() and float() treat as whitespace.
func IsSpace(r rune) bool {
	if r < 0x80 {
		return r == ' ' || '\t' <= r && r <= '\r' || 0x1c <= r && r <= 0x1f
	}
	return inRanges(pySpace, r)
}

// IsPrintable is c.isprintable(): what repr() writes unescaped.
func IsPrintable(r rune) bool {
	if r < 0x80 {
		return 0x20 <= r && r < 0x7f
	}
	return inRanges(pyPrintable, r)
}

// IsLowercase is Unicode's Lowercase property (Py_UNICODE_ISLOWER).
func IsLowercase(r rune) bool { return inRanges(pyLowercase, r) }

// IsUppercase is Unicode's Uppercase property (Py_UNICODE_ISUPPER).
func IsUppercase(r rune) bool { return inRanges(pyUppercase, r) }

// IsTitlecase is general category Lt (Py_UNICODE_ISTITLE).
func IsTitlecase(r rune) bool { return inRanges(pyTitlecase, r) }

// IsCased is Unicode's Cased property (_PyUnicode_IsCased).
func IsCased(r rune) bool { return inRanges(pyCased, r) }

// IsCaseIgnorable is Unicode's Case_Ignorable property, which the
// Final_Sigma rule of lower() skips.
func IsCaseIgnorable(r rune) bool { return inRanges(pyCaseIgnorable, r) }

// IsIDStart reports whether an identifier may start with r in CPython
// (XID_Start or _, what c.isidentifier() says of one character).
func IsIDStart(r rune) bool { return inRanges(pyIDStart, r) }

// IsIDContinue reports whether r may follow the first character of an
// identifier in CPython (XID_Continue).
func IsIDContinue(r rune) bool { return inRanges(pyIDContinue, r) }

// NFKCChanges reports whether unicodedata.normalize('NFKC', c) != c.
func NFKCChanges(r rune) bool { return inRanges(pyNFKCChanges, r) }

// NFKCComposes reports whether NFKC may combine r with the character
// before it (a combining mark, or the second half of a canonical
// composition such as a Hangul vowel jamo). A string none of whose
// characters NFKCChanges or NFKCComposes is its own NFKC form.
func NFKCComposes(r rune) bool { return inRanges(pyComposes, r) }

// DecimalValue is unicodedata.decimal(c), or -1 when c is no decimal
// digit: the digits int() and float() accept.
func DecimalValue(r rune) int {
	if '0' <= r && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 {
		return -1
	}
	i := sort.Search(len(pyDecimal), func(i int) bool { return pyDecimal[i].hi >= r })
	if i < len(pyDecimal) && pyDecimal[i].lo <= r {
		return pyDecimal[i].v + int(r-pyDecimal[i].lo)
	}
	return -1
}

// mapRune applies one of the generated case mappings to r.
func mapRune(runs []caseRun, multi map[rune]string, r rune, b *strings.Builder) {
	if m, ok := multi[r]; ok {
		b.WriteString(m)
		return
	}
	i := sort.Search(len(runs), func(i int) bool { return runs[i].hi >= r })
	if i < len(runs) && runs[i].lo <= r && (r-runs[i].lo)%runs[i].stride == 0 {
		b.WriteRune(r + runs[i].delta)
		return
	}
	b.WriteRune(r)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Upper is s.upper(), with the full mappings ('ß' becomes "SS").
func Upper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		mapRune(pyUpperRuns, pyUpperMulti, r, &b)
	}
	return b.String()
}

// Lower is s.lower(), with the full mappings and the Final_Sigma rule.
func Lower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		lowerAt(rs, i, r, &b)
	}
	return b.String()
}

// lowerAt is CPython's lower_ucs4: the lowercase of rs[i], where a capital
// sigma becomes final sigma in the Final_Sigma context.
func lowerAt(rs []rune, i int, r rune, b *strings.Builder) {
	if r == 0x3a3 {
		b.WriteRune(capitalSigma(rs, i))
		return
	}
	mapRune(pyLowerRuns, pyLowerMulti, r, b)
}

// capitalSigma is CPython's handle_capital_sigma.
func capitalSigma(rs []rune, i int) rune {
	j := i - 1
	for j >= 0 && IsCaseIgnorable(rs[j]) {
		j--
	}
	final := j >= 0 && IsCased(rs[j])
	if final {
		j = i + 1
		for j < len(rs) && IsCaseIgnorable(rs[j]) {
			j++
		}
		final = j == len(rs) || !IsCased(rs[j])
	}
	if final {
		return 0x3c2
	}
	return 0x3c3
}

func titleRune(r rune, b *strings.Builder) { mapRune(pyTitleRuns, pyTitleMulti, r, b) }

// Title is s.title(): a character that follows a cased one is lowered,
// any other titlecased.
func Title(s string) string {
	rs := []rune(s)
	var b strings.Builder
	prevCased := false
	for i, r := range rs {
		if prevCased {
			lowerAt(rs, i, r, &b)
		} else {
			titleRune(r, &b)
		}
		prevCased = IsCased(r)
	}
	return b.String()
}

// Capitalize is s.capitalize() (3.8+: the first character titlecased, the
// rest lowered).
func Capitalize(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if i == 0 {
			titleRune(r, &b)
		} else {
			lowerAt(rs, i, r, &b)
		}
	}
	return b.String()
}

// SwapCase is s.swapcase(): uppercase characters lowered (Final_Sigma
// included), lowercase ones uppercased with the full mappings.
func SwapCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case IsUppercase(r):
			lowerAt(rs, i, r, &b)
		case IsLowercase(r):
			mapRune(pyUpperRuns, pyUpperMulti, r, &b)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// StrIsLower is s.islower().
func StrIsLower(s string) bool {
	cased := false
	for _, r := range s {
		if IsUppercase(r) || IsTitlecase(r) {
			return false
		}
		if IsLowercase(r) {
			cased = true
		}
	}
	return cased
}

// StrIsUpper is s.isupper().
func StrIsUpper(s string) bool {
	cased := false
	for _, r := range s {
		if IsLowercase(r) || IsTitlecase(r) {
			return false
		}
		if IsUppercase(r) {
			cased = true
		}
	}
	return cased
}

// StrIsTitle is s.istitle().
func StrIsTitle(s string) bool {
	cased, prev := false, false
	for _, r := range s {
		switch {
		case IsUppercase(r) || IsTitlecase(r):
			if prev {
				return false
			}
			prev, cased = true, true
		case IsLowercase(r):
			if !prev {
				return false
			}
			prev, cased = true, true
		default:
			prev = false
		}
	}
	return cased
}
