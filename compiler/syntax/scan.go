package syntax

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-python/gpython/parser"

	"github.com/clauz3/clauz3/ir"
)

// This file holds a small Python 3.11 tokenizer. It is not used to parse:
// gpython does that. It finds what the desugaring needs (string literals with
// their prefixes, brackets, logical lines, statement starts) and reports the
// lexical errors gpython reports badly (unterminated strings, unbalanced
// brackets, indentation, stray characters) with CPython-like messages.

type tokKind uint8

const (
	tokName tokKind = iota + 1
	tokNumber
	tokString
	tokOp
	tokNewline // end of a logical line: at the '\n', the comment, or EOF
	tokEOF
)

type token struct {
	kind  tokKind
	start int // byte offset of the first byte (string prefix included)
	end   int // byte offset just past the token
	depth int // bracket depth outside the token
	match int // brackets: index of the matching bracket token, else -1

	// strings only
	prefix string // lower-case prefix letters ("", "f", "rb", ...)
	quote  int    // 1 or 3
}

func (t *token) bodyStart() int { return t.start + len(t.prefix) + t.quote }
func (t *token) bodyEnd() int   { return t.end - t.quote }
func (t *token) isF() bool      { return strings.IndexByte(t.prefix, 'f') >= 0 }
func (t *token) isRaw() bool    { return strings.IndexByte(t.prefix, 'r') >= 0 }
func (t *token) isBytes() bool  { return strings.IndexByte(t.prefix, 'b') >= 0 }

// srcError is an error at a byte offset of the text being scanned.
type srcError struct {
	off  int
	code ir.Code
	msg  string
}

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true,
	"assert": true, "async": true, "await": true, "break": true,
	"class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true,
	"global": true, "if": true, "import": true, "in": true, "is": true,
	"lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true,
	"raise": true, "return": true, "try": true, "while": true, "with": true,
	"yield": true,
}

// compoundKeywords start a statement whose header ends with a colon.
var compoundKeywords = map[string]bool{
	"if": true, "elif": true, "else": true, "while": true, "for": true,
	"try": true, "except": true, "finally": true, "with": true, "def": true,
	"class": true,
}

var stringPrefixes = map[string]bool{
	"r": true, "u": true, "b": true, "br": true, "rb": true,
	"f": true, "fr": true, "rf": true,
}

var operators3 = map[string]bool{"**=": true, "//=": true, ">>=": true, "<<=": true, "...": true}
var operators2 = map[string]bool{
	"!=": true, "%=": true, "&=": true, "**": true, "*=": true, "+=": true,
	"-=": true, "->": true, "//": true, "/=": true, "<<": true, "<=": true,
	"<>": true, "==": true, ">=": true, ">>": true, "^=": true, "|=": true,
	":=": true, "@=": true,
}

const operators1 = "()[]{}:,;+-*/|&<>=.%^~@!"

// Same identifier classes as gpython's lexer, so that both agree on where
// identifiers end.
func isIdentStart(c rune) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		return true
	case c < 128:
		return false
	}
	return unicode.In(c, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl)
}

func isIdentChar(c rune) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
		return true
	case c < 128:
		return false
	}
	return unicode.In(c, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc)
}

type indentLevel struct{ col, alt int }

type scanner struct {
	src  []byte
	exec bool // file input: track indentation

	toks    []token
	stack   []int // indices of the open brackets
	indents []indentLevel

	lineFirst   int // index of the first token of the current logical line, -1 if none yet
	indent      indentLevel
	indentFF    bool // the indentation of the current line contains a form feed
	prevColon   bool // the previous logical line ended with ':'
	prevHeader  int  // index of the first token of the previous logical line
	pendingBody bool // the previous logical line was a compound statement header

	soft *srcError // first soft error
}

// scan tokenizes src. In exec mode it also checks indentation. A soft
// error is one after which scanning could go on: it is reported only if the
// parser finds no error in an earlier statement.
func scan(src []byte, exec bool) (toks []token, soft, hard *srcError) {
	s := &scanner{src: src, exec: exec, lineFirst: -1, indents: []indentLevel{{}}, prevHeader: -1}
	if err := s.run(); err != nil {
		return nil, s.soft, err
	}
	return s.toks, s.soft, nil
}

