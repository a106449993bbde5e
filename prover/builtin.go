package prover

import (
	"math"
	"strconv"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
	"github.com/clauz3/clauz3/pysem"
)

func (x *executor) builtin(sc scope, e *ir.Builtin, g z3.Term) (value, error) {
	args, err := x.exprs(sc, e.Args, g)
	if err != nil {
		return nil, err
	}
	c := x.ctx
	switch e.Name {
	case "len":
		switch a := args[0].(type) {
		case *seqValue:
			if a.keys != nil {
				return c.Int(int64(len(a.keys))), nil
			}
			return x.length(a), nil
		case z3.Term:
			return c.Length(a), nil
		}
	case "print":
		// stdout is not part of the trace; the arguments were evaluated.
		return noneValue{}, nil
	case "list.append":
		list, ok := args[0].(*seqValue)
		if !ok || list.keys != nil {
			break
		}
		return noneValue{}, x.appendTo(e.Pos, list, args[1], g)
	case "list.extend":
		list, ok := args[0].(*seqValue)
		if !ok || list.keys != nil {
			break
		}
		return noneValue{}, x.extend(e.Pos, list, args[1], g)
	case "enumerate":
		list, ok := args[0].(*seqValue)
		if !ok || list.keys != nil {
			break
		}
		start := c.Int(0)
		if len(args) > 1 {
			start = args[1].(z3.Term)
		}
		if err := x.enumerateFits(e.Pos, start, len(list.elems), g); err != nil {
			return nil, err
		}
		return x.enumerate(e.Pos, e.T, list, start)
	case "zip":
		var lists []*seqValue
		for _, a := range args {
			list, ok := a.(*seqValue)
			if !ok || list.keys != nil {
				return nil, unsupported(e.Pos, "zip over a dict")
			}
			lists = append(lists, list)
		}
		if len(lists) == 0 {
			break
		}
		return x.zip(e.Pos, e.T, lists)
	case "list":
		return x.listOf(e, args)
	case "str":
		return x.str(e.Pos, e.Args[0], args[0])
	case "dict.get":
		d, ok := args[0].(*seqValue)
		if !ok || d.keys == nil {
			break
		}
		var dflt value = noneValue{}
		if len(args) > 2 {
			dflt = args[2]
		}
		return x.dictGetOr(e.Pos, d, args[1], dflt)
	case "str.join":
		return x.strJoin(e.Pos, args[0].(z3.Term), args[1])
	case "str.startswith":
		return c.HasPrefix(args[0].(z3.Term), args[1].(z3.Term)), nil
	case "str.endswith":
		return c.HasSuffix(args[0].(z3.Term), args[1].(z3.Term)), nil
	}
	if v, err, ok := x.builtinMore(e, args, g); ok { // foldbuiltin.go
		return v, err
	}
	return nil, internalf(e.Pos, "builtin %s is not in ir.BuiltinTable", e.Name)
}

// str is Python's str(v) for a value of the static type of src.
func (x *executor) str(pos ir.Pos, src ir.Expr, v value) (z3.Term, error) {
	return x.strOf(pos, src.Type(), v)
}

// strOf is Python's str(v) for a value of static type t.
func (x *executor) strOf(pos ir.Pos, t ir.Type, v value) (z3.Term, error) {
	c := x.ctx
	if o, ok := t.(*ir.Optional); ok {
		switch v := v.(type) {
		case noneValue:
			return c.String("None"), nil
		case optValue:
			s, err := x.strOf(pos, o.Elem, v.val)
			if err != nil {
				return z3.Term{}, err
			}
			return c.Ite(v.some, s, c.String("None")), nil
		}
		t = o.Elem
	}
	switch {
	case ir.IsBasic(t, ir.KindStr):
		return v.(z3.Term), nil
	case ir.IsBasic(t, ir.KindBool):
		return c.Ite(v.(z3.Term), c.String("True"), c.String("False")), nil
	case ir.IsBasic(t, ir.KindNone):
		return c.String("None"), nil
	case ir.IsBasic(t, ir.KindInt):
		n := v.(z3.Term)
		if k, ok := n.Int64Value(); ok { // a literal, so that "d" + str(i) folds too
			return c.String(strconv.FormatInt(k, 10)), nil
		}
		return x.decimal(n), nil
	}
	return z3.Term{}, unsupported(pos, "str() of a "+t.String()+" in a proof")
}

// decimal is str(n) for an int64 n that is not a literal. Z3 4.8.12's
// str.from_int is wrong on a term whose bounds reach 2**63: with n
// bounded to int64, it answered unsat for "-" + str.from_int(-n) ==
// "-9223372036854775807" and other 19-digit negatives (also with one
// str.from_int of ite(n < 0, -n, n)), which proved `assert str(x) !=
// "-9223372036854775807"` that CPython fails (prover
// TestStrOfIntEveryWidth). So str.from_int only ever reads a fresh
// constant bounded to [0, MaxInt64], defined as |n| for every n but
// MinInt64, whose text (|n| = 2**63 is outside that range) is the
// literal. The definition says nothing of an n outside int64 (an
// overflow, which raises before str runs): an assumption, it must hold
// of every value the term can take, or it would rule out the models in
// which the overflow happens (TestStrOfIntAssumesNothingOfOverflow).
func (x *executor) decimal(n z3.Term) z3.Term {
	c := x.ctx
	minInt := c.Int(math.MinInt64)
	neg := c.Lt(n, c.Int(0))
	abs := c.FreshConst("abs", c.IntSort())
	x.assumptions = append(x.assumptions, c.And(
		c.Le(c.Int(0), abs), c.Le(abs, c.Int(math.MaxInt64)),
		c.Implies(c.And(neg, c.Gt(n, minInt)), c.Eq(abs, c.Neg(n))),
		c.Implies(c.And(c.Not(neg), c.Le(n, c.Int(math.MaxInt64))), c.Eq(abs, n))))
	text := c.Concat(c.Ite(neg, c.String("-"), c.String("")), c.IntToString(abs))
	return c.Ite(c.Eq(n, minInt), c.String(strconv.FormatInt(math.MinInt64, 10)), text)
}

