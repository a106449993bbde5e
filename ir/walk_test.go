package ir_test

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestInspectEntersKeyLambdas: the body of a key= lambda reads locals
// (Python closures read enclosing variables), so a walk that skipped it
// would miss reads: the prover's read analysis would leave a loop
// variable unbound after the loop, a promotion check would miss a use.
func TestInspectEntersKeyLambdas(t *testing.T) {
	n := &ir.Local{Name: "n", Type: ir.Int}
	v := &ir.Local{Name: "v", Type: ir.Int}
	read := &ir.LocalRef{Local: n}
	call := &ir.Builtin{
		Name: "max",
		Args: []ir.Expr{&ir.LocalRef{Local: v}},
		Key:  &ir.Lambda{Params: []*ir.Local{v}, Body: &ir.BinOp{Op: ir.Mul, X: &ir.LocalRef{Local: v}, Y: read}},
	}
	found := false
	ir.Inspect(call, func(e ir.Expr) bool {
		if e == read {
			found = true
		}
		return true
	})
	if !found {
		t.Error("Inspect did not visit a read inside the key lambda of max")
	}
}
