package prover

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestStaticEffectCalls(t *testing.T) {
	send := sendEmail()
	helper := &ir.Func{Name: "notify", Result: ir.None, Body: []ir.Stmt{call(send, 3, str("a@x"), str("m"))}}
	keyHelper := &ir.Func{Name: "rank", Result: ir.Int, Body: []ir.Stmt{call(send, 4, str("b@x"), str("m")), &ir.Return{Value: num(1)}}}
	xs := &ir.ListLit{T: &ir.List{Elem: ir.Int}, Elems: []ir.Expr{num(1)}}
	tests := []struct {
		name  string
		body  []ir.Stmt
		calls []int // lines of the effect calls found
	}{
		{"direct", []ir.Stmt{call(send, 7, str("a@x"), str("m"))}, []int{7}},
		{"dead branch", []ir.Stmt{&ir.If{Cond: &ir.Const{T: ir.Bool, Value: false}, Then: []ir.Stmt{call(send, 8, str("a@x"), str("m"))}}}, []int{8}},
		{"helper twice", []ir.Stmt{
			&ir.ExprStmt{X: &ir.Call{Func: helper}}, &ir.ExprStmt{X: &ir.Call{Func: helper}}}, []int{3}},
		{"sorted key", []ir.Stmt{&ir.ExprStmt{X: &ir.Builtin{Name: "sorted", Args: []ir.Expr{xs}, T: xs.T,
			Key: &ir.Lambda{Body: &ir.Call{Func: keyHelper}}}}}, []int{4}},
		{"loop body and else", []ir.Stmt{&ir.For{Iter: xs, Body: []ir.Stmt{&ir.If{Cond: &ir.Const{T: ir.Bool, Value: true},
			Else: []ir.Stmt{call(send, 9, str("a@x"), str("m"))}}}}}, []int{9}},
	}
	for _, tt := range tests {
		main := &ir.Func{Name: "main", Result: ir.None, Body: tt.body}
		calls, err := staticEffectCalls(&ir.Program{Target: main, Funcs: []*ir.Func{main, helper, keyHelper}})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var lines []int
		for _, c := range calls {
			lines = append(lines, c.Pos.Line)
		}
		if len(lines) != len(tt.calls) {
			t.Errorf("%s: calls at lines %v, want %v", tt.name, lines, tt.calls)
			continue
		}
		for i := range lines {
			if lines[i] != tt.calls[i] {
				t.Errorf("%s: calls at lines %v, want %v", tt.name, lines, tt.calls)
			}
		}
	}
}
