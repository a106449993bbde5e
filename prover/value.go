package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// value is a symbolic Python value: a z3.Term for int, bool and str,
// noneValue, a *seqValue for lists, tuples and dicts, or a *rowValue.
type value interface{}

type noneValue struct{}

// seqValue is a list or tuple (keys == nil) or a dict (keys holds the keys
// and elems the values, in insertion order).
//
// A list may have a symbolic length n (a valid term): element i exists
// exactly when i < n, and elems holds one value per possible element, so
// len(elems) is the list's capacity. Query results, appends under a guard
// and ranges with symbolic bounds make such lists. When n is not valid the
// length is len(elems).
//
// Lists are Python objects shared by reference: every name bound to the
// same *seqValue sees its in-place mutations (append, xs[i] = v), which are
// guarded by the condition of the statement doing them. Merging two
// different list objects at a join loses their identity, so both and the
// merged list are frozen: a later in-place mutation of any of them is
// refused rather than modelled unsoundly.
type seqValue struct {
	typ   ir.Type
	keys  []value
	elems []value
	n     z3.Term
	// present, when not nil, makes the list sparse: element i exists
	// exactly when present[i] holds, and n is not used. Appends under a
	// guard and filtered comprehensions build sparse lists: each element
	// keeps its own condition instead of a symbolic position, which Z3's
	// string solver handles far better. Order is kept, so iteration and
	// concatenation are exact; indexing a sparse list is refused.
	present []z3.Term

	// unbounded names the effect whose result this list is when the
	// effect ensures no bound on its length: its elements are not
	// modelled, so anything but len() refuses.
	unbounded string
	// inner says the list is nested in the result of unbounded, which
	// no ensures of the effect bounds (see fresh).
	inner bool
	// witness is the element a generic iteration ran on (see
	// genericLoop), used to replay a counterexample.
	witness   value
	frozen    bool
	iterating int // loops currently running over this object
	// sources are the lists an enumerate or zip result was built from:
	// Python's enumerate and zip read them live, so a loop over the
	// result counts as a loop over each of them (iterate).
	sources []*seqValue
	label   string
}

// rowValue is one row of a query result: a value per field, nil for a
// field whose type the prover does not model (reading it refuses).
type rowValue struct {
	typ    *ir.Row
	fields []value
}

// length is the list's length as a term.
func (x *executor) length(s *seqValue) z3.Term {
	if s.present != nil {
		terms := []z3.Term{x.ctx.Int(0)}
		for _, p := range s.present {
			terms = append(terms, x.ctx.Ite(p, x.ctx.Int(1), x.ctx.Int(0)))
		}
		return x.ctx.Add(terms...)
	}
	if s.n.IsValid() {
		return s.n
	}
	return x.ctx.Int(int64(len(s.elems)))
}

// exists is the condition under which element i of s exists.
func (x *executor) exists(s *seqValue, i int) z3.Term {
	if s.present != nil {
		if i < len(s.present) {
			return s.present[i]
		}
		return x.ctx.False()
	}
	if s.n.IsValid() {
		return x.ctx.Lt(x.ctx.Int(int64(i)), s.n)
	}
	if i < len(s.elems) {
		return x.ctx.True()
	}
	return x.ctx.False()
}

// bounded refuses a list whose elements are not modelled.
func bounded(pos ir.Pos, s *seqValue, what string) error {
	if s.inner {
		return limitf(pos, "%s over an inner list of the result of %s needs its length bounded, and the ensures of %s bound the outer list only: return a flat list", what, s.unbounded, s.unbounded)
	}
	if s.unbounded != "" {
		return limitf(pos, "%s over the result of %s needs its length bounded: add an ensures bound on %s, e.g. @clauz3.ensures(lambda result: len(result) <= 100)", what, s.unbounded, s.unbounded)
	}
	return nil
}

// snapshot copies the list objects inside v, so that a fact or a loop
// keeps the value it saw even if the plan mutates the object later.
func snapshot(v value) value {
	switch v := v.(type) {
	case *seqValue:
		out := *v
		out.elems = make([]value, len(v.elems))
		for i, e := range v.elems {
			out.elems[i] = snapshot(e)
		}
		out.keys = append([]value(nil), v.keys...)
		if v.present != nil {
			out.present = append([]z3.Term{}, v.present...)
		}
		out.iterating = 0
		out.sources = nil
		return &out
	}
	return v
}

