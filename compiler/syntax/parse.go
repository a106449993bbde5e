package syntax

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/parser"
	"github.com/go-python/gpython/py"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Parse parses a Python source file. The returned error, if any, is an *Error.
func Parse(filename string, src []byte) (*File, error) {
	f := &File{
		Name:       filename,
		Source:     src,
		AnnAssigns: map[ast.Stmt]*AnnAssign{},
		FStrings:   map[*ast.Str]*FString{},
	}
	text := bytes.TrimPrefix(src, utf8BOM)
	p := &parseState{file: f, root: text, lineStarts: lineStarts(text)}
	for _, l := range strings.Split(string(text), "\n") {
		f.lines = append(f.lines, newSourceLine(strings.TrimSuffix(l, "\r")))
	}
	if i := firstInvalid(text); i >= 0 {
		msg := "invalid UTF-8 in source"
		if text[i] == 0 {
			msg = "source code cannot contain null bytes"
		}
		return nil, p.errAt(i, ir.Syntax, msg)
	}
	if i, msg := checkCoding(text); i >= 0 {
		return nil, p.errAt(i, ir.Unsupported, msg)
	}
	res, err := p.parseLevel(text, 0, true, false)
	if err != nil {
		return nil, err
	}
	f.Module = res.(*ast.Module)
	return f, nil
}

// firstInvalid returns the offset of the first invalid UTF-8 sequence or NUL
// byte, or -1.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] == 0 {
			return i
		}
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

func lineStarts(b []byte) []int {
	starts := []int{0}
	for i, c := range b {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// parseState is the state of one Parse call.
type parseState struct {
	file       *File
	root       []byte // the BOM-less source
	lineStarts []int  // of root
}

// lineCol converts an offset of the root text into a 1-based line and a
// 0-based byte column, gpython's convention.
func (p *parseState) lineCol(off int) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > len(p.root) {
		off = len(p.root)
	}
	l := sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > off })
	return l, off - p.lineStarts[l-1]
}

// errAt returns an error at an offset of the root text.
func (p *parseState) errAt(off int, code ir.Code, msg string) *Error {
	l, c := p.lineCol(off)
	pos := p.file.position(l, c)
	return &Error{Pos: ir.Pos{File: pos.File, Line: pos.Line, Col: pos.Col}, Code: code, Msg: msg}
}

// A level is one gpython parse: the whole file (exec mode), or the
// parenthesized expression of an f-string replacement field (eval mode).
// Every level's source is a contiguous slice of the root text, so a level
// offset maps to a root offset by adding base.
type level struct {
	p          *parseState
	src        []byte // the level's source
	text       []byte // src after the position-preserving rewrites
	base       int    // root offset of src[0]
	exec       bool
	inFString  bool // errors are prefixed with "f-string: "
	toks       []token
	tokAt      map[int]int // token start offset -> token index
	stmtStarts []int       // indices of statement-start tokens
	lineStarts []int

	runs map[int]*strRun  // f-string runs, by the offset gpython gives their Str
	anns map[int]*annInfo // annotated assignments, by statement offset

	soft     *srcError // first soft error (see softError)
	softStmt int       // offset of the statement holding it
}

// strRun is a run of implicitly concatenated string literals with at least
// one f-string among them.
type strRun struct {
	first, last int // token indices
	done        bool
}

type annInfo struct {
	tok      int // index of the target token
	hasValue bool
	valueTup bool // the value is an unparenthesized tuple
	done     bool
}

// parseLevel parses src (exec: a file; else an expression wrapped in
// parentheses) whose first byte is at root offset base. The nodes of the
// result carry root positions.
func (p *parseState) parseLevel(src []byte, base int, exec, inFString bool) (ast.Ast, *Error) {
	lv := &level{
		p: p, src: src, base: base, exec: exec, inFString: inFString,
		lineStarts: lineStarts(src),
		runs:       map[int]*strRun{},
		anns:       map[int]*annInfo{},
		tokAt:      map[int]int{},
	}
	toks, soft, serr := scan(src, exec)
	if serr != nil {
		if soft != nil && soft.off < serr.off {
			serr = soft
		}
		return nil, lv.errAt(serr.off, serr.code, serr.msg)
	}
	if soft != nil {
		lv.soft, lv.softStmt = soft, soft.off
	}
	lv.toks = toks
	for i := range toks {
		t := &toks[i]
		if t.kind == tokNewline || t.kind == tokEOF {
			continue
		}
		lv.tokAt[t.start] = i
	}
	lv.text = append([]byte(nil), src...)
	lv.rewrite()
	mod, err := gpythonParse(lv.text, exec)
	if err != nil {
		gerr, goff := lv.convertError(mod, err)
		if lv.soft != nil && goff >= lv.softStmt {
			return nil, lv.errAt(lv.soft.off, lv.soft.code, lv.soft.msg)
		}
		return nil, gerr
	}
	if lv.soft != nil {
		return nil, lv.errAt(lv.soft.off, lv.soft.code, lv.soft.msg)
	}
	var res ast.Ast = mod
	if !exec {
		e, ok := mod.(*ast.Expression)
		if !ok || e.Body == nil {
			return nil, lv.errAt(0, ir.Syntax, "invalid syntax")
		}
		res = e.Body
	}
	lv.fixPositions(res)
	if err := lv.resolveFStrings(res); err != nil {
		return nil, err
	}
	if exec {
		if err := lv.resolveAnnotations(res.(*ast.Module)); err != nil {
			return nil, err
		}
	}
	if base != 0 || !exec {
		lv.shift(res)
	}
	return res, nil
}

