package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// loop runs a for statement: one copy of the body per element the
// iterated value may have, the copy for element i guarded by "element i
// exists" (so a query result of any length up to its bound is covered
// exactly), and by the loop's break and continue flags.
func (x *executor) loop(fr *frame, s *ir.For, path, g z3.Term) error {
	iter, err := x.expr(fr, s.Iter, g)
	if err != nil {
		return err
	}
	seq, ok := iter.(*seqValue)
	if !ok {
		return unsupported(s.Pos, fmt.Sprintf("a loop over a %s", s.Iter.Type()))
	}
	if seq.unbounded != "" {
		return x.genericLoop(fr, s, seq, path)
	}
	elems := seq.elems
	if seq.keys != nil {
		elems = seq.keys // a dict iterates over its keys
	}
	defer x.iterate(seq)()
	l := &loopState{broken: x.ctx.False(), continued: x.ctx.False()}
	fr.loops = append(fr.loops, l)
	defer func() { fr.loops = fr.loops[:len(fr.loops)-1] }()
	// Inside iteration i the loop variable is exactly element i: every
	// statement of the body runs under a guard that implies the one the
	// variable was bound under (flags only grow). Binding it unmerged
	// keeps each iteration's terms about its own element; the merged
	// value is what reads after the loop see.
	owner := fr.owner(s.Var)
	if owner == nil {
		return internalf(s.Pos, "%s is not in scope", s.Var.Name)
	}
	carried := x.eff(owner.slots[s.Var.Index])
	keep := x.readAfter(s)
	// Each iteration's facts, definitions and state, for the invariants
	// of accumulators (accum.go).
	rec := &loopRecord{}
	var loopVar *ir.Local
	if owner == fr {
		loopVar = s.Var
	}
	if len(elems) > 0 {
		x.loopRecs = append(x.loopRecs, rec)
	}
	for i, elem := range elems {
		if err := x.iteration(s.Pos); err != nil {
			return err
		}
		l.continued = x.ctx.False()
		exists := x.exists(seq, i)
		iterPath := x.ctx.And(path, exists)
		gi := x.guard(fr, iterPath)
		it := iterRecord{exists: exists, factStart: len(x.facts), assumeStart: len(x.assumptions),
			alive: x.alive, returned: fr.returned, broken: l.broken, before: x.termLocals(fr, loopVar)}
		leave := x.enter()
		x.set(owner, s.Var, elem, x.ctx.True(), elem)
		err := x.stmts(fr, s.Body, iterPath)
		leave()
		if err != nil {
			return err
		}
		it.factEnd, it.assumeEnd, it.after = len(x.facts), len(x.assumptions), x.termLocals(fr, loopVar)
		rec.iters = append(rec.iters, it)
		if !keep {
			continue
		}
		end := x.eff(owner.slots[s.Var.Index])
		if carried.val == nil {
			carried = slot{val: end.val, defined: gi}
			continue
		}
		v, err := x.merge(s.Pos, gi, end.val, carried.val)
		if err != nil {
			return err
		}
		if t, isTerm := v.(z3.Term); isTerm {
			v = x.define(s.Var.Name, gi, end.val.(z3.Term), carried.val.(z3.Term), t)
		}
		carried = slot{val: v, defined: x.ctx.Or(gi, carried.defined)}
	}
	if !keep {
		// Nothing reads it after the loop.
		carried = slot{}
	}
	owner.slots[s.Var.Index] = carried
	return nil
}

// define names merged, the value that is v on g and old elsewhere, by a
// fresh constant and two implications. On a constant guard it is v or old
// itself: the loop variable of an unrolled loop over a literal list or
// range is merged on a guard that folds to true, and 200 needless integer
// constants defined so made Z3 take 55 s instead of 40 ms on a fluent
// written in two such loops (BenchmarkFluentWrites).
func (x *executor) define(name string, g, v, old, merged z3.Term) z3.Term {
	switch g {
	case x.ctx.True():
		return v
	case x.ctx.False():
		return old
	}
	t := x.ctx.FreshConst(name, merged.Sort())
	x.assumptions = append(x.assumptions,
		x.ctx.Implies(g, x.ctx.Eq(t, v)),
		x.ctx.Implies(x.ctx.Not(g), x.ctx.Eq(t, old)))
	x.noteChoice(t, g, v, old) // t is the value it names, provenance included
	return t
}

