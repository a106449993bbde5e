package prover

import (
	"errors"
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// Builtins the prover has no symbolic encoding for are decided when their
// arguments are constants: ir.BuiltinTable marks them ProverFolds, and the
// call is folded by the interpreter (interp.Fold), the reference for
// CPython's semantics, so the result is a constant again. min and max are
// also encoded for symbolic ints and strs. Anything else refuses with the
// table's words (BuiltinInfo.ProverRefusal), which say what it would take
// and that the language has the builtin.

// builtinMore decides a builtin the encoding of builtin() lacks. ok is
// false when it does not know e either.
func (x *executor) builtinMore(e *ir.Builtin, args []value, g z3.Term) (v value, err error, ok bool) {
	if e.Name == "repr" && len(args) == 1 {
		t, err := x.repr(e.Pos, e.Args[0], args[0])
		return t, err, true
	}
	info, known := ir.LookupBuiltin(e.Name)
	if !known {
		return nil, nil, false
	}
	switch info.Prover {
	case ir.ProverEncodes: // builtin() encodes it, but not on these values
		return nil, &Error{Pos: e.Pos, Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide %s on these values yet", e.Name)}, true
	case ir.ProverRefuses:
		return nil, &Error{Pos: e.Pos, Code: ir.Unsupported, Msg: info.ProverRefusal()}, true
	}
	if e.Key == nil && len(e.Keywords) == 0 {
		if consts, isConst := x.constArgs(e, args); isConst {
			v, err := x.fold(e, consts, g)
			return v, err, true
		}
	}
	if (e.Name == "min" || e.Name == "max") && e.Key == nil {
		if v, err, ok := x.minMax(e, args, g); ok {
			return v, err, true
		}
	}
	return nil, &Error{Pos: e.Pos, Code: ir.Unsupported, Msg: info.ProverRefusal()}, true
}

// constArgs turns the values of e's arguments into constant expressions
// when every one is a literal term (or a list of them).
func (x *executor) constArgs(e *ir.Builtin, args []value) ([]ir.Expr, bool) {
	out := make([]ir.Expr, len(args))
	for i, a := range args {
		k, ok := x.constOf(e.Pos, e.Args[i].Type(), a)
		if !ok {
			return nil, false
		}
		out[i] = k
	}
	return out, true
}

func (x *executor) constOf(pos ir.Pos, t ir.Type, v value) (ir.Expr, bool) {
	switch v := v.(type) {
	case z3.Term:
		b, ok := t.(*ir.Basic)
		if !ok {
			return nil, false
		}
		v = x.ctx.Simplify(v) // 97 + i in an unrolled loop is a literal
		switch b.Kind {
		case ir.KindStr:
			if s, ok := v.StringValue(); ok {
				return &ir.Const{Pos: pos, T: ir.Str, Value: s}, true
			}
		case ir.KindInt:
			if n, ok := v.Int64Value(); ok {
				return &ir.Const{Pos: pos, T: ir.Int, Value: n}, true
			}
		case ir.KindBool:
			if bv, ok := v.BoolValue(); ok {
				return &ir.Const{Pos: pos, T: ir.Bool, Value: bv}, true
			}
		}
	case noneValue:
		if ir.IsBasic(t, ir.KindNone) {
			return &ir.Const{Pos: pos, T: ir.None, Value: nil}, true
		}
	case *seqValue:
		if tt, ok := t.(*ir.Tuple); ok && v.keys == nil && v.present == nil && !v.n.IsValid() && v.unbounded == "" && len(v.elems) == len(tt.Elems) {
			out := &ir.TupleLit{Pos: pos, T: tt}
			for i, el := range v.elems {
				k, ok := x.constOf(pos, tt.Elems[i], el)
				if !ok {
					return nil, false
				}
				out.Elems = append(out.Elems, k)
			}
			return out, true
		}
		lt, ok := t.(*ir.List)
		if !ok || v.keys != nil || v.present != nil || v.n.IsValid() || v.unbounded != "" {
			return nil, false
		}
		out := &ir.ListLit{Pos: pos, T: lt}
		for _, el := range v.elems {
			k, ok := x.constOf(pos, lt.Elem, el)
			if !ok {
				return nil, false
			}
			out.Elems = append(out.Elems, k)
		}
		return out, true
	}
	return nil, false
}

// fold runs e on constant arguments and turns the result into a value.
func (x *executor) fold(e *ir.Builtin, consts []ir.Expr, g z3.Term) (value, error) {
	call := *e
	call.Args = consts
	res, err := interp.Fold(&call)
	var exc *interp.Exception
	if errors.As(err, &exc) {
		// CPython raises for these arguments: the path stops here.
		x.raiseUnless(g, x.ctx.False())
		return x.zeroOf(e.Pos, e.T)
	}
	if err != nil {
		return nil, internalf(e.Pos, "folding %s: %v", e.Name, err)
	}
	return x.valueOf(e.Pos, e.T, res)
}

// valueOf is the prover's value of an interpreter value of type t.
func (x *executor) valueOf(pos ir.Pos, t ir.Type, v interp.Value) (value, error) {
	c := x.ctx
	switch v := v.(type) {
	case string:
		for _, r := range v {
			if r > z3.MaxRune {
				return nil, &Error{Pos: pos, Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide a string holding U+%04X (above U+%04X, the largest character Z3 4.8.12 has)", r, z3.MaxRune)}
			}
		}
		return c.String(v), nil
	case int64:
		return c.Int(v), nil
	case bool:
		return c.Bool(v), nil
	case nil:
		if ir.IsBasic(t, ir.KindNone) {
			return noneValue{}, nil
		}
	case interp.Tuple:
		tt, ok := t.(*ir.Tuple)
		if !ok || len(tt.Elems) != len(v) {
			return nil, internalf(pos, "a tuple folded for a %s", t)
		}
		out := &seqValue{typ: tt}
		for i, el := range v {
			ev, err := x.valueOf(pos, tt.Elems[i], el)
			if err != nil {
				return nil, err
			}
			out.elems = append(out.elems, ev)
		}
		return out, nil
	case *interp.List:
		lt, ok := t.(*ir.List)
		if !ok {
			return nil, internalf(pos, "a list folded for a %s", t)
		}
		out := &seqValue{typ: lt}
		for _, el := range v.Elems {
			ev, err := x.valueOf(pos, lt.Elem, el)
			if err != nil {
				return nil, err
			}
			out.elems = append(out.elems, ev)
		}
		return out, nil
	}
	return nil, &Error{Pos: pos, Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide a folded %T yet", v)}
}

// zeroOf is a placeholder value of type t, for a path that raised.
func (x *executor) zeroOf(pos ir.Pos, t ir.Type) (value, error) {
	c := x.ctx
	switch {
	case ir.IsBasic(t, ir.KindStr):
		return c.String(""), nil
	case ir.IsBasic(t, ir.KindInt):
		return c.Int(0), nil
	case ir.IsBasic(t, ir.KindBool):
		return c.Bool(false), nil
	}
	if lt, ok := t.(*ir.List); ok {
		return &seqValue{typ: lt}, nil
	}
	return nil, &Error{Pos: pos, Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide a raising builtin of type %s yet", t)}
}

// minMax encodes min/max of several ints or strs, or of a list of them:
// the first extreme value, as CPython returns it; an empty list raises
// ValueError.
func (x *executor) minMax(e *ir.Builtin, args []value, g z3.Term) (value, error, bool) {
	c := x.ctx
	isInt, isStr := ir.IsBasic(e.T, ir.KindInt), ir.IsBasic(e.T, ir.KindStr)
	if !isInt && !isStr {
		return nil, nil, false
	}
	var elems, present []z3.Term
	if len(args) == 1 {
		seq, ok := args[0].(*seqValue)
		if !ok || seq.keys != nil || seq.unbounded != "" {
			return nil, nil, false
		}
		for i, el := range seq.elems {
			t, ok := el.(z3.Term)
			if !ok {
				return nil, nil, false
			}
			elems = append(elems, t)
			present = append(present, x.exists(seq, i))
		}
		if len(elems) == 0 {
			x.raiseUnless(g, c.False())
			v, err := x.zeroOf(e.Pos, e.T)
			return v, err, true
		}
		x.raiseUnless(g, c.Or(present...))
	} else {
		for _, a := range args {
			t, ok := a.(z3.Term)
			if !ok {
				return nil, nil, false
			}
			elems = append(elems, t)
			present = append(present, c.True())
		}
	}
	better := func(a, b z3.Term) z3.Term { // a strictly beats b
		switch {
		case isInt && e.Name == "min":
			return c.Lt(a, b)
		case isInt:
			return c.Lt(b, a)
		case e.Name == "min":
			return c.StrLt(a, b)
		}
		return c.StrLt(b, a)
	}
	acc, found := elems[0], present[0]
	for i := 1; i < len(elems); i++ {
		take := c.And(present[i], c.Or(c.Not(found), better(elems[i], acc)))
		acc = c.Ite(take, elems[i], acc)
		found = c.Or(found, present[i])
	}
	return acc, nil, true
}
