package diag

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("empty list is an error")
	}
	l.Add(ir.Pos{File: "b.py", Line: 1, Col: 1}, ir.Syntax, "third")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 5}, ir.Unsupported, "second")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 1}, ir.TypeMismatch, "first\nline")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 5}, ir.Unsupported, "second")
	got := l.Err().Error()
	want := "a.py:2:1: first\\nline\na.py:2:5: second\nb.py:1:1: third"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	var many List
	for i := 0; i < 15; i++ {
		many.Add(ir.Pos{File: "p.py", Line: 15 - i, Col: 1}, ir.Unsupported, "e%d", i)
	}
	lines := strings.Split(many.Err().Error(), "\n")
	if len(lines) != MaxErrors+1 || lines[0] != "p.py:1:1: e14" || lines[MaxErrors] != fmt.Sprintf("p.py:11:1: too many errors (%d more)", 15-MaxErrors) {
		t.Errorf("capped list:\n%s", strings.Join(lines, "\n"))
	}
}

// TestCodesSurviveTheList checks that a caller deciding on codes sees
// every error's code through the List, including the errors its text
// leaves out past MaxErrors.
func TestCodesSurviveTheList(t *testing.T) {
	var many List
	for i := 0; i < 15; i++ {
		code := ir.Unsupported
		if i == 0 {
			code = ir.TypeMismatch // the last by position, past the cut
		}
		many.Add(ir.Pos{File: "p.py", Line: 15 - i, Col: 1}, code, "e%d", i)
	}
	err := fmt.Errorf("compile: %w", many.Err())
	ds := ir.Diagnostics(err)
	if len(ds) != 15 || ds[14].Code != ir.TypeMismatch || ds[0].Code != ir.Unsupported {
		t.Fatalf("diagnostics %v", ds)
	}
	var first *Error
	if !errors.As(err, &first) || first.Msg != "e14" {
		t.Errorf("errors.As found %v", first)
	}
}