// mutable refuses an in-place mutation that the prover cannot model.
func mutable(pos ir.Pos, s *seqValue, what string) error {
	switch {
	case s.unbounded != "":
		return bounded(pos, s, what)
	case s.frozen:
		return unsupported(pos, what+" of a list that different paths bound to different lists")
	case s.iterating > 0:
		return unsupported(pos, what+" of a list while a loop runs over it")
	}
	return nil
}

// appendTo is xs.append(v) on guard g, in place. A list of known length
// appended to unconditionally-or-not stays dense with a symbolic length;
// after that, further appends make it sparse (see seqValue).
func (x *executor) appendTo(pos ir.Pos, s *seqValue, v value, g z3.Term) error {
	if err := mutable(pos, s, "append"); err != nil {
		return err
	}
	if len(s.elems) >= maxUnroll {
		return unsupported(pos, fmt.Sprintf("a list of more than %d elements", maxUnroll))
	}
	if s.present == nil && !s.n.IsValid() {
		n := x.length(s)
		s.elems = append(s.elems, v)
		s.n = x.ctx.Ite(g, x.ctx.Add(n, x.ctx.Int(1)), n)
		return nil
	}
	x.makeSparse(s)
	s.elems = append(s.elems, v)
	s.present = append(s.present, g)
	return nil
}

// extend is xs.extend(src) on guard g, in place. The elements of src
// and their existence are read before xs changes (xs.extend(xs) doubles
// xs, as in Python), then appended in order, each on g and its own
// existence. Two lists of known length stay dense: xs gets the symbolic
// length "len + m on g"; other shapes go through appendTo.
func (x *executor) extend(pos ir.Pos, s *seqValue, src value, g z3.Term) error {
	ys, ok := src.(*seqValue)
	if !ok {
		return unsupported(pos, "extend with a str in a proof")
	}
	if err := mutable(pos, s, "extend"); err != nil {
		return err
	}
	if err := bounded(pos, ys, "extend"); err != nil {
		return err
	}
	elems := append([]value{}, ys.elems...)
	if ys.keys != nil {
		elems = append([]value{}, ys.keys...) // a dict gives its keys
	}
	exists := make([]z3.Term, len(elems))
	for i := range elems {
		exists[i] = x.ctx.True()
		if ys.keys == nil {
			exists[i] = x.exists(ys, i)
		}
	}
	if len(s.elems)+len(elems) > maxUnroll {
		return unsupported(pos, fmt.Sprintf("a list of more than %d elements", maxUnroll))
	}
	known := func(l *seqValue) bool { return l.present == nil && !l.n.IsValid() }
	if known(s) && (known(ys) || ys.keys != nil) {
		if len(elems) == 0 {
			return nil
		}
		n := int64(len(s.elems))
		s.elems = append(s.elems, elems...)
		s.n = x.ctx.Ite(g, x.ctx.Int(n+int64(len(elems))), x.ctx.Int(n))
		return nil
	}
	for i, v := range elems {
		if err := x.appendTo(pos, s, v, x.ctx.And(g, exists[i])); err != nil {
			return err
		}
	}
	return nil
}

// makeSparse turns a dense list into the same list in sparse form.
func (x *executor) makeSparse(s *seqValue) {
	if s.present != nil {
		return
	}
	present := make([]z3.Term, len(s.elems))
	for i := range s.elems {
		present[i] = x.exists(s, i)
	}
	s.present, s.n = present, z3.Term{}
}

// dense refuses a sparse list where positions matter.
func dense(pos ir.Pos, s *seqValue, what string) error {
	if s.present != nil {
		return unsupported(pos, what+" of a list built by conditional appends")
	}
	return nil
}

