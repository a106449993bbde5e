package prover

import (
	"fmt"
	"slices"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// column records which row column a fresh field term stands for, so a
// refusal can name the uniqueness a distinct claim is missing.
type column struct {
	row   *ir.Row
	field string
}

// freshResult is the value a trusted effect returns: unconstrained but for
// the postconditions the caller assumes. Every call gets its own terms,
// so two calls of the same query are independent results.
func (x *executor) freshResult(pos ir.Pos, e *ir.Effect, t ir.Type, name string) (value, error) {
	return x.fresh(pos, e, t, name, false)
}

// fresh is freshResult for the result (inner false) or a list nested in
// it (inner true). The effect's ensures speak of the result itself: an
// ensures len(result) <= N bounds the outer list only, and __unique__ is
// checked by the engines on the result's own rows only, so an inner list
// gets neither: its elements are not modelled (like an unbounded result)
// and its rows are not assumed distinct.
func (x *executor) fresh(pos ir.Pos, e *ir.Effect, t ir.Type, name string, inner bool) (value, error) {
	switch t := t.(type) {
	case *ir.Basic:
		if t.Kind == ir.KindNone {
			return noneValue{}, nil
		}
		sort, err := x.sortOf(pos, t)
		if err != nil {
			return nil, err
		}
		v := x.ctx.FreshConst(name, sort)
		if t.Kind == ir.KindInt {
			x.assumeInt64(v)
		}
		return v, nil
	case *ir.Optional:
		// A T | None result of an int, str or bool T: a tag (is it a
		// T?) and the T (optional.go), both unconstrained.
		if b, ok := t.Elem.(*ir.Basic); ok && (b.Kind == ir.KindInt || b.Kind == ir.KindStr || b.Kind == ir.KindBool) {
			v, err := x.fresh(pos, e, t.Elem, name, inner)
			if err != nil {
				return nil, err
			}
			return optValue{some: x.ctx.FreshConst(name+".is_T", x.ctx.BoolSort()), val: v.(z3.Term)}, nil
		}
	case *ir.Row:
		row := &rowValue{typ: t, fields: make([]value, len(t.Fields))}
		for i, f := range t.Fields {
			ft := f.Type
			o, optional := ft.(*ir.Optional)
			if optional && !slices.Contains(t.Unique, f.Name) {
				// A T | None column of an int, str or bool T: a tag
				// and the T (optional.go).
				ft = o.Elem
			}
			if !ir.IsBasic(ft, ir.KindInt) && !ir.IsBasic(ft, ir.KindStr) && !ir.IsBasic(ft, ir.KindBool) {
				continue // not modelled: reading it refuses
			}
			sort, err := x.sortOf(pos, ft)
			if err != nil {
				return nil, err
			}
			term := x.ctx.FreshConst(name+"."+f.Name, sort)
			if ir.IsBasic(ft, ir.KindInt) {
				x.deferInt64(row, i, term) // lazyrows.go: assumed when read
			}
			x.columns[term.String()] = column{row: t, field: f.Name}
			x.noteOrigin(term, t, f.Name, name+"."+f.Name)
			row.fields[i] = term
			if optional {
				row.fields[i] = optValue{some: x.ctx.FreshConst(name+"."+f.Name+".is_T", x.ctx.BoolSort()), val: term}
			}
		}
		return row, nil
	case *ir.List:
		list := &seqValue{typ: t, n: x.ctx.FreshConst(name+".len", x.ctx.IntSort())}
		x.assumptions = append(x.assumptions, x.ctx.Ge(list.n, x.ctx.Int(0)))
		capacity, ok := lengthBound(e)
		if !ok || inner {
			list.unbounded, list.inner = e.Name, inner
			return list, nil
		}
		if capacity > maxUnroll {
			return nil, unsupported(pos, fmt.Sprintf("a result of %s with up to %d elements (the limit is %d)", e.Name, capacity, maxUnroll))
		}
		if x.resultCap > 0 {
			capacity = min(capacity, x.resultCap)
		}
		// Every real result has at most capacity elements; the
		// postcondition says so, and assuming it unconditionally only
		// constrains the unused value of a call that is not reached.
		x.assumeOfResult(x.ctx.Le(list.n, x.ctx.Int(int64(capacity))))
		list.elems = make([]value, capacity)
		for i := range list.elems {
			v, err := x.fresh(pos, e, t.Elem, fmt.Sprintf("%s[%d]", name, i), true)
			if err != nil {
				return nil, err
			}
			list.elems[i] = v
			x.noteExists(v, x.ctx.Lt(x.ctx.Int(int64(i)), list.n))
		}
		if row, isRow := t.Elem.(*ir.Row); isRow && !inner {
			x.assumeUnique(row, list)
			x.rowLists = append(x.rowLists, list)
		}
		return list, nil
	}
	return nil, unsupported(pos, fmt.Sprintf("a result of type %s from %s", t, e.Name))
}

// assumeUnique records what the row schema declares with __unique__: no
// two rows of one result share the column. Only distinct claims assume it
// (leaving an assumption out can only refuse more, never prove more, and
// Z3's string solver slows down badly with it). The constraint covers the
// unused capacity too, which only restricts values no execution reads
// (unique columns are int or str, so such values always exist).
func (x *executor) assumeUnique(row *ir.Row, list *seqValue) {
	if len(list.elems) < 2 {
		return
	}
	for _, col := range row.Unique {
		i := fieldIndex(row, col)
		if i < 0 {
			continue
		}
		terms, inj := x.distinctColumn(list, i)
		x.uniqueness = append(x.uniqueness, terms...)
		x.injections = append(x.injections, inj)
		x.uniqueRetry = append(x.uniqueRetry, uniqueColumn{list: list, field: i})
	}
}

// uniqueColumn is one __unique__ column of one query result, for a goal
// decided again because its model repeated a unique column (prove.go).
type uniqueColumn struct {
	list  *seqValue
	field int
}

// uniqueRetryTerms assume every query result's __unique__ columns of the
// rows that exist only, by pairwise disequalities: Z3 finds a model for
// them far faster than for the injection over the whole capacity. They
// are quadratic in the rows (half a million pairs per column at 1000
// rows), so they are built only when a goal is decided again.
func (x *executor) uniqueRetryTerms() []z3.Term {
	var pairs []z3.Term
	for _, u := range x.uniqueRetry {
		elems := u.list.elems
		for k := range elems {
			for j := k + 1; j < len(elems); j++ {
				a, b := elems[k].(*rowValue).fields[u.field].(z3.Term), elems[j].(*rowValue).fields[u.field].(z3.Term)
				pairs = append(pairs, x.ctx.Implies(x.ctx.And(x.exists(u.list, k), x.exists(u.list, j)), x.ctx.Not(x.ctx.Eq(a, b))))
			}
		}
	}
	return pairs
}

// distinctColumn says that no two elements of list share field i, by an
// injection: a fresh function maps the field of element k to k. It
// returns the constraints and the injection, which the caller records
// (injectiveKeys) only when it assumes them. Z3 4.8.12
// handles this far better than a distinct over many strings, which made
// easy satisfiable string problems time out.
func (x *executor) distinctColumn(list *seqValue, i int) ([]z3.Term, injection) {
	first := list.elems[0].(*rowValue).fields[i].(z3.Term)
	inj := x.ctx.FreshFuncDecl("position", []z3.Sort{first.Sort()}, x.ctx.IntSort())
	out := make([]z3.Term, len(list.elems))
	at := make(map[z3.Term]int64, len(list.elems))
	for k, e := range list.elems {
		t := e.(*rowValue).fields[i].(z3.Term)
		out[k] = x.ctx.Eq(x.ctx.Apply(inj, t), x.ctx.Int(int64(k)))
		at[t] = int64(k)
	}
	return out, injection{f: inj, at: at}
}

// injection is one __unique__ column's function of distinctColumn: f maps
// the column's term of element k to k (at[term] = k).
type injection struct {
	f  z3.FuncDecl
	at map[z3.Term]int64
}

// injectiveKeys gives a condition sufficient for the keys of ms to be
// distinct, linear in the members, when every key is a unique column's
// term of one query result, each of a different row: that the column's
// injection maps each member's key, when the member is in the relation,
// to its row's position. It suffices because an injection is a function:
// two members in the relation with equal keys would map to one position,
// and their positions differ. The condition is returned as its violations
// (one per member); nil when the keys have no such shape, and the pairs
// are checked.
func (x *executor) injectiveKeys(ms []member, keys []value) [][]z3.Term {
	if len(ms) < 2 {
		return nil
	}
	for _, inj := range x.injections {
		seen := map[int64]bool{}
		vs := make([][]z3.Term, 0, len(ms))
		for i, m := range ms {
			t, ok := keys[i].(z3.Term)
			if !ok {
				break
			}
			k, ok := inj.at[t]
			if !ok || seen[k] {
				break
			}
			seen[k] = true
			vs = append(vs, []z3.Term{m.in, x.ctx.Not(x.ctx.Eq(x.ctx.Apply(inj.f, t), x.ctx.Int(k)))})
		}
		if len(vs) == len(ms) {
			return vs
		}
	}
	return nil
}

func fieldIndex(row *ir.Row, name string) int {
	for i, f := range row.Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// lengthBound reads the largest length an effect's result may have from
// its postconditions: a clause that is (a conjunction containing)
// len(result) <= K, len(result) < K, K >= len(result) or K > len(result).
// Only the clause's literal shape counts, so the bound is sound by
// construction.
func lengthBound(e *ir.Effect) (int, bool) {
	best, found := 0, false
	for _, cond := range e.Ensures {
		if len(cond.Pred.Params) != 1 {
			continue
		}
		for _, conj := range conjuncts(cond.Pred.Body) {
			if k, ok := lenBound(conj, cond.Pred.Params[0]); ok && (!found || k < best) {
				best, found = k, true
			}
		}
	}
	return best, found
}

func conjuncts(e ir.Expr) []ir.Expr {
	if b, ok := e.(*ir.BoolOp); ok && b.Op == ir.And {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ir.Expr{e}
}

func lenBound(e ir.Expr, result *ir.Local) (int, bool) {
	cmp, ok := e.(*ir.Compare)
	if !ok || len(cmp.Ops) != 1 {
		return 0, false
	}
	isLen := func(e ir.Expr) bool {
		b, ok := e.(*ir.Builtin)
		if !ok || b.Name != "len" || len(b.Args) != 1 {
			return false
		}
		r, ok := b.Args[0].(*ir.LocalRef)
		return ok && r.Local == result
	}
	l, r := cmp.Operands[0], cmp.Operands[1]
	op := cmp.Ops[0]
	if isLen(r) {
		l, r = r, l
		switch op {
		case ir.GtE:
			op = ir.LtE
		case ir.Gt:
			op = ir.Lt
		default:
			return 0, false
		}
	}
	if !isLen(l) {
		return 0, false
	}
	k, ok := constInt(r)
	if !ok {
		return 0, false
	}
	switch op {
	case ir.LtE:
		return int(max(k, 0)), true
	case ir.Lt:
		return int(max(k-1, 0)), true
	case ir.Eq:
		return int(max(k, 0)), true
	}
	return 0, false
}

// missingUniqueness names the column whose declared uniqueness would
// prove a failed distinct claim: for each int or str column not declared
// unique of each row list a query returned, it asks whether the claim
// holds once the column is assumed unique. It returns "" when no single
// column would do. When confirm is set, s's search was bounded
// (goal.diagnose), and a column is named only if its uniqueness rules the
// violation out on confirm too: that check, without the bound, is slow
// when it is satisfiable, so it is asked only of the column s names.
func (x *executor) missingUniqueness(s, confirm *z3.Solver) string {
	for _, list := range x.rowLists {
		row := elemType(list.typ).(*ir.Row)
		if len(list.elems) < 2 {
			continue
		}
		for i, f := range row.Fields {
			if slices.Contains(row.Unique, f.Name) || (!ir.IsBasic(f.Type, ir.KindInt) && !ir.IsBasic(f.Type, ir.KindStr)) {
				continue
			}
			terms, _ := x.distinctColumn(list, i)
			if rulesOut(s, terms) && (confirm == nil || rulesOut(confirm, terms)) {
				return fmt.Sprintf("it would hold if %s.%s were unique, but the row schema does not declare it (add __unique__ = (%q,) to %s)", row.Name, f.Name, f.Name, row.Name)
			}
		}
	}
	return ""
}

// assumeOfResult assumes t, a postcondition of an effect on its result,
// and records it as one (executor.resultAssumed).
func (x *executor) assumeOfResult(t z3.Term) {
	x.resultAssumed = append(x.resultAssumed, len(x.assumptions))
	x.assumptions = append(x.assumptions, t)
}

// rulesOut reports whether s, which holds a violation, is unsat with ts.
func rulesOut(s *z3.Solver, ts []z3.Term) bool {
	s.Push()
	defer s.Pop(1)
	for _, t := range ts {
		s.Assert(t)
	}
	r, err := s.Check()
	return err == nil && r == z3.Unsat
}
