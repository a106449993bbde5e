package syntax

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// rewrite applies the position-preserving rewrites to lv.text: every
// rewrite replaces bytes by the same number of bytes and keeps newlines, so
// gpython's (line, byte column) positions stay valid for the original text.
// Errors found here are soft (see softError): the construct is left as it
// is and parsing goes on.
func (lv *level) rewrite() {
	if lv.exec {
		lv.statements()
	}
	lv.rewriteStrings()
	lv.rewriteNumbers()
	lv.refuseNotEqual()
	lv.callArgErrors(func(i int, code ir.Code, msg string) {
		lv.softError(lv.toks[i].start, lv.stmtOff(i), code, msg)
	})
}

// refuseNotEqual refuses Python 2's <> operator. gpython's grammar reads
// it and its action records an error without stopping the parse, so the
// parser's report would not say where it was.
func (lv *level) refuseNotEqual() {
	for i := range lv.toks {
		if lv.isOp(i, "<>") {
			lv.softError(lv.toks[i].start, lv.stmtOff(i), ir.Syntax, "invalid syntax")
		}
	}
}

// softError records an error at level offset off in the statement starting
// at stmt. Only the first one is kept. It is reported unless the parser
// finds an error in an earlier statement.
func (lv *level) softError(off, stmt int, code ir.Code, msg string) {
	if lv.soft == nil || off < lv.soft.off {
		lv.soft, lv.softStmt = &srcError{off, code, msg}, stmt
	}
}

// stmtOff returns the offset of the statement containing token i.
func (lv *level) stmtOff(i int) int {
	k := sort.Search(len(lv.stmtStarts), func(k int) bool { return lv.stmtStarts[k] > i })
	if k == 0 {
		return 0
	}
	return lv.toks[lv.stmtStarts[k-1]].start
}

// rewriteStrings blanks every f-string into a plain string literal of the
// same extent: `rf"a{b}\n"` becomes `"         "` (newlines, and backslashes
// before them, are kept). The literal still starts where the prefix did, so
// the indentation of a line starting with an f-string does not change.
// gpython then yields one *ast.Str per run of adjacent literals, at the
// run's first token; resolveFStrings finds it by position.
func (lv *level) rewriteStrings() {
	toks := lv.toks
	for i := 0; i < len(toks); {
		if toks[i].kind != tokString {
			i++
			continue
		}
		j := i
		for j+1 < len(toks) && toks[j+1].kind == tokString {
			j++
		}
		hasF, hasBytes, allBytes := false, false, true
		for k := i; k <= j; k++ {
			hasF = hasF || toks[k].isF()
			hasBytes = hasBytes || toks[k].isBytes()
			allBytes = allBytes && toks[k].isBytes()
		}
		if hasBytes && !allBytes {
			lv.softError(toks[i].start, lv.stmtOff(i), ir.Syntax, "cannot mix bytes and nonbytes literals")
			i = j + 1
			continue
		}
		if hasF {
			for k := i; k <= j; k++ {
				if toks[k].isF() {
					lv.blankString(&toks[k])
				}
			}
			lv.runs[toks[i].start] = &strRun{first: i, last: j}
		}
		i = j + 1
	}
}

func (lv *level) blankString(t *token) {
	b := lv.text
	q := b[t.start+len(t.prefix)]
	for k := t.start; k < t.end; k++ {
		switch c := b[k]; {
		case k < t.start+t.quote || k >= t.end-t.quote:
			b[k] = q
		case c == '\n' || c == '\r':
		case c == '\\' && k+1 < len(b) && (b[k+1] == '\n' || b[k+1] == '\r'):
		default:
			b[k] = ' '
		}
	}
}

// rewriteNumbers validates number literals and removes PEP 515 underscores
// (`1_000` becomes `1000 `).
func (lv *level) rewriteNumbers() {
	for i := range lv.toks {
		t := &lv.toks[i]
		if t.kind != tokNumber {
			continue
		}
		s := string(lv.src[t.start:t.end])
		if msg := checkNumber(s); msg != "" {
			lv.softError(t.start, lv.stmtOff(i), ir.Syntax, msg)
			continue
		}
		if strings.IndexByte(s, '_') >= 0 {
			fixed := strings.ReplaceAll(s, "_", "")
			fixed += strings.Repeat(" ", len(s)-len(fixed))
			copy(lv.text[t.start:t.end], fixed)
		}
	}
}

