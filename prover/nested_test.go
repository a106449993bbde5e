package prover

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestNestedCall inlines a call of a nested function, which reads the
// enclosing function's local at call time (late binding):
//
//	def main() -> None:
//	    to = "bob@example.com"
//	    def notify() -> None:
//	        send_email(to, "hi")
//	    notify()
//	    to = <second>
//	    notify()
func TestNestedCall(t *testing.T) {
	for _, tt := range []struct {
		second string
		proved bool
		want   string
	}{
		{"bob@example.com", true, "✓ main: proved"},
		{"ann@example.com", false, `addr = "ann@example.com"`},
	} {
		e := sendEmail()
		to := &ir.Local{Name: "to", Type: ir.Str}
		main := &ir.Func{Name: "main", Result: ir.None, Locals: []*ir.Local{to}}
		notify := &ir.Func{Name: "notify", Outer: main, Result: ir.None, Body: []ir.Stmt{call(e, 9, ref(to), str("hi"))}}
		main.Body = []ir.Stmt{
			&ir.Assign{Dest: to, Value: str("bob@example.com")},
			&ir.ExprStmt{X: &ir.Call{Func: notify}},
			&ir.Assign{Dest: to, Value: str(tt.second)},
			&ir.ExprStmt{X: &ir.Call{Func: notify}},
		}
		p := program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "emails.only(['bob@example.com'])", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}})
		p.Funcs = append(p.Funcs, notify)
		res := prove(t, p)
		if out := report(res); res.Proved() != tt.proved || !strings.Contains(out, tt.want) {
			t.Errorf("second %s: proved=%v, want %v and %q:\n%s", tt.second, res.Proved(), tt.proved, tt.want, out)
		}
	}
}

// TestNestedAssignsEnclosing: a nested function that assigns a local of
// its enclosing function (the IR allows it) under a branch changes it only
// on that branch.
func TestNestedAssignsEnclosing(t *testing.T) {
	e := sendEmail()
	flag := &ir.Local{Name: "flag", Type: ir.Bool}
	to := &ir.Local{Name: "to", Type: ir.Str}
	main := &ir.Func{Name: "main", Result: ir.None, Params: []*ir.Local{flag}, Locals: []*ir.Local{flag, to}}
	set := &ir.Func{Name: "set", Outer: main, Result: ir.None, Body: []ir.Stmt{
		&ir.If{Cond: ref(flag), Then: []ir.Stmt{&ir.Assign{Dest: to, Value: str("ann@example.com")}}},
	}}
	main.Body = []ir.Stmt{
		&ir.Assign{Dest: to, Value: str("bob@example.com")},
		&ir.ExprStmt{X: &ir.Call{Func: set}},
		call(e, 12, ref(to), str("hi")),
	}
	p := program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "only bob", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}})
	p.Funcs = append(p.Funcs, set)
	res := prove(t, p)
	if out := report(res); res.Proved() || !strings.Contains(out, "flag = True") || !strings.Contains(out, `addr = "ann@example.com"`) {
		t.Errorf("want a counterexample with flag = True:\n%s", out)
	}
}
