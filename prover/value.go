package prover

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// value is a symbolic Python value: a z3.Term for int, bool and str,
// noneValue, or a seqValue for lists, tuples and dicts of known length.
type value interface{}

type noneValue struct{}

// seqValue is a list or tuple (keys == nil) or a dict (keys holds the keys
// and elems the values, in insertion order).
type seqValue struct {
	typ   ir.Type
	keys  []value
	elems []value
}

// merge returns the value that is a when cond holds and b otherwise.
func (x *executor) merge(pos ir.Pos, cond z3.Term, a, b value) (value, error) {
	switch a := a.(type) {
	case z3.Term:
		bt, ok := b.(z3.Term)
		if !ok {
			return nil, unsupported(pos, "a name holding values of different kinds on two paths")
		}
		return x.ctx.Ite(cond, a, bt), nil
	case noneValue:
		if _, ok := b.(noneValue); ok {
			return a, nil
		}
		return nil, unsupported(pos, "a name holding None on one path only")
	case *seqValue:
		bs, ok := b.(*seqValue)
		if !ok || len(bs.elems) != len(a.elems) || (a.keys == nil) != (bs.keys == nil) {
			return nil, unsupported(pos, "a list or dict whose length differs between two paths")
		}
		out := &seqValue{typ: a.typ, elems: make([]value, len(a.elems))}
		for i := range a.elems {
			v, err := x.merge(pos, cond, a.elems[i], bs.elems[i])
			if err != nil {
				return nil, err
			}
			out.elems[i] = v
		}
		if a.keys != nil {
			out.keys = make([]value, len(a.keys))
			for i := range a.keys {
				v, err := x.merge(pos, cond, a.keys[i], bs.keys[i])
				if err != nil {
					return nil, err
				}
				out.keys[i] = v
			}
		}
		return out, nil
	}
	return nil, internalf(pos, "merge of %T", a)
}

// equal is Python's == on two values of the same static type.
func (x *executor) equal(pos ir.Pos, a, b value) (z3.Term, error) {
	switch a := a.(type) {
	case z3.Term:
		bt, ok := b.(z3.Term)
		if !ok {
			return z3.Term{}, internalf(pos, "comparison of a scalar with %T", b)
		}
		return x.ctx.Eq(a, bt), nil
	case noneValue:
		_, ok := b.(noneValue)
		return x.ctx.Bool(ok), nil
	case *seqValue:
		bs, ok := b.(*seqValue)
		if !ok {
			return z3.Term{}, internalf(pos, "comparison of a sequence with %T", b)
		}
		if len(a.elems) != len(bs.elems) {
			return x.ctx.False(), nil
		}
		if a.keys != nil {
			return z3.Term{}, unsupported(pos, "comparing dicts")
		}
		conj := []z3.Term{x.ctx.True()}
		for i := range a.elems {
			eq, err := x.equal(pos, a.elems[i], bs.elems[i])
			if err != nil {
				return z3.Term{}, err
			}
			conj = append(conj, eq)
		}
		return x.ctx.And(conj...), nil
	}
	return z3.Term{}, internalf(pos, "comparison of %T", a)
}

// truthy is Python's bool(v).
func (x *executor) truthy(pos ir.Pos, t ir.Type, v value) (z3.Term, error) {
	switch v := v.(type) {
	case noneValue:
		return x.ctx.False(), nil
	case *seqValue:
		return x.ctx.Bool(len(v.elems) > 0), nil
	case z3.Term:
		switch {
		case ir.IsBasic(t, ir.KindBool):
			return v, nil
		case ir.IsBasic(t, ir.KindInt):
			return x.ctx.Not(x.ctx.Eq(v, x.ctx.Int(0))), nil
		case ir.IsBasic(t, ir.KindStr):
			return x.ctx.Gt(x.ctx.Length(v), x.ctx.Int(0)), nil
		}
	}
	return z3.Term{}, internalf(pos, "truth value of %s", t)
}

// sortOf is the Z3 sort of a scalar type.
func (x *executor) sortOf(pos ir.Pos, t ir.Type) (z3.Sort, error) {
	switch {
	case ir.IsBasic(t, ir.KindInt):
		return x.ctx.IntSort(), nil
	case ir.IsBasic(t, ir.KindBool):
		return x.ctx.BoolSort(), nil
	case ir.IsBasic(t, ir.KindStr):
		return x.ctx.StringSort(), nil
	}
	return z3.Sort{}, unsupported(pos, "a symbolic value of type "+t.String())
}