func (s *scanner) depth() int { return len(s.stack) }

func (s *scanner) text(t *token) string { return string(s.src[t.start:t.end]) }

func (s *scanner) run() *srcError {
	src := s.src
	n := len(src)
	i := 0
	lineStart := s.exec
	for {
		if lineStart {
			// Measure the indentation of a new logical line; skip blank
			// and comment-only lines.
			j := i
			col, alt, ff := 0, 0, false
		indent:
			for j < n {
				switch src[j] {
				case ' ':
					col++
					alt++
				case '\t':
					col = (col/8 + 1) * 8
					alt++
				case '\f':
					col, alt, ff = 0, 0, true
				default:
					break indent
				}
				j++
			}
			if j < n && src[j] == '#' {
				for j < n && src[j] != '\n' {
					j++
				}
			}
			if j < n && src[j] == '\r' && j+1 < n && src[j+1] == '\n' {
				j++
			}
			if j < n && src[j] == '\n' {
				i = j + 1
				continue
			}
			if j >= n {
				i = n
				lineStart = false
				continue
			}
			s.indent, s.indentFF = indentLevel{col, alt}, ff
			lineStart = false
			i = j
		}
		if i >= n {
			return s.eof()
		}
		c := src[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '\f':
			return &srcError{i, ir.Unsupported, "form feed characters are only supported on blank lines"}
		case c == '#':
			for i < n && src[i] != '\n' && src[i] != '\r' {
				i++
			}
			if i < n && src[i] == '\r' && (i+1 >= n || src[i+1] != '\n') {
				return &srcError{i, ir.Unsupported, "carriage return without a line feed is not supported"}
			}
		case c == '\\':
			switch {
			case i+1 < n && src[i+1] == '\n':
				i += 2
			case i+2 < n && src[i+1] == '\r' && src[i+2] == '\n':
				i += 3
			case i+1 >= n:
				return &srcError{i, ir.Syntax, "unexpected EOF while parsing"}
			default:
				return &srcError{i + 1, ir.Syntax, "unexpected character after line continuation character"}
			}
		case c == '\r':
			if i+1 < n && src[i+1] == '\n' {
				i++
				continue
			}
			return &srcError{i, ir.Unsupported, "carriage return without a line feed is not supported"}
		case c == '\n':
			if s.depth() == 0 && s.lineFirst >= 0 {
				s.endLine(i)
			}
			if s.depth() == 0 {
				lineStart = s.exec
			}
			i++
		case c == '"' || c == '\'':
			end, err := s.scanString(i, i)
			if err != nil {
				return err
			}
			if err := s.emit(token{kind: tokString, start: i, end: end, quote: s.quoteLen(i)}); err != nil {
				return err
			}
			i = end
		case c >= '0' && c <= '9' || c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			end := scanNumber(src, i)
			if err := s.emit(token{kind: tokNumber, start: i, end: end}); err != nil {
				return err
			}
			i = end
		case c == 0:
			return &srcError{i, ir.Syntax, "source code cannot contain null bytes"}
		default:
			r, size := utf8.DecodeRune(src[i:])
			if isIdentStart(r) {
				j := i + size
				for j < n {
					r, size := utf8.DecodeRune(src[j:])
					if !isIdentChar(r) {
						break
					}
					j += size
				}
				word := string(src[i:j])
				if j < n && (src[j] == '"' || src[j] == '\'') && stringPrefixes[strings.ToLower(word)] {
					end, err := s.scanString(i, j)
					if err != nil {
						return err
					}
					if err := s.emit(token{kind: tokString, start: i, end: end, prefix: strings.ToLower(word), quote: s.quoteLen(j)}); err != nil {
						return err
					}
					i = end
					continue
				}
				if word == "async" || word == "await" {
					return &srcError{i, ir.Unsupported, fmt.Sprintf("'%s' is not supported (no asynchronous code)", word)}
				}
				if err := s.emit(token{kind: tokName, start: i, end: j}); err != nil {
					return err
				}
				i = j
				continue
			}
			l := 0
			switch {
			case i+3 <= n && operators3[string(src[i:i+3])]:
				l = 3
			case i+2 <= n && operators2[string(src[i:i+2])]:
				l = 2
			case c < utf8.RuneSelf && strings.IndexByte(operators1, c) >= 0:
				l = 1
			}
			if l == 0 {
				if r == utf8.RuneError && size <= 1 {
					return &srcError{i, ir.Syntax, "invalid UTF-8 in source"}
				}
				if unicode.IsPrint(r) {
					return &srcError{i, ir.Syntax, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r)}
				}
				return &srcError{i, ir.Syntax, fmt.Sprintf("invalid non-printable character U+%04X", r)}
			}
			if l == 2 && src[i] == ':' && src[i+1] == '=' {
				return &srcError{i, ir.Unsupported, "assignment expressions (:=) are not supported"}
			}
			t := token{kind: tokOp, start: i, end: i + l, match: -1}
			if l == 1 {
				switch c {
				case '(', '[', '{':
					if err := s.emit(t); err != nil {
						return err
					}
					s.stack = append(s.stack, len(s.toks)-1)
					i++
					continue
				case ')', ']', '}':
					if len(s.stack) == 0 {
						return &srcError{i, ir.Syntax, fmt.Sprintf("unmatched '%c'", c)}
					}
					open := s.stack[len(s.stack)-1]
					oc := src[s.toks[open].start]
					if closer(oc) != c {
						return &srcError{i, ir.Syntax, fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c'", c, oc)}
					}
					s.stack = s.stack[:len(s.stack)-1]
					t.match = open
					if err := s.emit(t); err != nil {
						return err
					}
					s.toks[open].match = len(s.toks) - 1
					i++
					continue
				}
			}
			if err := s.emit(t); err != nil {
				return err
			}
			i += l
		}
	}
}

