package prover

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// slice is x[lo:hi] with step absent or 1, on a str or a dense list.
// Python clamps the bounds rather than raising (sliceBounds in ir/interp
// is the executable spec): a negative bound counts from the end and stops
// at 0, one past the end stops at the length, and hi <= lo is empty.
// Other steps change which positions are picked in ways the encodings
// below do not express, so they are refused.
func (x *executor) slice(sc scope, e *ir.Slice, g z3.Term) (value, error) {
	if e.Step != nil {
		if k, ok := constInt(e.Step); !ok || k != 1 {
			return nil, unsupported(e.Step.Position(), "a slice with a step other than 1 in a proof")
		}
	}
	v, err := x.expr(sc, e.X, g)
	if err != nil {
		return nil, err
	}
	var bounds [2]z3.Term
	for i, b := range []ir.Expr{e.Lo, e.Hi} {
		if b == nil {
			continue
		}
		bv, err := x.expr(sc, b, g)
		if err != nil {
			return nil, err
		}
		t, ok := bv.(z3.Term)
		if !ok || t.Sort().Kind() != x.ctx.IntSort().Kind() {
			return nil, unsupported(b.Position(), "a slice bound that is not an int in a proof")
		}
		bounds[i] = t
	}
	switch v := v.(type) {
	case z3.Term:
		lo, span := x.sliceSpan(x.ctx.Length(v), bounds[0], bounds[1])
		return x.ctx.Extract(v, lo, span), nil
	case *seqValue:
		if v.keys != nil {
			return nil, unsupported(e.Pos, "slicing a dict")
		}
		if err := bounded(e.Pos, v, "slicing"); err != nil {
			return nil, err
		}
		if err := dense(e.Pos, v, "slicing"); err != nil {
			return nil, err
		}
		return x.sliceList(e.Pos, e.Type(), v, e.Lo, e.Hi, bounds)
	}
	return nil, unsupported(e.Pos, "slicing a "+e.X.Type().String())
}

// sliceSpan is the start and length of [lo:hi] (nil terms for absent
// bounds) on a sequence of length n, both clamped as Python does.
func (x *executor) sliceSpan(n, lo, hi z3.Term) (start, span z3.Term) {
	c := x.ctx
	zero := c.Int(0)
	clamp := func(b z3.Term, absent z3.Term) z3.Term {
		if !b.IsValid() {
			return absent
		}
		fromEnd := c.Add(b, n)
		return c.Ite(c.Lt(b, zero),
			c.Ite(c.Lt(fromEnd, zero), zero, fromEnd),
			c.Ite(c.Gt(b, n), n, b))
	}
	start, stop := clamp(lo, zero), clamp(hi, n)
	return start, c.Ite(c.Lt(start, stop), c.Sub(stop, start), zero)
}

// sliceList is a new list holding elements [lo:hi] of the dense list s.
// Known length and constant bounds pick the elements directly; otherwise
// the result has a symbolic length and element i is s's element at
// start+i, an if-then-else over s's positions (read only where it exists,
// since start+i < stop <= len(s)). Elements are shared, not copied, as in
// Python.
func (x *executor) sliceList(pos ir.Pos, t ir.Type, s *seqValue, loE, hiE ir.Expr, bounds [2]z3.Term) (value, error) {
	if !s.n.IsValid() {
		lo, okLo := constBound(loE, 0)
		hi, okHi := constBound(hiE, int64(len(s.elems)))
		if okLo && okHi {
			start, stop := clampConst(lo, int64(len(s.elems))), clampConst(hi, int64(len(s.elems)))
			out := &seqValue{typ: t, elems: []value{}}
			if start < stop {
				out.elems = append(out.elems, s.elems[start:stop]...)
			}
			return out, nil
		}
	}
	if _, isTuple := t.(*ir.Tuple); isTuple {
		return nil, internalf(pos, "a tuple slice with bounds that are not constants")
	}
	start, span := x.sliceSpan(x.length(s), bounds[0], bounds[1])
	out := &seqValue{typ: t, n: span, elems: make([]value, len(s.elems))}
	for i := range s.elems {
		v, err := x.selectAt(pos, s, x.ctx.Add(start, x.ctx.Int(int64(i))))
		if err != nil {
			return nil, err
		}
		out.elems[i] = v
	}
	return out, nil
}

// constBound is a constant slice bound, absent when e is nil.
func constBound(e ir.Expr, absent int64) (int64, bool) {
	if e == nil {
		return absent, true
	}
	return constInt(e)
}

// clampConst is Python's clamping of a slice bound b on length n.
func clampConst(b, n int64) int64 {
	switch {
	case b < 0 && b+n < 0:
		return 0
	case b < 0:
		return b + n
	case b > n:
		return n
	}
	return b
}