// position is a Python index i into a sequence of length n, normalised:
// negative indices count from the end. The plan raises IndexError on g
// unless the index is in range.
func (x *executor) position(s *seqValue, idx z3.Term, g z3.Term) z3.Term {
	c := x.ctx
	n := x.length(s)
	at := c.Ite(c.Lt(idx, c.Int(0)), c.Add(idx, n), idx)
	x.raiseUnless(g, c.And(c.Le(c.Int(0), at), c.Lt(at, n)))
	return at
}

func (x *executor) index(sc scope, e *ir.Index, g z3.Term) (value, error) {
	v, err := x.expr(sc, e.X, g)
	if err != nil {
		return nil, err
	}
	iv, err := x.expr(sc, e.Index, g)
	if err != nil {
		return nil, err
	}
	c := x.ctx
	switch v := v.(type) {
	case z3.Term:
		// str: one code point; IndexError out of range.
		n := c.Length(v)
		idx := iv.(z3.Term)
		at := c.Ite(c.Lt(idx, c.Int(0)), c.Add(idx, n), idx)
		x.raiseUnless(g, c.And(c.Le(c.Int(0), at), c.Lt(at, n)))
		return c.At(v, at), nil
	case *seqValue:
		if v.keys != nil {
			return x.dictGet(e.Pos, v, iv, g)
		}
		if err := bounded(e.Pos, v, "indexing"); err != nil {
			return nil, err
		}
		if err := dense(e.Pos, v, "indexing"); err != nil {
			return nil, err
		}
		if k, ok := constInt(e.Index); ok && !v.n.IsValid() {
			if k < 0 {
				k += int64(len(v.elems))
			}
			if k < 0 || k >= int64(len(v.elems)) {
				x.raiseUnless(g, c.False())
				return x.junk(e.Pos, e.T, v)
			}
			return v.elems[k], nil
		}
		// The rows the index may select get their deferred
		// postconditions (lazyrows.go): selectAt merges them into a row
		// of its own, whose reads would not.
		if k, ok := constInt(e.Index); ok && k >= 0 && k < int64(len(v.elems)) {
			if r, isRow := v.elems[k].(*rowValue); isRow {
				if err := x.assumeRow(r); err != nil {
					return nil, err
				}
			}
		} else {
			for _, el := range v.elems {
				if r, isRow := el.(*rowValue); isRow {
					if err := x.assumeRow(r); err != nil {
						return nil, err
					}
				}
			}
		}
		at := x.position(v, iv.(z3.Term), g)
		return x.selectAt(e.Pos, v, at)
	}
	return nil, unsupported(e.Pos, "indexing a "+e.X.Type().String())
}

// junk is a value of an element of s for a path that raises before it
// is used.
func (x *executor) junk(pos ir.Pos, t ir.Type, s *seqValue) (value, error) {
	if len(s.elems) > 0 {
		return s.elems[0], nil
	}
	sort, err := x.sortOf(pos, t)
	if err != nil {
		return nil, err
	}
	return x.ctx.FreshConst("unused", sort), nil
}

// selectAt is element at of s, for an index already checked to be in
// range: an if-then-else over the possible positions.
func (x *executor) selectAt(pos ir.Pos, s *seqValue, at z3.Term) (value, error) {
	if len(s.elems) == 0 {
		return x.junk(pos, elemType(s.typ), s)
	}
	out := s.elems[len(s.elems)-1]
	for i := len(s.elems) - 2; i >= 0; i-- {
		v, err := x.merge(pos, x.ctx.Eq(at, x.ctx.Int(int64(i))), s.elems[i], out)
		if err != nil {
			return nil, err
		}
		out = v
	}
	return out, nil
}

func elemType(t ir.Type) ir.Type {
	if l, ok := t.(*ir.List); ok {
		return l.Elem
	}
	return ir.None
}

// dictGet is d[k]: KeyError unless k is a key.
func (x *executor) dictGet(pos ir.Pos, d *seqValue, k value, g z3.Term) (value, error) {
	var found []z3.Term
	var out value
	for i := len(d.keys) - 1; i >= 0; i-- {
		eq, err := x.equal(pos, k, d.keys[i])
		if err != nil {
			return nil, err
		}
		found = append(found, eq)
		if out == nil {
			out = d.elems[i]
			continue
		}
		if out, err = x.merge(pos, eq, d.elems[i], out); err != nil {
			return nil, err
		}
	}
	x.raiseUnless(g, x.ctx.Or(append(found, x.ctx.False())...))
	if out == nil {
		x.raiseUnless(g, x.ctx.False())
		return nil, unsupported(pos, "indexing an empty dict")
	}
	return out, nil
}

