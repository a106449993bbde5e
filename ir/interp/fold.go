package interp

import (
	"context"
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// Fold evaluates the builtin call e, whose arguments must be constant
// expressions (ir.Const, and list or tuple displays of them), exactly as
// Run would: the prover folds a builtin it cannot encode for symbolic
// arguments (str.lower, str.split, chr, ...) when its arguments are
// constants, so both engines share one implementation of CPython's
// semantics. A Python exception the call raises is returned as an
// *Exception.
func Fold(e *ir.Builtin) (Value, error) {
	if e.Key != nil {
		return nil, fmt.Errorf("%s: %s with key= is not folded", e.Pos, e.Name)
	}
	for _, a := range e.Args {
		if !constant(a) {
			return nil, fmt.Errorf("%s: argument of %s is not a constant", e.Pos, e.Name)
		}
	}
	ctx := context.Background()
	in := &interp{ctx: ctx, done: ctx.Done()}
	return in.builtin(&frame{}, e)
}

// constant reports whether a evaluates without a frame.
func constant(a ir.Expr) bool {
	switch a := a.(type) {
	case *ir.Const:
		return true
	case *ir.ListLit:
		for _, x := range a.Elems {
			if !constant(x) {
				return false
			}
		}
		return true
	case *ir.TupleLit:
		for _, x := range a.Elems {
			if !constant(x) {
				return false
			}
		}
		return true
	}
	return false
}
