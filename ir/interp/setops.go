package interp

import "github.com/clauz3/clauz3/ir"

// setOp is a & b, a | b, a - b or a ^ b on two sets; ok is false when an
// operand is not a set. The order of the result is never observable (the
// front end refuses iterating and printing sets).
func setOp(op ir.BinOpKind, x, y Value) (Value, bool) {
	a, ok1 := x.(*Set)
	b, ok2 := y.(*Set)
	if !ok1 || !ok2 {
		return nil, false
	}
	out := NewSet()
	switch op {
	case ir.BitAnd:
		for _, v := range a.Elems() {
			if b.Has(v) {
				out.Add(v)
			}
		}
	case ir.BitOr:
		for _, v := range a.Elems() {
			out.Add(v)
		}
		for _, v := range b.Elems() {
			out.Add(v)
		}
	case ir.Sub:
		for _, v := range a.Elems() {
			if !b.Has(v) {
				out.Add(v)
			}
		}
	case ir.BitXor:
		for _, v := range a.Elems() {
			if !b.Has(v) {
				out.Add(v)
			}
		}
		for _, v := range b.Elems() {
			if !a.Has(v) {
				out.Add(v)
			}
		}
	default:
		return nil, false
	}
	return out, true
}
