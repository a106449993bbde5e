package syntax

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/parser"
	"github.com/go-python/gpython/py"
)

// resolveFStrings finds the placeholder *ast.Str of every f-string run of
// the level and records its parts in File.FStrings.
func (lv *level) resolveFStrings(root ast.Ast) *Error {
	if len(lv.runs) == 0 {
		return nil
	}
	var strs []*ast.Str
	ast.Walk(root, func(n ast.Ast) bool {
		if s, ok := n.(*ast.Str); ok {
			strs = append(strs, s)
		}
		return true
	})
	for _, s := range strs {
		run := lv.runs[lv.nodeOff(s)]
		if run == nil || run.done {
			continue
		}
		run.done = true
		fs, err := lv.runParts(run)
		if err != nil {
			return err
		}
		s.S = ""
		lv.setOff(s, lv.toks[run.first].start)
		lv.p.file.FStrings[s] = fs
	}
	for _, run := range lv.runs {
		if !run.done {
			return lv.errAt(lv.toks[run.first].start, ir.Internal, "internal error: f-string not found in the syntax tree")
		}
	}
	return nil
}

// runParts computes the parts of a run of adjacent string literals.
func (lv *level) runParts(run *strRun) (*FString, *Error) {
	fs := &FString{}
	for k := run.first; k <= run.last; k++ {
		t := &lv.toks[k]
		if !t.isF() {
			lit, msg := decodeLiteral(lv.src[t.bodyStart():t.bodyEnd()], t.isRaw())
			if msg != "" {
				return nil, lv.errAt(t.start, ir.Syntax, msg)
			}
			fs.addLiteral(lit)
			continue
		}
		fp := &fparser{lv: lv, src: lv.src, raw: t.isRaw(), pos: t.bodyStart(), end: t.bodyEnd()}
		sub, err := fp.parse(0)
		if err != nil {
			return nil, err
		}
		for _, part := range sub.Parts {
			if part.Expr == nil {
				fs.addLiteral(part.Literal)
			} else {
				fs.Parts = append(fs.Parts, part)
			}
		}
	}
	return fs, nil
}

func (fs *FString) addLiteral(s string) {
	if s == "" {
		return
	}
	if n := len(fs.Parts); n > 0 && fs.Parts[n-1].Expr == nil {
		fs.Parts[n-1].Literal += s
		return
	}
	fs.Parts = append(fs.Parts, FStringPart{Literal: s})
}