// repr is Python's repr(v); only what the prover can render exactly.
func (x *executor) repr(pos ir.Pos, src ir.Expr, v value) (z3.Term, error) {
	t := src.Type()
	if o, ok := t.(*ir.Optional); ok && ir.IsBasic(o.Elem, ir.KindStr) {
		if isNoneValue(v) {
			return x.ctx.String("None"), nil
		}
		return z3.Term{}, unsupported(pos, "repr of a computed string in a proof")
	}
	if ir.IsBasic(t, ir.KindStr) {
		if k, ok := src.(*ir.Const); ok {
			return x.ctx.String(pysem.ReprStr(k.Value.(string))), nil
		}
		return z3.Term{}, unsupported(pos, "repr of a computed string in a proof")
	}
	return x.str(pos, src, v)
}

func (x *executor) fstring(sc scope, e *ir.FString, g z3.Term) (value, error) {
	parts := []z3.Term{x.ctx.String("")}
	for _, p := range e.Parts {
		if p.X == nil {
			parts = append(parts, x.ctx.String(p.Lit))
			continue
		}
		if p.Spec != "" {
			return nil, unsupported(p.X.Position(), "format spec :"+p.Spec+" in a proof")
		}
		if p.DynSpec != nil {
			return nil, unsupported(p.X.Position(), "computed format spec in a proof")
		}
		v, err := x.expr(sc, p.X, g)
		if err != nil {
			return nil, err
		}
		var s z3.Term
		if p.Conv == 'r' {
			s, err = x.repr(p.X.Position(), p.X, v)
		} else {
			s, err = x.str(p.X.Position(), p.X, v)
		}
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	r := x.ctx.Concat(parts...)
	return r, strFits(e.Pos, r)
}

// listOf is list(v): a new list object holding v's elements (a dict's
// keys, a str's code points), so that mutating either afterwards leaves
// the other alone. The elements themselves are shared, as in Python.
func (x *executor) listOf(e *ir.Builtin, args []value) (value, error) {
	if len(args) == 0 {
		return &seqValue{typ: e.T, elems: []value{}}, nil
	}
	switch v := args[0].(type) {
	case *seqValue:
		if err := bounded(e.Pos, v, "list()"); err != nil {
			return nil, err
		}
		if v.keys != nil {
			return &seqValue{typ: e.T, elems: append([]value{}, v.keys...)}, nil
		}
		out := &seqValue{typ: e.T, elems: append([]value{}, v.elems...), n: v.n}
		if v.present != nil {
			out.present = append([]z3.Term{}, v.present...)
		}
		return out, nil
	case z3.Term:
		lit, known := v.StringValue()
		if !known || !ir.IsBasic(e.Args[0].Type(), ir.KindStr) {
			break
		}
		out := &seqValue{typ: e.T, elems: []value{}}
		for _, r := range lit {
			out.elems = append(out.elems, x.ctx.String(string(r)))
		}
		return out, nil
	}
	return nil, unsupported(e.Pos, "list() of a computed "+e.Args[0].Type().String()+" in a proof")
}

// strJoin is sep.join(src) over a list, tuple or dict's keys the prover
// represents, sparse ones included: the elements that exist, in order,
// with sep between each two. seen is "an element exists before this
// one", which decides whether sep goes first; an empty element still
// counts, so it is a flag rather than a test of the text so far.
func (x *executor) strJoin(pos ir.Pos, sep z3.Term, src value) (value, error) {
	c := x.ctx
	s, ok := src.(*seqValue)
	if !ok {
		return nil, unsupported(pos, "str.join over a str in a proof")
	}
	if err := bounded(pos, s, "str.join"); err != nil {
		return nil, err
	}
	elems := s.elems
	if s.keys != nil {
		elems = s.keys
	}
	out, seen := c.String(""), c.False()
	for i, v := range elems {
		t, isTerm := v.(z3.Term)
		if !isTerm || t.Sort().Kind() != c.StringSort().Kind() {
			return nil, unsupported(pos, "str.join over elements that are not str in a proof")
		}
		exists := c.True()
		if s.keys == nil {
			exists = x.exists(s, i)
		}
		var joined z3.Term
		switch seen {
		case c.False():
			joined = t
		case c.True():
			joined = c.Concat(out, sep, t)
		default:
			joined = c.Ite(seen, c.Concat(out, sep, t), t)
		}
		if exists == c.True() {
			out, seen = joined, c.True()
			continue
		}
		out, seen = c.Ite(exists, joined, out), c.Or(seen, exists)
	}
	return out, strFits(pos, out)
}
