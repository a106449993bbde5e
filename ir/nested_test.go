package ir

import (
	"strings"
	"testing"
)

// nestedSample is sample() with a helper nested in main that reads main's
// local body and assigns its own local.
func nestedSample() (*Program, *Func) {
	p := sample()
	main := p.Target
	body := main.Locals[1]
	x := &Local{Name: "x", Type: Str, Index: 0}
	helper := &Func{Pos: Pos{File: "plan.py", Line: 6, Col: 5}, Name: "helper", Outer: main, Result: Str, Locals: []*Local{x},
		Body: []Stmt{
			&Assign{Dest: x, Value: &LocalRef{Local: body}},
			&Return{Value: &LocalRef{Local: x}},
		}}
	main.Body = append(main.Body, &ExprStmt{X: &Call{Func: helper}})
	p.Funcs = append(p.Funcs, helper)
	return p, helper
}

func TestVerifyNested(t *testing.T) {
	p, helper := nestedSample()
	if err := Verify(p); err != nil {
		t.Fatal(err)
	}
	// An enclosing function's local may also be assigned.
	helper.Body = append([]Stmt{&Assign{Dest: p.Target.Locals[1], Value: &Const{T: Str, Value: "x"}}}, helper.Body...)
	if err := Verify(p); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := Fprint(&sb, p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "func helper() str in main  # plan.py:6:5") {
		t.Errorf("printer does not show the nesting:\n%s", sb.String())
	}
}

func TestVerifyNestedRejects(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(p *Program, helper *Func)
		want   string
	}{
		{"top-level function reads a nested function's local", func(p *Program, helper *Func) {
			p.Target.Body = append(p.Target.Body, &ExprStmt{X: &LocalRef{Local: helper.Locals[0]}})
		}, "local x is not in scope"},
		{"nested function reads a sibling's local", func(p *Program, helper *Func) {
			y := &Local{Name: "y", Type: Str}
			sib := &Func{Name: "sib", Outer: p.Target, Result: None, Locals: []*Local{y}, Body: []Stmt{&ExprStmt{X: &LocalRef{Local: helper.Locals[0]}}}}
			p.Funcs = append(p.Funcs, sib)
		}, "local x is not in scope"},
		{"call from outside the enclosing function", func(p *Program, helper *Func) {
			other := &Func{Name: "other", Result: None, Body: []Stmt{&ExprStmt{X: &Call{Func: helper}}}}
			p.Funcs = append(p.Funcs, other)
		}, "call of helper outside main, where it is defined"},
		{"enclosing function not in the program", func(p *Program, helper *Func) {
			helper.Outer = &Func{Name: "ghost", Result: None}
		}, "function helper is nested in ghost, which is not an enclosing function of the program"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, helper := nestedSample()
			tt.break_(p, helper)
			err := Verify(p)
			wantViolation(t, err, tt.want)
		})
	}
}
