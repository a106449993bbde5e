package prover

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestLengthBound checks that only the literal shapes of a length bound
// count: anything else leaves the result unbounded (and loops over it
// refused), never bounded by a guess.
func TestLengthBound(t *testing.T) {
	result := &ir.Local{Name: "result", Type: &ir.List{Elem: ir.Str}}
	length := &ir.Builtin{Name: "len", Args: []ir.Expr{ref(result)}, T: ir.Int}
	other := &ir.Local{Name: "other", Type: &ir.List{Elem: ir.Str}}
	cmp := func(op ir.CmpOp, a, b ir.Expr) ir.Expr {
		return &ir.Compare{Ops: []ir.CmpOp{op}, Operands: []ir.Expr{a, b}}
	}
	tests := []struct {
		name  string
		body  ir.Expr
		bound int
		ok    bool
	}{
		{"len <= 10", cmp(ir.LtE, length, num(10)), 10, true},
		{"len < 10", cmp(ir.Lt, length, num(10)), 9, true},
		{"10 >= len", cmp(ir.GtE, num(10), length), 10, true},
		{"10 > len", cmp(ir.Gt, num(10), length), 9, true},
		{"len == 3", cmp(ir.Eq, length, num(3)), 3, true},
		{"conjunction", &ir.BoolOp{Op: ir.And, X: cmp(ir.GtE, length, num(1)), Y: cmp(ir.LtE, length, num(5)), T: ir.Bool}, 5, true},
		{"negative bound is empty", cmp(ir.LtE, length, num(-4)), 0, true},
		{"lower bound only", cmp(ir.GtE, length, num(1)), 0, false},
		{"disjunction", &ir.BoolOp{Op: ir.Or, X: cmp(ir.LtE, length, num(1)), Y: cmp(ir.LtE, length, num(5)), T: ir.Bool}, 0, false},
		{"another list", cmp(ir.LtE, &ir.Builtin{Name: "len", Args: []ir.Expr{ref(other)}, T: ir.Int}, num(10)), 0, false},
		{"not a constant", cmp(ir.LtE, length, &ir.BinOp{Op: ir.Add, X: num(1), Y: num(2), T: ir.Int}), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &ir.Effect{Name: "query", Result: result.Type, Ensures: []*ir.Condition{{Pred: &ir.Lambda{Params: []*ir.Local{result}, Body: tt.body}}}}
			bound, ok := lengthBound(e)
			if ok != tt.ok || (ok && bound != tt.bound) {
				t.Errorf("lengthBound = %d, %v; want %d, %v", bound, ok, tt.bound, tt.ok)
			}
		})
	}
}