// checkNumber validates a number literal as scanned by scanNumber and
// returns an error message, or "".
func checkNumber(s string) string {
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	if len(s) >= 2 && s[0] == '0' && strings.IndexByte("xXoObB", s[1]) >= 0 {
		var name string
		var ok func(byte) bool
		switch s[1] {
		case 'x', 'X':
			name, ok = "hexadecimal", func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
		case 'o', 'O':
			name, ok = "octal", func(c byte) bool { return c >= '0' && c <= '7' }
		default:
			name, ok = "binary", func(c byte) bool { return c == '0' || c == '1' }
		}
		d := s[2:]
		if d == "" {
			return fmt.Sprintf("invalid %s literal", name)
		}
		for k := 0; k < len(d); k++ {
			c := d[k]
			switch {
			case ok(c):
			case c == '_' && k+1 < len(d) && ok(d[k+1]):
			case name != "hexadecimal" && isDigit(c):
				return fmt.Sprintf("invalid digit '%c' in %s literal", c, name)
			default:
				return fmt.Sprintf("invalid %s literal", name)
			}
		}
		return ""
	}
	for k := 0; k < len(s); k++ {
		if s[k] == '_' && (k == 0 || !isDigit(s[k-1]) || k+1 >= len(s) || !isDigit(s[k+1])) {
			return "invalid decimal literal"
		}
	}
	if strings.ContainsAny(s, ".eEjJ") {
		return ""
	}
	digits := strings.ReplaceAll(s, "_", "")
	if len(digits) > 1 && digits[0] == '0' && strings.Trim(digits, "0") != "" {
		return "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
	}
	return ""
}

// statements walks the statements of a file, marking statement starts and
// desugaring annotated assignments.
func (lv *level) statements() {
	toks := lv.toks
	i := 0
	for i < len(toks) {
		t := &toks[i]
		if t.kind == tokEOF {
			break
		}
		if t.kind == tokNewline {
			i++
			continue
		}
		lv.stmtStarts = append(lv.stmtStarts, i)
		if compoundKeywords[lv.word(i)] {
			if h := lv.headerEnd(i); h >= 0 {
				if lv.word(i) == "with" {
					lv.parenthesizedWith(i, h)
				}
				i = h + 1
				continue
			}
		}
		e := i
		for e < len(toks) && toks[e].kind != tokNewline && toks[e].kind != tokEOF && !(toks[e].depth == 0 && lv.isOp(e, ";")) {
			e++
		}
		if err := lv.simpleStatement(i, e); err != nil {
			lv.softError(err.off, toks[i].start, err.code, err.msg)
		}
		i = e + 1
	}
}

// parenthesizedWith handles Python 3.10's parenthesized context managers,
// with (a as b, c): whose header colon is token h. On one line, the
// parentheses are blanked (with  a as b, c :); across lines they cannot be.
func (lv *level) parenthesizedWith(i, h int) {
	toks := lv.toks
	open := i + 1
	if !lv.isOp(open, "(") || toks[open].match != h-1 {
		return
	}
	close := h - 1
	items := false
	for j := open + 1; j < close; j++ {
		if toks[j].depth == toks[open].depth+1 && (lv.isOp(j, ",") || lv.isName(j, "as")) {
			items = true
		}
	}
	if !items {
		return
	}
	if bytes.IndexByte(lv.src[toks[open].start:toks[close].start], '\n') >= 0 {
		lv.softError(toks[open].start, toks[i].start, ir.Unsupported, "parenthesized context managers spanning several lines are not supported")
		return
	}
	lv.text[toks[open].start] = ' '
	lv.text[toks[close].start] = ' '
}

// headerEnd returns the index of the colon ending the compound statement
// header starting at i, or -1.
func (lv *level) headerEnd(i int) int {
	lam := 0
	for j := i + 1; j < len(lv.toks); j++ {
		t := &lv.toks[j]
		if t.kind == tokNewline || t.kind == tokEOF {
			return -1
		}
		if t.depth != 0 {
			continue
		}
		switch {
		case lv.isName(j, "lambda"):
			lam++
		case lv.isOp(j, ":"):
			if lam == 0 {
				return j
			}
			lam--
		}
	}
	return -1
}

// findTop returns the index of the first depth-0 token in [a, b) that is
// one of ops and is not inside a lambda's parameter list, or -1.
func (lv *level) findTop(a, b int, ops ...string) int {
	lam := 0
	for j := a; j < b; j++ {
		if lv.toks[j].depth != 0 {
			continue
		}
		if lv.isName(j, "lambda") {
			lam++
			continue
		}
		if lam > 0 {
			if lv.isOp(j, ":") {
				lam--
			}
			continue
		}
		for _, op := range ops {
			if lv.isOp(j, op) {
				return j
			}
		}
	}
	return -1
}