func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

func (s *scanner) quoteLen(q int) int {
	if q+2 < len(s.src) && s.src[q+1] == s.src[q] && s.src[q+2] == s.src[q] {
		return 3
	}
	return 1
}

// scanString scans the string literal whose prefix starts at start and
// whose opening quote is at q. It returns the offset just past it.
func (s *scanner) scanString(start, q int) (int, *srcError) {
	src := s.src
	n := len(src)
	quote := src[q]
	ql := s.quoteLen(q)
	j := q + ql
	for j < n {
		c := src[j]
		switch {
		case c == '\\':
			j++
			if j+1 < n && src[j] == '\r' && src[j+1] == '\n' {
				j++
			}
			j++
			continue
		case c == quote:
			if ql == 1 {
				return j + 1, nil
			}
			if j+2 < n && src[j+1] == quote && src[j+2] == quote {
				return j + 3, nil
			}
		case c == '\n' && ql == 1:
			return 0, &srcError{start, ir.Syntax, "unterminated string literal"}
		case c == 0:
			return 0, &srcError{j, ir.Syntax, "source code cannot contain null bytes"}
		}
		j++
	}
	if ql == 3 {
		return 0, &srcError{start, ir.Syntax, "unterminated triple-quoted string literal"}
	}
	return 0, &srcError{start, ir.Syntax, "unterminated string literal"}
}

// scanNumber returns the end of the number literal starting at i. It is
// deliberately lax: validation happens later.
func scanNumber(src []byte, i int) int {
	n := len(src)
	j := i
	isAlnum := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	if src[j] == '0' && j+1 < n && strings.IndexByte("xXoObB", src[j+1]) >= 0 {
		j += 2
		for j < n && isAlnum(src[j]) {
			j++
		}
		return j
	}
	digits := func() {
		for j < n && (src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
			j++
		}
	}
	digits()
	if j < n && src[j] == '.' {
		j++
		digits()
	}
	if j < n && (src[j] == 'e' || src[j] == 'E') {
		k := j + 1
		if k < n && (src[k] == '+' || src[k] == '-') {
			k++
		}
		if k < n && src[k] >= '0' && src[k] <= '9' {
			j = k
			digits()
		}
	}
	if j < n && (src[j] == 'j' || src[j] == 'J') {
		j++
	}
	return j
}

// emit appends a token, checking indentation for the first token of a
// logical line.
func (s *scanner) emit(t token) *srcError {
	if err := s.checkText(&t); err != nil {
		return err
	}
	t.depth = s.depth()
	if t.kind != tokOp {
		t.match = -1
	}
	if s.lineFirst < 0 {
		if s.exec {
			if err := s.checkIndent(&t); err != nil {
				return err
			}
		}
		s.lineFirst = len(s.toks)
	}
	if t.kind == tokString && !t.isRaw() && !t.isF() {
		s.decodeEscapes(&t)
	}
	s.toks = append(s.toks, t)
	return nil
}

