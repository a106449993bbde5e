package syntax

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// Source text that CPython 3.11 reads differently from a plain reading of
// the bytes is refused with a located message, never read another way:
// named escapes (\N{...}, which need the Unicode name database), escapes
// of lone surrogates (a ClauZ3 str is valid UTF-8), identifiers CPython
// would NFKC-normalise into another name or whose characters are not
// identifier characters in CPython's Unicode 14, carriage returns that are not
// part of a CRLF line ending (which CPython reads as line ends, inside
// string literals too), and coding declarations other than UTF-8.

const loneCR = "carriage return without a line feed is not supported"

// checkText checks the text of a string or name token as it is emitted.
func (s *scanner) checkText(t *token) *srcError {
	switch t.kind {
	case tokString:
		for i := t.start; i < t.end; i++ {
			if s.src[i] == '\r' && (i+1 >= t.end || s.src[i+1] != '\n') {
				return &srcError{i, ir.Unsupported, loneCR}
			}
		}
		if !t.isRaw() && !t.isBytes() {
			return checkEscapes(s.src, t.bodyStart(), t.bodyEnd())
		}
	case tokName:
		word := s.src[t.start:t.end]
		if !utf8.Valid(word) || isASCIIBytes(word) {
			return nil
		}
		if !nfkcStable(string(word)) {
			return &srcError{t.start, ir.Unsupported, fmt.Sprintf("identifier '%s' is not in NFKC normal form: CPython reads it as another name (write it with the characters Python normalises it to)", word)}
		}
		// The scanner finds identifiers with Go's (newer) Unicode
		// tables; CPython 3.11's are pysem's.
		for k, r := range string(word) {
			if k == 0 && !pysem.IsIDStart(r) || k > 0 && !pysem.IsIDContinue(r) {
				return &srcError{t.start + k, ir.Syntax, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r)}
			}
		}
	}
	return nil
}

func isASCIIBytes(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// nfkcStable reports whether s is certainly its own NFKC form: no
// character changes under NFKC on its own, and none may compose with the
// one before it (pysem's tables, from CPython's unicodedata).
func nfkcStable(s string) bool {
	for _, r := range s {
		if pysem.NFKCChanges(r) || pysem.NFKCComposes(r) {
			return false
		}
	}
	return true
}

// checkEscapes refuses the escapes of a non-raw str body src[from:to]
// that CPython reads as something a ClauZ3 str cannot be read as.
func checkEscapes(src []byte, from, to int) *srcError {
	for i := from; i < to; i++ {
		if src[i] != '\\' || i+1 >= to {
			continue
		}
		switch src[i+1] {
		case 'N':
			return &srcError{i, ir.Unsupported, `\N{...} escapes are not supported (write the character itself or a \u escape)`}
		case 'u', 'U':
			n := 4
			if src[i+1] == 'U' {
				n = 8
			}
			if i+2+n <= to {
				digits := string(src[i+2 : i+2+n])
				if v, err := strconv.ParseUint(digits, 16, 32); err == nil && v >= 0xD800 && v <= 0xDFFF {
					return &srcError{i, ir.Unsupported, fmt.Sprintf(`the escape \%c%s is a lone surrogate, which a ClauZ3 str cannot hold`, src[i+1], digits)}
				}
			}
		}
		i++ // the escaped character: \\N is a backslash and an N
	}
	return nil
}

// codingRE is CPython's coding declaration (PEP 263), on line 1 or 2.
var codingRE = regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// checkCoding refuses a coding declaration that does not name UTF-8.
// CPython honours it on the first two lines (the second only after a
// comment or blank first line; refusing it there too is on the safe
// side). It returns the offset of the declaring line and the message, or
// -1.
func checkCoding(text []byte) (int, string) {
	off := 0
	for line := 0; line < 2 && off <= len(text); line++ {
		end := len(text)
		if k := strings.IndexByte(string(text[off:]), '\n'); k >= 0 {
			end = off + k
		}
		if m := codingRE.FindSubmatch(text[off:end]); m != nil && !isUTF8Name(string(m[1])) {
			return off, fmt.Sprintf("source encoding '%s' is not supported: ClauZ3 reads plans as UTF-8 (remove the coding declaration or declare utf-8)", m[1])
		}
		off = end + 1
	}
	return -1, ""
}

// isUTF8Name reports whether CPython reads a file declaring name as
// UTF-8: get_normal_name maps utf-8 and utf-8-* (any case, _ for -) to
// it, and the codec registry the aliases of utf_8.
func isUTF8Name(name string) bool {
	n := strings.ReplaceAll(strings.ToLower(name), "_", "-")
	if len(n) > 12 {
		n = n[:12]
	}
	if n == "utf-8" || strings.HasPrefix(n, "utf-8-") {
		return true
	}
	switch strings.ReplaceAll(strings.ToLower(name), "-", "_") {
	case "utf_8", "utf8", "u8", "utf", "utf8_ucs2", "utf8_ucs4", "cp65001":
		return true
	}
	return false
}
