package diag

import (
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
	l.Add(ir.Pos{File: "b.py", Line: 1, Col: 1}, "third")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 5}, "second")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 1}, "first\nline")
	l.Add(ir.Pos{File: "a.py", Line: 2, Col: 5}, "second")
	got := l.Err().Error()
	want := "a.py:2:1: first\\nline\na.py:2:5: second\nb.py:1:1: third"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	var many List
	for i := 0; i < 15; i++ {
		many.Add(ir.Pos{File: "p.py", Line: 15 - i, Col: 1}, "e%d", i)
	}
	lines := strings.Split(many.Err().Error(), "\n")
	if len(lines) != MaxErrors+1 || lines[0] != "p.py:1:1: e14" || lines[MaxErrors] != fmt.Sprintf("p.py:11:1: too many errors (%d more)", 15-MaxErrors) {
		t.Errorf("capped list:\n%s", strings.Join(lines, "\n"))
	}
}