// decodeEscapes runs gpython's escape decoder over a plain literal's body,
// as gpython's lexer will, and makes its error a soft error at the
// literal, worded as CPython words it: the error comes typed from the
// decoder here, so no message of gpython's needs recognising later. It is
// soft so that a syntax error in an earlier statement still wins, as in
// CPython, which decodes a literal only when it reaches it.
func (s *scanner) decodeEscapes(t *token) {
	body := s.src[t.bodyStart():t.bodyEnd()]
	if _, err := parser.DecodeEscape(bytes.NewBuffer(append([]byte(nil), body...)), t.isBytes()); err != nil {
		s.softError(t.start, "(unicode error) "+exceptionMessage(err))
	}
}

// checkIndent checks the indentation of the first token of a logical line.
// Indentation errors are soft: the scanner goes on as if the indentation
// were right, and an error the parser finds in an earlier statement (a
// missing colon or bracket, typically) wins.
func (s *scanner) checkIndent(t *token) *srcError {
	cur := s.indent
	if s.indentFF {
		return &srcError{t.start, ir.Unsupported, "form feed characters in indentation are not supported"}
	}
	top := s.indents[len(s.indents)-1]
	const tabErr = "inconsistent use of tabs and spaces in indentation"
	switch {
	case cur.col == top.col:
		if cur.alt != top.alt {
			s.softError(t.start, tabErr)
		}
		if s.pendingBody {
			s.softError(t.start, s.expectedBlock())
		}
	case cur.col > top.col:
		if cur.alt <= top.alt {
			s.softError(t.start, tabErr)
		}
		if !s.prevColon {
			s.softError(t.start, "unexpected indent")
		}
		s.indents = append(s.indents, cur)
	default:
		if s.pendingBody {
			s.softError(t.start, s.expectedBlock())
		}
		for len(s.indents) > 1 && cur.col < s.indents[len(s.indents)-1].col {
			s.indents = s.indents[:len(s.indents)-1]
		}
		top = s.indents[len(s.indents)-1]
		if cur.col != top.col {
			s.softError(t.start, "unindent does not match any outer indentation level")
			s.indents = append(s.indents, cur)
		} else if cur.alt != top.alt {
			s.softError(t.start, tabErr)
		}
	}
	return nil
}

func (s *scanner) softError(off int, msg string) {
	if s.soft == nil {
		s.soft = &srcError{off, ir.Syntax, msg}
	}
}

func (s *scanner) expectedBlock() string {
	h := &s.toks[s.prevHeader]
	line := 1 + strings.Count(string(s.src[:h.start]), "\n")
	switch kw := s.text(h); kw {
	case "def":
		return fmt.Sprintf("expected an indented block after function definition on line %d", line)
	case "class":
		return fmt.Sprintf("expected an indented block after class definition on line %d", line)
	default:
		return fmt.Sprintf("expected an indented block after '%s' statement on line %d", kw, line)
	}
}

// endLine emits the NEWLINE token that ends the current logical line.
func (s *scanner) endLine(at int) {
	first := &s.toks[s.lineFirst]
	last := &s.toks[len(s.toks)-1]
	s.prevColon = last.kind == tokOp && s.text(last) == ":"
	s.prevHeader = s.lineFirst
	s.pendingBody = s.prevColon && first.kind == tokName && compoundKeywords[s.text(first)]
	s.toks = append(s.toks, token{kind: tokNewline, start: at, end: at, match: -1})
	s.lineFirst = -1
}

func (s *scanner) eof() *srcError {
	n := len(s.src)
	if len(s.stack) > 0 {
		open := &s.toks[s.stack[len(s.stack)-1]]
		return &srcError{open.start, ir.Syntax, fmt.Sprintf("'%c' was never closed", s.src[open.start])}
	}
	if s.lineFirst >= 0 {
		s.endLine(n)
	}
	if s.exec && s.pendingBody {
		s.softError(n, s.expectedBlock())
	}
	s.toks = append(s.toks, token{kind: tokEOF, start: n, end: n, match: -1})
	return nil
}
