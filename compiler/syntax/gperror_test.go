package syntax

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"

	"github.com/go-python/gpython/py"
)

// TestGpythonFailureReading pins, against the real gpython parser, the
// facts convertError relies on instead of gpython's message text: how a
// failed parse ends (aborted at a token, completed with an action error,
// or crashed in an action) for each kind of error its grammar raises, and
// that gpython says "unexpected EOF while parsing" exactly when the
// offending token is the end of an input whose last line has no line
// feed. This test alone reads gpython's messages, so that a gpython
// upgrade that changes any of this fails here instead of silently
// changing a diagnostic.
func TestGpythonFailureReading(t *testing.T) {
	for _, tt := range []struct {
		src     string
		outcome gpyOutcome
		gpyMsg  string // gpython v0.2.0's own text
		earlier bool   // the text is an earlier action error's, not the abort's
	}{
		{"x = (1 2)\n", gpyAborted, "invalid syntax", false},
		{"if x\n", gpyAborted, "invalid syntax", false},
		{"if x", gpyAborted, "unexpected EOF while parsing", false},
		{"x = 1\n\n\ndef", gpyAborted, "unexpected EOF while parsing", false},
		{"x = 1\n\n\ndef\n", gpyAborted, "invalid syntax", false},
		{"x = 1\n\n\ndef # c", gpyAborted, "unexpected EOF while parsing", false},
		{"x = 1\n\n\ndef # c\n", gpyAborted, "invalid syntax", false},
		{"d = {**a}\n", gpyAborted, "invalid syntax", false},
		{"x = a @ b\n", gpyAborted, "invalid syntax", false},
		{"def f(a, /, b): pass\n", gpyAborted, "invalid syntax", false},
		{"x = 1 = 2\ny = (1 2)\n", gpyAborted, "can't assign to literal", true},
		{"x = 1 = 2\ny = 3\n", gpyCompleted, "can't assign to literal", false},
		{"f() += 1\n", gpyCompleted, "can't assign to function call", false},
		{"del f()\n", gpyCompleted, "can't delete function call", false},
		{"for 1 in x: pass\n", gpyCompleted, "can't assign to literal", false},
		{"with a as 1: pass\n", gpyCompleted, "can't assign to literal", false},
		{"[a for 1 in b]\n", gpyCompleted, "can't assign to literal", false},
		{"f(*a, b)\n", gpyCompleted, "only named arguments may follow *expression", false},
		{"f(a + 1=2)\n", gpyCompleted, "keyword can't be an expression", false},
		{"x = 'a' b'b'\n", gpyCompleted, "cannot mix string and nonstring literals", false},
		{"x = 1 <> 2\n", gpyCompleted, "invalid syntax", false},
		{"(a, 1) = 2\n", gpyCrashed, "interface conversion: *ast.Num is not ast.SetCtxer: missing method SetCtx", false},
	} {
		text := []byte(tt.src)
		mod, err := gpythonParse(text, true)
		f, ok := readGpythonFailure(text, mod, err)
		if !ok {
			t.Errorf("%q: gpython gave %v, not a failure", tt.src, err)
			continue
		}
		if f.outcome != tt.outcome {
			t.Errorf("%q: outcome %v, want %v", tt.src, f.outcome, tt.outcome)
		}
		var gpyMsg string
		if e, ok := err.(*py.Exception); ok {
			if args, ok := e.Args.(py.Tuple); ok && len(args) > 0 {
				s, _ := args[0].(py.String)
				gpyMsg = string(s)
			}
		}
		if gpyMsg != tt.gpyMsg {
			t.Errorf("%q: gpython says %q, pinned %q", tt.src, gpyMsg, tt.gpyMsg)
		}
		if f.outcome != gpyAborted || tt.earlier {
			continue
		}
		// The end-of-input rule convertError applies instead of
		// reading "unexpected EOF while parsing".
		p := &parseState{file: &File{}, root: text, lineStarts: lineStarts(text)}
		toks, _, serr := scan(text, true)
		if serr != nil {
			t.Fatalf("%q: %v", tt.src, serr.msg)
		}
		lv := &level{p: p, src: text, text: text, exec: true, toks: toks, tokAt: map[int]int{}, lineStarts: lineStarts(text)}
		for i, tk := range toks {
			if tk.kind != tokNewline && tk.kind != tokEOF {
				lv.tokAt[tk.start] = i
			}
		}
		off, tok := lv.refineErrorOffset(f.off)
		atEnd := lv.offendsAtEnd(off, tok)
		if atEnd != (gpyMsg == "unexpected EOF while parsing") {
			t.Errorf("%q: end of input %v, gpython says %q", tt.src, atEnd, gpyMsg)
		}
	}
}

// TestNonGpythonFailureIsInternal: an error that is no gpython exception
// (a panic that escaped gpython, caught by gpythonParse) is an internal
// failure, not a syntax error of the plan.
func TestNonGpythonFailureIsInternal(t *testing.T) {
	text := []byte("x = 1\n")
	p := &parseState{file: &File{Name: "f.py"}, root: text, lineStarts: lineStarts(text)}
	lv := &level{p: p, src: text, text: text, exec: true, lineStarts: lineStarts(text)}
	e, _ := lv.convertError(nil, errors.New("gpython panicked: boom"))
	if e.Code != ir.Internal {
		t.Errorf("%v: code %v, want Internal", e, e.Code)
	}
}