var augAssignOps = []string{"=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "^=", "|=", "@="}

// simpleStatement handles the simple statement in tokens [i, e). A depth-0
// colon before any assignment operator makes it an annotated assignment,
// which is rewritten in place:
//
//	x: T = v   ->   x= T , v    (an Assign whose value is the tuple (T, v))
//	x: T       ->   x= T        (an Assign whose value is T)
//
// resolveAnnotations takes the tuple apart after parsing, so both the
// annotation and the value keep their exact positions.
func (lv *level) simpleStatement(i, e int) *srcError {
	toks := lv.toks
	first := &toks[i]
	if first.kind == tokOp && !lv.isOp(i, "(") && !lv.isOp(i, "[") {
		return nil // decorator or garbage
	}
	if first.kind == tokName && keywords[lv.word(i)] {
		return nil
	}
	colon := lv.findTop(i, e, append([]string{":"}, augAssignOps...)...)
	if colon < 0 || !lv.isOp(colon, ":") {
		return nil
	}
	if w := lv.word(i); (w == "match" || w == "case") && colon == e-1 && colon > i+1 {
		return &srcError{first.start, ir.Unsupported, w + " statements are not supported"}
	}
	if colon != i+1 || first.kind != tokName {
		return lv.badTarget(i, colon)
	}
	eq := lv.findTop(colon+1, e, "=")
	annEnd := e
	if eq >= 0 {
		annEnd = eq
	}
	if annEnd == colon+1 {
		return &srcError{toks[annEnd].start, ir.Syntax, "invalid syntax (expected an annotation)"}
	}
	if c := lv.findTop(colon+1, annEnd, ","); c >= 0 {
		return &srcError{toks[c].start, ir.Syntax, "invalid syntax (only a single annotation is allowed)"}
	}
	if lv.isName(colon+1, "yield") {
		return &srcError{toks[colon+1].start, ir.Syntax, "invalid syntax"}
	}
	info := &annInfo{tok: i}
	if eq >= 0 {
		if eq+1 == e {
			return &srcError{toks[e].start, ir.Syntax, "invalid syntax (expected a value)"}
		}
		if k := lv.findTop(eq+1, e, augAssignOps...); k >= 0 {
			return &srcError{toks[k].start, ir.Syntax, "invalid syntax (an annotated assignment has a single target)"}
		}
		if lv.isName(eq+1, "yield") {
			return &srcError{toks[eq+1].start, ir.Unsupported, "an annotated assignment with a yield value is not supported"}
		}
		info.hasValue = true
		info.valueTup = lv.findTop(eq+1, e, ",") >= 0
		lv.text[toks[eq].start] = ','
	}
	lv.text[toks[colon].start] = '='
	lv.anns[first.start] = info
	return nil
}

// badTarget reports an annotated assignment whose target, tokens [i, colon),
// is not a simple name.
func (lv *level) badTarget(i, colon int) *srcError {
	toks := lv.toks
	j := i
	ok := true
	switch {
	case toks[j].kind == tokName && !keywords[lv.word(j)]:
		j++
	case lv.isOp(j, "(") || lv.isOp(j, "["):
		if toks[j].match < 0 {
			ok = false
		} else {
			j = toks[j].match + 1
		}
	default:
		ok = false
	}
	for ok && j < colon {
		switch {
		case lv.isOp(j, ".") && j+1 < colon && toks[j+1].kind == tokName:
			j += 2
		case (lv.isOp(j, "(") || lv.isOp(j, "[")) && toks[j].match > j:
			j = toks[j].match + 1
		default:
			ok = false
		}
	}
	if !ok || j != colon {
		if lv.findTop(i, colon, ",") >= 0 {
			return &srcError{toks[i].start, ir.Syntax, "only single target (not tuple) can be annotated"}
		}
		return &srcError{toks[i].start, ir.Syntax, "illegal target for annotation"}
	}
	target := strings.Join(strings.Fields(string(lv.src[toks[i].start:toks[colon-1].end])), " ")
	if r := []rune(target); len(r) > 40 {
		target = string(r[:37]) + "..."
	}
	return &srcError{toks[i].start, ir.Unsupported, fmt.Sprintf("annotated assignment to %s is not supported", target)}
}
