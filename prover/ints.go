package prover

import (
	"fmt"
	"math"
	"math/big"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Ints are int64 in every engine (ir/doc.go): an operation whose exact
// result does not fit raises OverflowError there, which cuts the trace
// short like a ZeroDivisionError. The prover computes the exact result
// (unbounded Z3 ints) and raises unless it fits, so every trace an
// overflow stops is among those it considers.

// inInt64 is MinInt64 <= t <= MaxInt64.
func (x *executor) inInt64(t z3.Term) z3.Term {
	c := x.ctx
	return c.And(c.Le(c.Int(math.MinInt64), t), c.Le(t, c.Int(math.MaxInt64)))
}

// assumeInt64 records that a value the plan receives (an input, an
// effect's result, a row's column) is an int64: every engine decodes it
// into one, and refuses one that does not fit before the plan sees it.
func (x *executor) assumeInt64(t z3.Term) {
	x.assumptions = append(x.assumptions, x.inInt64(t))
}

// checkedInt is the result r of an int operation on guard g: the plan
// raises OverflowError there unless r fits. A result computed from
// literals is folded (and, when it overflows, raises on g outright), so
// constant arithmetic costs the solver nothing.
func (x *executor) checkedInt(g, r z3.Term) z3.Term {
	if b, ok := r.BigIntValue(); ok {
		if !b.IsInt64() {
			x.raiseUnless(g, x.ctx.False())
		}
		return r
	}
	x.raiseUnless(g, x.inInt64(r))
	return r
}

// foldInt computes a op b on two literals with big ints, exactly as Z3
// would; ok is false when either is not a literal or op is not folded.
func (x *executor) foldInt(op ir.BinOpKind, a, b z3.Term) (z3.Term, bool) {
	ka, okA := a.Int64Value()
	kb, okB := b.Int64Value()
	if !okA || !okB {
		return z3.Term{}, false
	}
	ba, bb := big.NewInt(ka), big.NewInt(kb)
	r := new(big.Int)
	switch op {
	case ir.Add:
		r.Add(ba, bb)
	case ir.Sub:
		r.Sub(ba, bb)
	case ir.Mul:
		r.Mul(ba, bb)
	default:
		return z3.Term{}, false
	}
	return x.ctx.BigInt(r), true
}

// enumerateFits refuses an enumerate whose counter could reach the end
// of int64 (the engines raise OverflowError there, at an iteration the
// prover does not place): start + capacity must stay below MaxInt64.
func (x *executor) enumerateFits(pos ir.Pos, start z3.Term, capacity int, g z3.Term) error {
	limit := x.ctx.Int(math.MaxInt64 - int64(capacity))
	if k, ok := start.Int64Value(); ok {
		if k < math.MaxInt64-int64(capacity) {
			return nil
		}
	} else if ok, err := x.provedUnder(g, x.ctx.Lt(start, limit), x.limits()); ok && err == nil {
		return nil
	}
	return unsupported(pos, fmt.Sprintf("enumerate with a start the prover cannot keep below %d - %d (its counter would overflow)", int64(math.MaxInt64), capacity))
}
