package prover

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// A layer's postcondition over every row of a bounded result
// (ir.Condition.Each, from all(P(r) for r in result)) is assumed row by
// row, when the plan first reads a field of the row, rather than for all
// N rows of every call at once: a plan that loops over 100 rows and runs a
// query per row would otherwise carry 10,000 string constraints it never
// reads, and Z3 runs out of time. Assuming less is sound (a proof holds
// with every postcondition too). A counterexample, though, must satisfy
// all of them, since every engine checks each result: pendingAssumptions
// gives the rest for the model (decide asserts them before taking it).

// The int64 range of a row's int column is deferred the same way, per
// column, until the plan reads that column: a query of 100 rows whose
// rows carry an int id the plan never reads would otherwise add 200
// bounds beside the rows' string postconditions, and Z3 runs out of time
// on a counterexample it finds in a second without them.

// deferInt64 defers the int64 range of column i of row (term).
func (x *executor) deferInt64(row *rowValue, i int, term z3.Term) {
	if x.pendingInt64 == nil {
		x.pendingInt64 = map[*rowValue]map[int]z3.Term{}
	}
	if x.pendingInt64[row] == nil {
		x.pendingInt64[row] = map[int]z3.Term{}
	}
	x.pendingInt64[row][i] = term
}

// assumeColumnInt64 assumes the deferred int64 range of column i of row,
// once.
func (x *executor) assumeColumnInt64(row *rowValue, i int) {
	if t, ok := x.pendingInt64[row][i]; ok {
		delete(x.pendingInt64[row], i)
		x.assumeInt64(t)
	}
}

// pendingRow is one deferred postcondition of one row.
type pendingRow struct {
	each  *ir.Lambda
	guard z3.Term // the call happened and the row is in the result
}

// deferEach defers cond for each row of res when it has a per-row form
// and res is a list of rows; it reports whether it did.
func (x *executor) deferEach(cond *ir.Condition, res value, g z3.Term) bool {
	seq, ok := res.(*seqValue)
	if cond.Each == nil || !ok || seq.keys != nil || seq.unbounded != "" {
		return false
	}
	for _, el := range seq.elems {
		if _, isRow := el.(*rowValue); !isRow {
			return false
		}
	}
	if x.pendingRows == nil {
		x.pendingRows = map[*rowValue][]pendingRow{}
	}
	for i, el := range seq.elems {
		row := el.(*rowValue)
		x.pendingRows[row] = append(x.pendingRows[row], pendingRow{each: cond.Each, guard: x.ctx.And(g, x.exists(seq, i))})
	}
	return true
}

// assumeRow assumes the deferred postconditions of row, once.
func (x *executor) assumeRow(row *rowValue) error {
	pend := x.pendingRows[row]
	if len(pend) == 0 {
		return nil
	}
	delete(x.pendingRows, row)
	for _, p := range pend {
		t, err := x.rowPost(p, row)
		if err != nil {
			return err
		}
		x.assumeOfResult(t)
	}
	return nil
}

func (x *executor) rowPost(p pendingRow, row *rowValue) (z3.Term, error) {
	post, err := x.predicate(p.each, &lambdaScope{vals: map[*ir.Local]value{p.each.Params[0]: row}})
	if err != nil {
		return z3.Term{}, err
	}
	return x.ctx.Implies(p.guard, post), nil
}

// pendingAssumptions are the deferred postconditions of the rows the plan
// never read, for a counterexample's model.
func (x *executor) pendingAssumptions() ([]z3.Term, error) {
	var out []z3.Term
	for row, pend := range x.pendingRows {
		for _, p := range pend {
			t, err := x.rowPost(p, row)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// withPendingRows asserts on s, which holds a violation, the deferred
// postconditions of the rows the plan never read, so that the model is
// one every engine could produce, and says why there is none ("" when s
// is still satisfiable).
func (x *executor) withPendingRows(s *z3.Solver) (ir.Code, string) {
	if code, why := x.withPendingPosts(s); why != "" {
		return code, why
	}
	return x.withPendingInt64(s)
}

// withPendingInt64 makes the model of s, which holds a violation, give
// every unread int column a value in int64, as the engines decode every
// column: when the model already does, nothing is added (so the search
// stays the one the violation was found by); else the deferred ranges are
// asserted and s is checked again.
func (x *executor) withPendingInt64(s *z3.Solver) (ir.Code, string) {
	var ranges []z3.Term
	inRange := true
	m, err := s.Model()
	if err != nil {
		return x.checkCode(err), "looking for a counterexample whose int columns fit in int64: " + err.Error()
	}
	for _, cols := range x.pendingInt64 {
		for _, t := range cols {
			ranges = append(ranges, x.inInt64(t))
			if b, ok := m.Eval(t).BigIntValue(); !ok || !b.IsInt64() {
				inRange = false
			}
		}
	}
	m.Close()
	if inRange {
		return ir.UnknownCode, ""
	}
	for _, t := range ranges {
		s.Assert(t)
	}
	r, err := s.Check()
	switch {
	case err != nil:
		return x.checkCode(err), "looking for a counterexample whose int columns fit in int64: " + err.Error()
	case r != z3.Sat:
		return ir.SolverUnknown, "no counterexample whose int columns fit in int64 was found (solver answered " + r.String() + ")"
	}
	return ir.UnknownCode, ""
}

// withPendingPosts asserts on s the deferred postconditions of the rows
// the plan never read (withPendingRows).
func (x *executor) withPendingPosts(s *z3.Solver) (ir.Code, string) {
	pend, err := x.pendingAssumptions()
	if err != nil {
		return ir.CodeOf(err, ir.Internal), err.Error()
	}
	if len(pend) == 0 {
		return ir.UnknownCode, ""
	}
	// First with every query returning at most one row, where the
	// unread rows' postconditions vanish (smallmodel.go), then in full.
	if small := x.smallResults(smallResultBound); len(small) > 0 {
		s.Push()
		for _, t := range append(small, pend...) {
			s.Assert(t)
		}
		if r, err := s.Check(); err == nil && r == z3.Sat {
			return ir.UnknownCode, ""
		}
		s.Pop(1)
	}
	for _, t := range pend {
		s.Assert(t)
	}
	r, err := s.Check()
	switch {
	case err != nil:
		return x.checkCode(err), "looking for a counterexample whose rows meet their query's postconditions: " + err.Error()
	case r != z3.Sat:
		return ir.SolverUnknown, "no counterexample whose rows meet their query's postconditions was found (solver answered " + r.String() + ")"
	}
	return ir.UnknownCode, ""
}
