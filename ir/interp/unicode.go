package interp

//go:generate sh -c "python3 gen_unicode.py > unicode_tables.go && gofmt -w unicode_tables.go"

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// The character database is CPython's (see gen_unicode.py), not Go's
// unicode package: the two follow different Unicode versions, and Python's
// str methods use full (special-casing) mappings.

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

func isAlpha(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return inRanges(pyAlpha, r)
}

func isDigitRune(r rune) bool {
	if r < 0x80 {
		return '0' <= r && r <= '9'
	}
	return inRanges(pyDigit, r)
}

// isSpace is Py_UNICODE_ISSPACE: what str.isspace, split() and strip() use.
func isSpace(r rune) bool {
	if r < 0x80 {
		return r == ' ' || '\t' <= r && r <= '\r' || 0x1c <= r && r <= 0x1f
	}
	return inRanges(pySpace, r)
}

func isPrintable(r rune) bool {
	if r < 0x80 {
		return 0x20 <= r && r < 0x7f
	}
	return inRanges(pyPrintable, r)
}

func isCased(r rune) bool         { return inRanges(pyCased, r) }
func isCaseIgnorable(r rune) bool { return inRanges(pyCaseIgnorable, r) }

// decimalValue is unicodedata.decimal(r), or -1.
func decimalValue(r rune) int {
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

// pyUpper is str.upper.
func pyUpperStr(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		mapRune(pyUpperRuns, pyUpperMulti, r, &b)
	}
	return b.String()
}

// pyLowerStr is str.lower, with the Final_Sigma rule.
func pyLowerStr(s string) string {
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

func capitalSigma(rs []rune, i int) rune {
	j := i - 1
	for j >= 0 && isCaseIgnorable(rs[j]) {
		j--
	}
	final := j >= 0 && isCased(rs[j])
	if final {
		j = i + 1
		for j < len(rs) && isCaseIgnorable(rs[j]) {
			j++
		}
		final = j == len(rs) || !isCased(rs[j])
	}
	if final {
		return 0x3c2
	}
	return 0x3c3
}

func titleRune(r rune, b *strings.Builder) { mapRune(pyTitleRuns, pyTitleMulti, r, b) }

// pyTitleStr is str.title.
func pyTitleStr(s string) string {
	rs := []rune(s)
	var b strings.Builder
	prevCased := false
	for i, r := range rs {
		if prevCased {
			lowerAt(rs, i, r, &b)
		} else {
			titleRune(r, &b)
		}
		prevCased = isCased(r)
	}
	return b.String()
}

// pyCapitalizeStr is str.capitalize (3.8+: the first character is
// titlecased, the rest lowercased).
func pyCapitalizeStr(s string) string {
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