func gpythonParse(text []byte, exec bool) (mod ast.Mod, err error) {
	defer func() {
		if r := recover(); r != nil {
			mod, err = nil, fmt.Errorf("gpython panicked: %v", r)
		}
	}()
	mode := py.ExecMode
	if !exec {
		mode = py.EvalMode
	}
	return parser.Parse(bytes.NewReader(text), "<syntax>", mode)
}

// off converts a gpython (1-based line, 0-based byte column) position of
// the level into a level offset.
func (lv *level) off(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(lv.lineStarts) {
		return len(lv.src)
	}
	start := lv.lineStarts[line-1]
	end := len(lv.src)
	if line < len(lv.lineStarts) {
		end = lv.lineStarts[line] - 1
	}
	o := start + col
	if o > end {
		o = end
	}
	if o < start {
		o = start
	}
	return o
}

func (lv *level) nodeOff(n ast.Ast) int { return lv.off(n.GetLineno(), n.GetColOffset()) }

// lineCol converts a level offset into a level (line, byte column).
func (lv *level) lineCol(off int) (int, int) {
	l := sort.Search(len(lv.lineStarts), func(i int) bool { return lv.lineStarts[i] > off })
	if l == 0 {
		l = 1
	}
	return l, off - lv.lineStarts[l-1]
}

func (lv *level) setOff(n ast.Ast, off int) {
	l, c := lv.lineCol(off)
	setPos(n, l, c)
}

// errAt returns an error at a level offset. In a replacement field of an
// f-string the message says so.
func (lv *level) errAt(off int, code ir.Code, msg string) *Error {
	if lv.inFString {
		msg = "f-string: " + msg
	}
	return lv.p.errAt(lv.base+off, code, msg)
}

// fstringErrAt returns an error of the f-string parser at a level offset:
// its message names the f-string already, so it is never prefixed again.
func (lv *level) fstringErrAt(off int, msg string) *Error {
	return lv.p.errAt(lv.base+off, ir.Syntax, msg)
}

func (lv *level) isOp(i int, op string) bool {
	if i < 0 || i >= len(lv.toks) {
		return false
	}
	t := &lv.toks[i]
	return t.kind == tokOp && string(lv.src[t.start:t.end]) == op
}

func (lv *level) isName(i int, name string) bool {
	if i < 0 || i >= len(lv.toks) {
		return false
	}
	t := &lv.toks[i]
	return t.kind == tokName && string(lv.src[t.start:t.end]) == name
}

func (lv *level) word(i int) string {
	t := &lv.toks[i]
	if t.kind != tokName {
		return ""
	}
	return string(lv.src[t.start:t.end])
}

// setPos sets the position of any gpython node.
func setPos(n ast.Ast, line, col int) {
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	f := v.Elem().FieldByName("Pos")
	if f.IsValid() && f.CanSet() && f.Type() == reflect.TypeOf(ast.Pos{}) {
		f.Set(reflect.ValueOf(ast.Pos{Lineno: line, ColOffset: col}))
	}
}

// shift converts the positions of the level's nodes to root positions.
func (lv *level) shift(root ast.Ast) {
	seen := map[ast.Ast]bool{}
	ast.Walk(root, func(n ast.Ast) bool {
		if seen[n] {
			return false
		}
		seen[n] = true
		if n.GetLineno() > 0 {
			l, c := lv.p.lineCol(lv.base + lv.nodeOff(n))
			setPos(n, l, c)
		}
		return true
	})
}

// afterDoubleStar reports whether a ** argument precedes token i in the
// same brackets (f(**a, b=1) is Python 3.5+).
func (lv *level) afterDoubleStar(i int) bool {
	d := lv.toks[i].depth
	for j := i - 1; j >= 0 && lv.toks[j].depth >= d; j-- {
		if lv.toks[j].depth == d && lv.isOp(j, "**") {
			return true
		}
	}
	return false
}

func offIn(starts []int, n, line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(starts) {
		return n
	}
	o := starts[line-1] + col
	if o > n {
		o = n
	}
	return o
}

// refineErrorOffset turns gpython's error offset, which is the END of the
// offending token (or the start of a NEWLINE), into the start of the
// offending token. It returns the offset and the token index (-1 if the
// offending token is a NEWLINE or the end of input).
func (lv *level) refineErrorOffset(off int) (int, int) {
	k := -1
	for i := range lv.toks {
		t := &lv.toks[i]
		if t.end == off && t.kind != tokNewline && t.kind != tokEOF {
			k = i
			break
		}
	}
	if k < 0 {
		if i, ok := lv.tokAt[off]; ok {
			return off, i
		}
		return off, -1
	}
	if off >= len(lv.text) || lv.text[off] == '\n' || lv.text[off] == '\r' || lv.text[off] == '#' {
		// Either the token before off or the NEWLINE at off is the culprit:
		// gpython reports the same offset for both. Insert a space at off
		// and parse again: a NEWLINE error moves, a token error does not.
		text2 := make([]byte, 0, len(lv.text)+1)
		text2 = append(append(append(text2, lv.text[:off]...), ' '), lv.text[off:]...)
		if _, err := gpythonParse(text2, lv.exec); err != nil {
			if f, ok := readGpythonFailure(text2, nil, err); ok && f.off != off {
				return off, -1
			}
		}
	}
	return lv.toks[k].start, k
}