// dictGetOr is d.get(k, dflt): the value under the key that equals k,
// else dflt (None when the plan gave no default: the result is then a
// T | None, optional.go). It never raises.
func (x *executor) dictGetOr(pos ir.Pos, d *seqValue, k, dflt value) (value, error) {
	out := dflt
	for i := len(d.keys) - 1; i >= 0; i-- {
		eq, err := x.equal(pos, k, d.keys[i])
		if err != nil {
			return nil, err
		}
		if out, err = x.merge(pos, eq, d.elems[i], out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// setIndex is xs[i] = v on a list, in place and guarded. Python
// evaluates the value first, then the list, then the index, and stores
// the object itself: a list stored so is shared with every other name
// for it, and a later mutation through either is seen through both.
// Where the store is conditional (a guard, a symbolic index) the slot
// holds one of two objects, which merge freezes: mutating either later
// is refused instead of being lost.
func (x *executor) setIndex(fr *frame, s *ir.SetIndex, g z3.Term) error {
	v, err := x.expr(fr, s.Value, g)
	if err != nil {
		return err
	}
	target, err := x.expr(fr, s.X, g)
	if err != nil {
		return err
	}
	list, ok := target.(*seqValue)
	if !ok || list.keys != nil {
		return unsupported(s.Pos, "item assignment on a "+s.X.Type().String())
	}
	iv, err := x.expr(fr, s.Index, g)
	if err != nil {
		return err
	}
	if err := mutable(s.Pos, list, "item assignment"); err != nil {
		return err
	}
	if err := dense(s.Pos, list, "item assignment"); err != nil {
		return err
	}
	if k, isConst := iv.(z3.Term).Int64Value(); isConst && !list.n.IsValid() {
		// A constant index into a list of known length names one slot
		// (or raises IndexError on g): only that slot changes.
		n := int64(len(list.elems))
		at := k
		if at < 0 {
			at += n
		}
		if at < 0 || at >= n {
			x.raiseUnless(g, x.ctx.False())
			return nil
		}
		merged, err := x.merge(s.Pos, g, v, list.elems[at])
		if err != nil {
			return err
		}
		list.elems[at] = merged
		return nil
	}
	at := x.position(list, iv.(z3.Term), g)
	for i := range list.elems {
		hit := x.ctx.And(g, x.ctx.Eq(at, x.ctx.Int(int64(i))))
		merged, err := x.merge(s.Pos, hit, v, list.elems[i])
		if err != nil {
			return err
		}
		list.elems[i] = merged
	}
	return nil
}

// attr reads a row's field.
func (x *executor) attr(pos ir.Pos, v value, field string) (value, error) {
	row, ok := v.(*rowValue)
	if !ok {
		return nil, internalf(pos, "field %s of a %T", field, v)
	}
	i := fieldIndex(row.typ, field)
	if i < 0 {
		return nil, internalf(pos, "row %s has no field %s", row.typ.Name, field)
	}
	if row.fields[i] == nil {
		return nil, unsupported(pos, fmt.Sprintf("reading %s.%s (a %s column) in a proof", row.typ.Name, field, row.typ.Fields[i].Type))
	}
	if err := x.assumeRow(row); err != nil { // lazyrows.go
		return nil, err
	}
	x.assumeColumnInt64(row, i)
	return row.fields[i], nil
}

// enumerate pairs each element with its index; the length is the list's.
func (x *executor) enumerate(pos ir.Pos, t ir.Type, s *seqValue, start z3.Term) (value, error) {
	if err := bounded(pos, s, "enumerate"); err != nil {
		return nil, err
	}
	out := &seqValue{typ: t, n: s.n}
	tt := elemType(t)
	// In a sparse list the index of element i counts the elements
	// present before it.
	idx := start
	for i, e := range s.elems {
		if s.present == nil {
			idx = x.ctx.Add(start, x.ctx.Int(int64(i)))
		}
		out.elems = append(out.elems, &seqValue{typ: tt, elems: []value{idx, e}})
		if s.present != nil {
			idx = x.ctx.Add(idx, x.ctx.Ite(s.present[i], x.ctx.Int(1), x.ctx.Int(0)))
		}
	}
	if s.present != nil {
		out.present = append([]z3.Term{}, s.present...)
	}
	out.sources = []*seqValue{s}
	return out, nil
}

// zip pairs the elements of several lists; the length is the shortest.
func (x *executor) zip(pos ir.Pos, t ir.Type, lists []*seqValue) (value, error) {
	out := &seqValue{typ: t}
	capacity := -1
	symbolic := false
	for _, s := range lists {
		if err := bounded(pos, s, "zip"); err != nil {
			return nil, err
		}
		if err := dense(pos, s, "zip"); err != nil {
			return nil, err
		}
		if capacity < 0 || len(s.elems) < capacity {
			capacity = len(s.elems)
		}
		symbolic = symbolic || s.n.IsValid()
	}
	if symbolic {
		n := x.length(lists[0])
		for _, s := range lists[1:] {
			m := x.length(s)
			n = x.ctx.Ite(x.ctx.Lt(m, n), m, n)
		}
		out.n = n
	}
	tt := elemType(t)
	for i := range max(capacity, 0) {
		tuple := &seqValue{typ: tt}
		for _, s := range lists {
			tuple.elems = append(tuple.elems, s.elems[i])
		}
		out.elems = append(out.elems, tuple)
	}
	out.sources = lists
	return out, nil
}

// comprehension builds a list comprehension by guarded appends to a new
// list, clause by clause as nested loops.
func (x *executor) comprehension(sc scope, e *ir.Comprehension, g z3.Term) (value, error) {
	if e.Kind != ir.ListComp {
		return nil, unsupported(e.Pos, "a set or dict comprehension in a proof")
	}
	fr, ok := sc.(*frame)
	if !ok {
		return nil, unsupported(e.Pos, "a comprehension here")
	}
	out := &seqValue{typ: e.T, present: []z3.Term{}}
	var clause func(k int, g z3.Term) error
	clause = func(k int, g z3.Term) error {
		if k == len(e.Clauses) {
			v, err := x.expr(fr, e.Elem, g)
			if err != nil {
				return err
			}
			return x.appendTo(e.Pos, out, v, g)
		}
		cl := e.Clauses[k]
		iter, err := x.expr(fr, cl.Iter, g)
		if err != nil {
			return err
		}
		seq, ok := iter.(*seqValue)
		if !ok {
			return unsupported(e.Pos, "a comprehension over a "+cl.Iter.Type().String())
		}
		if err := bounded(e.Pos, seq, "a comprehension"); err != nil {
			return err
		}
		elems := seq.elems
		if seq.keys != nil {
			elems = seq.keys
		}
		// The comprehension reads the live list, as a for loop does: a
		// helper its element calls may not mutate it (refused, as for a
		// loop) since the copy below would not see the change.
		done := x.iterate(seq)
		defer done()
		for i, elem := range elems {
			if err := x.iteration(e.Pos); err != nil {
				return err
			}
			gi := x.ctx.And(g, x.exists(seq, i))
			// Clause variables are read by nothing else, so binding
			// them unguarded is exact.
			if o := fr.owner(cl.Var); o != fr {
				return internalf(e.Pos, "comprehension variable %s is not a local of this function", cl.Var.Name)
			}
			fr.slots[cl.Var.Index] = slot{val: elem, defined: x.ctx.True()}
			for _, cond := range cl.Conds {
				cv, err := x.expr(fr, cond, gi)
				if err != nil {
					return err
				}
				t, err := x.truthy(e.Pos, cond.Type(), cv)
				if err != nil {
					return err
				}
				gi = x.ctx.And(gi, t)
			}
			if err := clause(k+1, gi); err != nil {
				return err
			}
		}
		return nil
	}
	if err := clause(0, g); err != nil {
		return nil, err
	}
	return out, nil
}
