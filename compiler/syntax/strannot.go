package syntax

import (
	"bytes"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/ir"
)

// StringAnnotation parses the type a string annotation holds (def
// tag(user: "UserRow"), list["UserRow"]), as typing reads it: layers and
// plans written with forward references or under from __future__ import
// annotations quote their types. Only a plain one-line literal whose text
// is the expression itself is read (no prefix, escape, triple quote or
// concatenation), so every node of the result keeps its position in the
// file and an error inside points into the string. ok is false for any
// other literal (the caller refuses it); err is a syntax error inside.
func (f *File) StringAnnotation(s *ast.Str) (e ast.Expr, err *Error, ok bool) {
	if _, isF := f.FStrings[s]; isF || len(s.S) == 0 {
		return nil, nil, false
	}
	text := bytes.TrimPrefix(f.Source, utf8BOM)
	p := &parseState{file: f, root: text, lineStarts: lineStarts(text)}
	line, col := s.GetLineno(), s.GetColOffset()
	if line < 1 || line > len(p.lineStarts) {
		return nil, nil, false
	}
	off := p.lineStarts[line-1] + col
	end := off + 1 + len(s.S)
	if end >= len(text) {
		return nil, nil, false
	}
	q := text[off]
	content := text[off+1 : end]
	if q != '\'' && q != '"' || text[end] != q || string(content) != string(s.S) ||
		bytes.ContainsAny(content, "\\\n\r") || bytes.IndexByte(content, q) >= 0 {
		return nil, nil, false
	}
	// Parse "(" + text + ")": the parenthesis maps to the opening quote
	// and the text to itself, as an f-string's replacement field does.
	wrapped := append(append([]byte{'('}, content...), ')')
	res, perr := p.parseLevel(wrapped, off, false, false)
	if perr != nil {
		return nil, perr, true
	}
	x, isExpr := res.(ast.Expr)
	if !isExpr {
		return nil, p.errAt(off, ir.Syntax, "invalid syntax"), true
	}
	return x, nil, true
}
