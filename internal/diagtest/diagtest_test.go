package diagtest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// recorder is a testing.TB that keeps what Want reports.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func TestWant(t *testing.T) {
	unsupported := &ir.Error{Code: ir.Unsupported, Msg: "while loop is not supported"}
	cases := []struct {
		name string
		err  error
		code ir.Code
		want string
		fail bool
	}{
		{"the code and words", unsupported, ir.Unsupported, "while loop", false},
		{"among several", errors.Join(&ir.Error{Code: ir.Syntax, Msg: "invalid syntax"}, unsupported), ir.Unsupported, "while loop", false},
		// The code picks the diagnostic, not the words: the words of an
		// earlier diagnostic under another code do not stand in for it.
		{"the words under two codes", errors.Join(&ir.Error{Code: ir.Syntax, Msg: "while loop without a colon"}, unsupported), ir.Unsupported, "while loop", false},
		{"the code without the words", errors.Join(&ir.Error{Code: ir.Syntax, Msg: "while loop without a colon"}, unsupported), ir.Syntax, "is not supported", true},
		{"the words under another code", unsupported, ir.Syntax, "while loop", true},
		{"no such diagnostic", unsupported, ir.Unsupported, "for loop", true},
		{"no error", nil, ir.Unsupported, "while loop", true},
		{"not a diagnostic", errors.New("while loop is not supported"), ir.Unsupported, "while loop", true},
	}
	for _, c := range cases {
		r := &recorder{TB: t}
		Want(r, c.err, c.code, c.want)
		if failed := len(r.failures) > 0; failed != c.fail {
			t.Errorf("%s: failed %v, want %v (%v)", c.name, failed, c.fail, r.failures)
		}
	}
}

func TestLocated(t *testing.T) {
	at := ir.Pos{File: "plan.py", Line: 3, Col: 5}
	cases := []struct {
		name string
		d    *ir.Error
		want bool
	}{
		{"located", &ir.Error{Pos: at, Code: ir.Syntax, Msg: "invalid syntax"}, true},
		{"no position", &ir.Error{Code: ir.Syntax, Msg: "invalid syntax"}, false},
		{"no file", &ir.Error{Pos: ir.Pos{Line: 3, Col: 5}, Code: ir.Syntax, Msg: "invalid syntax"}, false},
		{"no column", &ir.Error{Pos: ir.Pos{File: "plan.py", Line: 3}, Code: ir.Syntax, Msg: "invalid syntax"}, false},
		{"no message", &ir.Error{Pos: at, Code: ir.Syntax}, false},
		{"two lines", &ir.Error{Pos: at, Code: ir.Syntax, Msg: "invalid\nsyntax"}, false},
	}
	for _, c := range cases {
		if got := Located(c.d); got != c.want {
			t.Errorf("%s: Located = %v, want %v", c.name, got, c.want)
		}
	}
}
