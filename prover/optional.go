package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// A value of static type T | None is noneValue where it is None on every
// path, the T's own value where it is a T on every path, and an optValue
// where paths disagree (a merge of the two): a tag and a payload. Only a
// scalar T (int, str, bool: a z3.Term) has an optValue; a list, dict or row
// that is None on some paths only is refused at the merge (optMerge).

// optValue is a T | None that is a T exactly when some holds; val is the
// T then (any value of its sort otherwise).
type optValue struct {
	some z3.Term
	val  z3.Term
}

// optParts splits a value of type T | None into its tag and payload; the
// payload is not valid for noneValue.
func (x *executor) optParts(v value) (some, val z3.Term, ok bool) {
	switch v := v.(type) {
	case noneValue:
		return x.ctx.False(), z3.Term{}, true
	case optValue:
		return v.some, v.val, true
	case z3.Term:
		return x.ctx.True(), v, true
	}
	return z3.Term{}, z3.Term{}, false
}

// mayBeNone reports whether v is None on some path: noneValue or optValue.
func mayBeNone(v value) bool {
	switch v.(type) {
	case noneValue, optValue:
		return true
	}
	return false
}

// optMerge is merge for a name that holds None on one side: the T | None
// that is a when cond holds and b otherwise.
func (x *executor) optMerge(pos ir.Pos, cond z3.Term, a, b value) (value, error) {
	sa, va, okA := x.optParts(a)
	sb, vb, okB := x.optParts(b)
	if !okA || !okB {
		other := b
		if !okA {
			other = a
		}
		return nil, &Error{Pos: pos, Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide %s | None that is None on some paths only yet (it decides int, str and bool ones): keep the list and test it for emptiness", kindOf(other))}
	}
	out := optValue{some: x.ctx.Ite(cond, sa, sb)}
	switch {
	case !va.IsValid():
		out.val = vb
	case !vb.IsValid():
		out.val = va
	default:
		if va.Sort().Kind() != vb.Sort().Kind() {
			// values passed as object (ir.ObjectType) may differ in
			// type between two paths, as merge refuses for two terms
			return nil, unsupported(pos, "a value of type object holding a "+va.Sort().String()+" on one path and a "+vb.Sort().String()+" on the other")
		}
		out.val = x.pick(cond, va, vb)
	}
	if k, known := out.some.BoolValue(); known && k {
		return out.val, nil
	}
	return out, nil
}

// kindOf names the kind of a value the optional encoding does not take.
func kindOf(v value) string {
	if s, ok := v.(*seqValue); ok && s.typ != nil {
		return "a " + s.typ.String()
	}
	if r, ok := v.(*rowValue); ok {
		return "a row " + r.typ.Name
	}
	return fmt.Sprintf("a %T", v)
}

// optEqual is == where one side may be None: equal when both are None,
// or both are a T and the Ts are equal.
func (x *executor) optEqual(pos ir.Pos, a, b value) (z3.Term, error) {
	c := x.ctx
	sa, va, okA := x.optParts(a)
	sb, vb, okB := x.optParts(b)
	if !okA || !okB {
		// a dict[str, object] | None or a row against an optional
		// scalar: only None can be equal to None.
		return z3.Term{}, unsupported(pos, "comparing a T | None with a value of another kind")
	}
	both := c.And(c.Not(sa), c.Not(sb))
	if !va.IsValid() || !vb.IsValid() {
		return both, nil
	}
	eq, err := x.scalarEqual(pos, va, vb)
	if err != nil {
		return z3.Term{}, err
	}
	return c.Or(both, c.And(sa, sb, eq)), nil
}

// isNone is the condition that v, of a static type that admits None, is
// None.
func (x *executor) isNone(v value) z3.Term {
	switch v := v.(type) {
	case noneValue:
		return x.ctx.True()
	case optValue:
		return x.ctx.Not(v.some)
	}
	return x.ctx.False()
}

// unwrap is ir.Unwrap: the T of a T | None the front end narrowed. That
// it is not None where it is read is the front end's claim, which the
// proof checks like an assert (an internal check): a plan whose Unwrap
// could meet None is refused, never proved on a made-up payload.
func (x *executor) unwrap(e *ir.Unwrap, v value, g z3.Term) (value, error) {
	var some z3.Term
	switch v := v.(type) {
	case optValue:
		some = v.some
		x.checks = append(x.checks, &check{pos: e.Pos, what: "internal check: " + describeNarrowed(e) + " is not None where it is narrowed", reached: x.ctx.And(g, x.alive), holds: some})
		return v.val, nil
	case noneValue:
		x.checks = append(x.checks, &check{pos: e.Pos, what: "internal check: " + describeNarrowed(e) + " is not None where it is narrowed", reached: x.ctx.And(g, x.alive), holds: x.ctx.False()})
		o, ok := e.X.Type().(*ir.Optional)
		if !ok {
			return nil, internalf(e.Pos, "unwrap of a %s", e.X.Type())
		}
		return x.zeroOf(e.Pos, o.Elem)
	}
	return v, nil
}

func describeNarrowed(e *ir.Unwrap) string {
	if r, ok := e.X.(*ir.LocalRef); ok {
		return r.Local.Name
	}
	return "the value"
}