// decodeLiteral decodes the body of a (non-f) string literal or a literal
// segment of an f-string the way gpython decodes plain strings.
func decodeLiteral(b []byte, raw bool) (string, string) {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	if raw {
		return string(b), ""
	}
	trailing := ""
	n := 0
	for n < len(b) && b[len(b)-1-n] == '\\' {
		n++
	}
	if n%2 == 1 {
		// A lone trailing backslash (possible in an f-string literal
		// segment, as in f"\{x}") stays as it is.
		b, trailing = b[:len(b)-1], `\`
	}
	out, err := parser.DecodeEscape(bytes.NewBuffer(append([]byte(nil), b...)), false)
	if err != nil {
		return "", "(unicode error) " + exceptionMessage(err)
	}
	return out.String() + trailing, ""
}

// fparser parses the body of an f-string, following CPython 3.11's
// fstring_find_literal and fstring_find_expr.
type fparser struct {
	lv       *level
	src      []byte
	raw      bool
	pos, end int // level offsets
}

// parse parses literals and replacement fields up to the end of the body
// or, in a format spec (recurse > 0), up to the closing '}'.
func (fp *fparser) parse(recurse int) (*FString, *Error) {
	fs := &FString{}
	for {
		lit, err := fp.literal(recurse)
		if err != nil {
			return nil, err
		}
		fs.addLiteral(lit)
		if fp.pos >= fp.end || fp.src[fp.pos] == '}' {
			return fs, nil
		}
		part, selfDoc, err := fp.field(recurse)
		if err != nil {
			return nil, err
		}
		fs.addLiteral(selfDoc)
		fs.Parts = append(fs.Parts, part)
	}
}

// literal scans literal text up to a '{' (or a '}' in a format spec).
func (fp *fparser) literal(recurse int) (string, *Error) {
	src := fp.src
	var raw []byte
	start, seg := fp.pos, fp.pos
	for fp.pos < fp.end {
		ch := src[fp.pos]
		fp.pos++
		if !fp.raw && ch == '\\' && fp.pos < fp.end {
			ch = src[fp.pos]
			fp.pos++
			if ch == 'N' {
				// \N{NAME}: these braces do not start a field.
				if fp.pos < fp.end && src[fp.pos] == '{' {
					for fp.pos < fp.end {
						c := src[fp.pos]
						fp.pos++
						if c == '}' {
							break
						}
					}
				}
				continue
			}
		}
		if ch == '{' || ch == '}' {
			if recurse == 0 {
				if fp.pos < fp.end && src[fp.pos] == ch {
					raw = append(raw, src[seg:fp.pos]...)
					fp.pos++
					seg = fp.pos
					continue
				}
				if ch == '}' {
					return "", fp.lv.fstringErrAt(fp.pos-1, "f-string: single '}' is not allowed")
				}
			}
			fp.pos--
			break
		}
	}
	raw = append(raw, src[seg:fp.pos]...)
	lit, msg := decodeLiteral(raw, fp.raw)
	if msg != "" {
		return "", fp.lv.fstringErrAt(start, "f-string: "+msg)
	}
	return lit, nil
}

func isPySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// field parses a replacement field starting at the '{' at fp.pos. It
// returns the part and, for a self-documenting field ({x=}), the literal
// text that precedes the value.
func (fp *fparser) field(recurse int) (FStringPart, string, *Error) {
	src := fp.src
	lv := fp.lv
	var part FStringPart
	open := fp.pos
	if recurse >= 2 {
		return part, "", lv.fstringErrAt(open, "f-string: expressions nested too deeply")
	}
	fp.pos++
	exprStart := fp.pos
	var stack []int
	var quote byte
	qlen, qstart := 0, 0
scan:
	for fp.pos < fp.end {
		ch := src[fp.pos]
		if ch == '\\' {
			return part, "", lv.fstringErrAt(fp.pos, "f-string expression part cannot include a backslash")
		}
		if quote != 0 {
			if ch == quote {
				if qlen == 1 {
					fp.pos++
					quote = 0
					continue
				}
				if fp.pos+2 < fp.end && src[fp.pos+1] == ch && src[fp.pos+2] == ch {
					fp.pos += 3
					quote = 0
					continue
				}
			}
			fp.pos++
			continue
		}
		switch ch {
		case '\'', '"':
			quote, qstart = ch, fp.pos
			if fp.pos+2 < fp.end && src[fp.pos+1] == ch && src[fp.pos+2] == ch {
				qlen = 3
				fp.pos += 3
			} else {
				qlen = 1
				fp.pos++
			}
			continue
		case '(', '[', '{':
			stack = append(stack, fp.pos)
			fp.pos++
			continue
		case '#':
			return part, "", lv.fstringErrAt(fp.pos, "f-string expression part cannot include '#'")
		}
		if len(stack) == 0 && strings.IndexByte("!:}=<>", ch) >= 0 {
			if fp.pos+1 < fp.end && src[fp.pos+1] == '=' && strings.IndexByte("!=<>", ch) >= 0 {
				fp.pos += 2
				continue
			}
			if ch == '<' || ch == '>' {
				fp.pos++
				continue
			}
			break scan
		}
		if ch == ')' || ch == ']' || ch == '}' {
			if len(stack) == 0 {
				return part, "", lv.fstringErrAt(fp.pos, fmt.Sprintf("f-string: unmatched '%c'", ch))
			}
			o := src[stack[len(stack)-1]]
			stack = stack[:len(stack)-1]
			if closer(o) != ch {
				return part, "", lv.fstringErrAt(fp.pos, fmt.Sprintf("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, o))
			}
		}
		fp.pos++
	}
	exprEnd := fp.pos
	switch {
	case quote != 0:
		return part, "", lv.fstringErrAt(qstart, "f-string: unterminated string")
	case len(stack) > 0:
		o := stack[len(stack)-1]
		return part, "", lv.fstringErrAt(o, fmt.Sprintf("f-string: unmatched '%c'", src[o]))
	case fp.pos >= fp.end:
		return part, "", lv.fstringErrAt(fp.pos, "f-string: expecting '}'")
	}
	blank := true
	for _, c := range src[exprStart:exprEnd] {
		blank = blank && isPySpace(c)
	}
	if blank {
		return part, "", lv.fstringErrAt(open, "f-string: empty expression not allowed")
	}
	// Parse the expression as "(" + text + ")": the parenthesis maps to the
	// '{' and the text to itself.
	wrapped := make([]byte, 0, exprEnd-exprStart+2)
	wrapped = append(append(append(wrapped, '('), src[exprStart:exprEnd]...), ')')
	res, err := lv.p.parseLevel(wrapped, lv.base+exprStart-1, false, true)
	if err != nil {
		return part, "", err
	}
	part.Expr = res.(ast.Expr)

	selfDoc := ""
	if src[fp.pos] == '=' {
		fp.pos++
		for fp.pos < fp.end && isPySpace(src[fp.pos]) {
			fp.pos++
		}
		selfDoc = strings.ReplaceAll(string(src[exprStart:fp.pos]), "\r\n", "\n")
	}
	if fp.pos >= fp.end {
		return part, "", lv.fstringErrAt(fp.pos, "f-string: expecting '}'")
	}
	if src[fp.pos] == '!' {
		fp.pos++
		if fp.pos >= fp.end {
			return part, "", lv.fstringErrAt(fp.pos, "f-string: expecting '}'")
		}
		part.Conversion = src[fp.pos]
		fp.pos++
		if c := part.Conversion; c != 's' && c != 'r' && c != 'a' {
			return part, "", lv.fstringErrAt(fp.pos-1, "f-string: invalid conversion character: expected 's', 'r', or 'a'")
		}
	}
	if fp.pos >= fp.end {
		return part, "", lv.fstringErrAt(fp.pos, "f-string: expecting '}'")
	}
	hasSpec := false
	if src[fp.pos] == ':' {
		hasSpec = true
		fp.pos++
		spec, err := fp.parse(recurse + 1)
		if err != nil {
			return part, "", err
		}
		if len(spec.Parts) > 0 {
			part.Spec = spec
		}
	}
	if fp.pos >= fp.end || src[fp.pos] != '}' {
		return part, "", lv.fstringErrAt(fp.pos, "f-string: expecting '}'")
	}
	fp.pos++
	if selfDoc != "" && part.Conversion == 0 && !hasSpec {
		part.Conversion = 'r'
	}
	return part, selfDoc, nil
}

// exceptionMessage returns the message of a gpython exception.
func exceptionMessage(err error) string {
	if e, ok := err.(*py.Exception); ok {
		if args, ok := e.Args.(py.Tuple); ok && len(args) > 0 {
			if s, ok := args[0].(py.String); ok {
				return string(s)
			}
		}
	}
	return err.Error()
}