// merge returns the value that is a when cond holds and b otherwise.
func (x *executor) merge(pos ir.Pos, cond z3.Term, a, b value) (value, error) {
	// A constant condition picks one side: the object itself, not a copy,
	// so an unconditional store keeps the alias (and freezes nothing).
	if v, known := cond.BoolValue(); known && b != nil {
		if v {
			return a, nil
		}
		return b, nil
	}
	if mayBeNone(a) != mayBeNone(b) || (mayBeNone(a) && !isNoneValue(a) || mayBeNone(b) && !isNoneValue(b)) {
		// A T | None that is None on one side only (optional.go).
		return x.optMerge(pos, cond, a, b)
	}
	switch a := a.(type) {
	case z3.Term:
		bt, ok := b.(z3.Term)
		if !ok {
			return nil, unsupported(pos, "a name holding values of different kinds on two paths")
		}
		if a == bt { // Z3 shares structurally equal terms
			return a, nil
		}
		if a.Sort().Kind() != bt.Sort().Kind() {
			// values passed as object (ir.ObjectType) may differ in
			// type between two paths
			return nil, unsupported(pos, "a value of type object holding a "+a.Sort().String()+" on one path and a "+bt.Sort().String()+" on the other")
		}
		return x.pick(cond, a, bt), nil
	case noneValue:
		return a, nil // b is None too (above)
	case *rowValue:
		br, ok := b.(*rowValue)
		if !ok || !ir.Identical(a.typ, br.typ) {
			return nil, internalf(pos, "merge of a row with %T", b)
		}
		if a == br {
			return a, nil
		}
		out := &rowValue{typ: a.typ, fields: make([]value, len(a.fields))}
		for i := range a.fields {
			if a.fields[i] == nil || br.fields[i] == nil {
				continue
			}
			v, err := x.merge(pos, cond, a.fields[i], br.fields[i])
			if err != nil {
				return nil, err
			}
			out.fields[i] = v
		}
		return out, nil
	case *seqValue:
		bs, ok := b.(*seqValue)
		if !ok || (a.keys == nil) != (bs.keys == nil) {
			return nil, unsupported(pos, "a name holding values of different kinds on two paths")
		}
		if a == bs {
			return a, nil
		}
		if a.unbounded != "" || bs.unbounded != "" {
			return nil, unsupported(pos, "merging the unbounded result of a query with another list")
		}
		_, isList := a.typ.(*ir.List)
		if len(bs.elems) != len(a.elems) || a.n.IsValid() || bs.n.IsValid() {
			if !isList {
				return nil, unsupported(pos, "a dict whose length differs between two paths")
			}
		}
		capacity := max(len(a.elems), len(bs.elems))
		out := &seqValue{typ: a.typ, elems: make([]value, capacity)}
		if isList {
			a.frozen, bs.frozen, out.frozen = true, true, true
			switch {
			case a.present != nil || bs.present != nil:
				out.present = make([]z3.Term, capacity)
				for i := range capacity {
					out.present[i] = x.ctx.Ite(cond, x.exists(a, i), x.exists(bs, i))
				}
			case a.n.IsValid() || bs.n.IsValid() || len(a.elems) != len(bs.elems):
				out.n = x.ctx.Ite(cond, x.length(a), x.length(bs))
			}
		}
		for i := range capacity {
			switch {
			case i >= len(a.elems):
				// a has no element i: when cond holds it is never read.
				out.elems[i] = bs.elems[i]
			case i >= len(bs.elems):
				out.elems[i] = a.elems[i]
			default:
				v, err := x.merge(pos, cond, a.elems[i], bs.elems[i])
				if err != nil {
					return nil, err
				}
				out.elems[i] = v
			}
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
	c := x.ctx
	_, optA := a.(optValue)
	_, optB := b.(optValue)
	if optA || optB {
		return x.optEqual(pos, a, b)
	}
	switch a := a.(type) {
	case z3.Term:
		switch b := b.(type) {
		case z3.Term:
			return x.scalarEqual(pos, a, b)
		case noneValue:
			// only values of type object (a dict[str, object]'s values)
			// meet None here: a scalar is never None
			return c.False(), nil
		}
		return z3.Term{}, internalf(pos, "comparison of a scalar with %T", b)
	case noneValue:
		_, ok := b.(noneValue)
		return c.Bool(ok), nil
	case *rowValue:
		return z3.Term{}, unsupported(pos, "comparing rows")
	case *seqValue:
		if _, isNone := b.(noneValue); isNone && a.keys != nil {
			return c.False(), nil // a dict[str, object] | None that holds a dict
		}
		bs, ok := b.(*seqValue)
		if !ok {
			return z3.Term{}, internalf(pos, "comparison of a sequence with %T", b)
		}
		if a.keys != nil {
			return x.dictEqual(pos, a, bs)
		}
		for _, s := range []*seqValue{a, bs} {
			if err := bounded(pos, s, "comparing a list"); err != nil {
				return z3.Term{}, err
			}
			if s.present != nil {
				return z3.Term{}, unsupported(pos, "comparing a list built by conditional appends")
			}
		}
		if !a.n.IsValid() && !bs.n.IsValid() && len(a.elems) != len(bs.elems) {
			return c.False(), nil
		}
		conj := []z3.Term{c.Eq(x.length(a), x.length(bs))}
		for i := range min(len(a.elems), len(bs.elems)) {
			eq, err := x.equal(pos, a.elems[i], bs.elems[i])
			if err != nil {
				return z3.Term{}, err
			}
			conj = append(conj, c.Implies(x.exists(a, i), eq))
		}
		return c.And(conj...), nil
	}
	return z3.Term{}, internalf(pos, "comparison of %T", a)
}

// truthy is Python's bool(v).
func (x *executor) truthy(pos ir.Pos, t ir.Type, v value) (z3.Term, error) {
	if o, ok := t.(*ir.Optional); ok {
		t = o.Elem // a None is false (below); a T is tested as a T
	}
	switch v := v.(type) {
	case noneValue:
		return x.ctx.False(), nil
	case optValue:
		tv, err := x.truthy(pos, t, v.val)
		if err != nil {
			return z3.Term{}, err
		}
		return x.ctx.And(v.some, tv), nil
	case *rowValue:
		return x.ctx.True(), nil
	case *seqValue:
		if v.keys == nil && (v.n.IsValid() || v.present != nil) {
			return x.ctx.Gt(x.length(v), x.ctx.Int(0)), nil
		}
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

// iterate marks s, and the lists it reads live, as being iterated until
// the returned function runs: an in-place mutation of any of them in the
// meantime is refused (mutable), since the unrolled iterations run over
// the elements as they were when the loop began.
func (x *executor) iterate(s *seqValue) func() {
	var marked []*seqValue
	var mark func(*seqValue)
	mark = func(s *seqValue) {
		s.iterating++
		marked = append(marked, s)
		for _, src := range s.sources {
			mark(src)
		}
	}
	mark(s)
	return func() {
		for _, m := range marked {
			m.iterating--
		}
	}
}

// scalarEqual is Python's == on two scalars. Their Z3 sorts are their
// type tags: they differ only for values of type object (the values of
// a dict[str, object]), where Python compares int and bool numerically
// (True == 1, False == 0) and any other pair of types is unequal
// ("1" != 1). The prover has no float sort, so a float never gets here
// (a float constant is refused where it is evaluated).
func (x *executor) scalarEqual(pos ir.Pos, a, b z3.Term) (z3.Term, error) {
	c := x.ctx
	ka, kb := a.Sort().Kind(), b.Sort().Kind()
	for _, k := range []z3.SortKind{ka, kb} {
		if k != z3.SortInt && k != z3.SortBool && k != z3.SortString {
			return z3.Term{}, unsupported(pos, "comparing a value of sort "+k.String())
		}
	}
	switch {
	case ka == kb:
		return c.Eq(a, b), nil
	case ka == z3.SortInt && kb == z3.SortBool:
		return c.Eq(a, c.Ite(b, c.Int(1), c.Int(0))), nil
	case ka == z3.SortBool && kb == z3.SortInt:
		return c.Eq(c.Ite(a, c.Int(1), c.Int(0)), b), nil
	}
	return c.False(), nil // a str against an int or a bool
}

// dictEqual is Python's == on two dicts: the same keys, and equal values
// (scalarEqual, so cross-type for dict[str, object]) under each. A key
// must be a constant, as in a dict display, so that which keys of the two
// dicts are the same one is known without the solver; an entry stored
// under a condition exists exactly when that condition holds.
func (x *executor) dictEqual(pos ir.Pos, a, b *seqValue) (z3.Term, error) {
	c := x.ctx
	index := func(s *seqValue) (map[string]int, error) {
		if s.unbounded != "" || s.n.IsValid() || len(s.keys) != len(s.elems) {
			return nil, unsupported(pos, "comparing a dict whose length is not known")
		}
		out := map[string]int{}
		for i, k := range s.keys {
			kt, ok := k.(z3.Term)
			if !ok {
				return nil, unsupported(pos, "comparing dicts whose keys are not scalars")
			}
			id, ok := constKey(kt)
			if !ok {
				return nil, unsupported(pos, "comparing dicts with a computed key")
			}
			if _, dup := out[id]; dup {
				return nil, unsupported(pos, "comparing a dict that holds one key at two positions")
			}
			out[id] = i
		}
		return out, nil
	}
	ia, err := index(a)
	if err != nil {
		return z3.Term{}, err
	}
	ib, err := index(b)
	if err != nil {
		return z3.Term{}, err
	}
	var conj []z3.Term
	for id, i := range ia {
		j, inB := ib[id]
		if !inB {
			conj = append(conj, c.Not(x.exists(a, i)))
			continue
		}
		eq, err := x.equal(pos, a.elems[i], b.elems[j])
		if err != nil {
			return z3.Term{}, err
		}
		conj = append(conj, c.Eq(x.exists(a, i), x.exists(b, j)), c.Implies(x.exists(a, i), eq))
	}
	for id, j := range ib {
		if _, inA := ia[id]; !inA {
			conj = append(conj, c.Not(x.exists(b, j)))
		}
	}
	return c.And(conj...), nil
}

// constKey names the constant key k, its sort included, or reports that
// k is not a constant.
func constKey(k z3.Term) (string, bool) {
	if v, ok := k.StringValue(); ok {
		return "s" + v, true
	}
	if v, ok := k.Int64Value(); ok {
		return fmt.Sprintf("i%d", v), true
	}
	if v, ok := k.BoolValue(); ok {
		return fmt.Sprintf("b%t", v), true
	}
	return "", false
}

func isNoneValue(v value) bool {
	_, ok := v.(noneValue)
	return ok
}
