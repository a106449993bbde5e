package prover

import (
	"fmt"
	"strconv"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// Provenance: a column reference (ir.IsColumn, `e.addr == getattr(UserRow,
// "email")`) holds when the value IS the email field of a row a query
// returned, not when it merely equals one. Values carry no tag of their
// own; instead the executor records, on the Go side, where every term that
// can stand for a column came from:
//
//   - origins: the fresh term of a row field that freshResult made, with
//     its row type, column and the condition under which the row is in
//     the result (element i of a list exists);
//   - choices: every if-then-else term a merge built (a join after an if,
//     a loop iteration, a conditional expression, a symbolic index), and
//     every fresh constant define() introduces to name such a term, with
//     its condition and the two values it picks from.
//
// Assignments, helper returns, list elements and loop variables pass the
// same term along, so they keep its provenance. The tag of a value is then
// read off these records: an origin of the wanted column gives its
// existence condition, a choice gives ite(cond, tag(a), tag(b)), and
// anything else (a literal, another column, a concatenation, any
// computed string) gives false. A term that is not recorded is never
// trusted: the tag can only be too weak, never too strong.
//
// A concrete trace does not carry provenance, so the monitor (replay.go,
// monitor.go) reads a column reference as "equals the column of a row the
// trace's queries returned", which provenance implies. That is sound for
// proved plans only where a column reference is a positive claim, so the
// prover refuses one under not, !=, a filter or a key
// (checkColumnRefs). For a counterexample to replay, the violating value
// must also differ from every returned row's column; the prover looks for
// such a model first (goal.separate, separated) and refuses without a counterexample
// when none exists.

// origin is where a fresh term came from: a column of a query's row.
type origin struct {
	term   z3.Term
	row    *ir.Row
	field  string
	exists z3.Term // the row is in the result; invalid: whenever read
	label  string
}

// choice is an if-then-else term a merge built.
type choice struct{ cond, a, b z3.Term }

// columnNote is one evaluation of a column reference on a fact, for
// counterexamples.
type columnNote struct {
	fact  *fact
	field string
	value z3.Term
	tag   z3.Term
	ref   *ir.IsColumn
}

// monitorRows are the rows a concrete trace's queries returned; known is
// false when a call of an effect that returns something has no recorded
// result, so a column reference cannot be decided.
type monitorRows struct {
	rows  []*interp.Row
	known bool
}

func (x *executor) noteOrigin(t z3.Term, row *ir.Row, field, label string) {
	if x.origins == nil {
		x.origins = map[z3.Term]*origin{}
	}
	o := &origin{term: t, row: row, field: field, label: label}
	x.origins[t] = o
	x.originList = append(x.originList, o)
}

// noteExists records that the fields of row value v exist when cond holds
// (v is element i of a query's list result).
func (x *executor) noteExists(v value, cond z3.Term) {
	r, ok := v.(*rowValue)
	if !ok {
		return
	}
	for _, f := range r.fields {
		if t, ok := f.(z3.Term); ok {
			if o := x.origins[t]; o != nil {
				o.exists = cond
			}
		}
	}
}

// pick is ite(cond, a, b), recorded so that the result keeps the
// provenance of whichever value it is.
func (x *executor) pick(cond, a, b z3.Term) z3.Term {
	t := x.ctx.Ite(cond, a, b)
	x.noteChoice(t, cond, a, b)
	return t
}

// noteChoice records that t is a when cond holds and b otherwise.
func (x *executor) noteChoice(t, cond, a, b z3.Term) {
	if t == a || t == b {
		return // Z3 simplified the choice away: t is a or b itself
	}
	if x.choices == nil {
		x.choices = map[z3.Term]choice{}
	}
	x.choices[t] = choice{cond: cond, a: a, b: b}
}

// fromColumn is the condition under which v is the field column of a row
// of type row that a query returned.
func (x *executor) fromColumn(v z3.Term, row *ir.Row, field string) z3.Term {
	memo := map[z3.Term]z3.Term{}
	var tag func(t z3.Term) z3.Term
	tag = func(t z3.Term) z3.Term {
		if r, ok := memo[t]; ok {
			return r
		}
		memo[t] = x.ctx.False() // a cycle would prove nothing
		r := x.ctx.False()
		if o := x.origins[t]; o != nil {
			if o.field == field && ir.Identical(o.row, row) {
				r = x.ctx.True()
				if o.exists.IsValid() {
					r = o.exists
				}
			}
		} else if ch, ok := x.choices[t]; ok {
			r = x.ctx.Ite(ch.cond, tag(ch.a), tag(ch.b))
		}
		memo[t] = r
		return r
	}
	return tag(v)
}

// differsFromColumns says that v equals no existing row's field column
// (of any query result): what a concrete monitor needs to see that v is
// not the column.
func (x *executor) differsFromColumns(v z3.Term, row *ir.Row, field string) z3.Term {
	conj := []z3.Term{x.ctx.True()}
	for _, o := range x.originList {
		if o.field != field || !ir.Identical(o.row, row) {
			continue
		}
		ne := x.ctx.Not(x.ctx.Eq(v, o.term))
		if o.exists.IsValid() {
			ne = x.ctx.Implies(o.exists, ne)
		}
		conj = append(conj, ne)
	}
	return x.ctx.And(conj...)
}

// isColumn evaluates a column reference.
func (x *executor) isColumn(sc scope, e *ir.IsColumn, g z3.Term) (value, error) {
	if e.Negated {
		return nil, unsupported(e.Pos, "a negated column reference (!=)")
	}
	v, err := x.expr(sc, e.X, g)
	if err != nil {
		return nil, err
	}
	t, ok := v.(z3.Term)
	if !ok {
		return nil, unsupported(e.Pos, "a column reference to a "+e.X.Type().String()+" value")
	}
	if x.monitorRows != nil {
		return x.monitorColumn(e, t)
	}
	tag := x.fromColumn(t, e.Row, e.Column)
	note := columnNote{value: t, tag: tag, ref: e, field: ir.ExprString(e.X)}
	if ff, ok := e.X.(*ir.FactField); ok {
		note.field = ff.Field
		if ls, ok := sc.(*lambdaScope); ok {
			note.fact = ls.facts[ff.Fact]
		}
	}
	x.columnNotes = append(x.columnNotes, note)
	return tag, nil
}

// monitorColumn reads a column reference on a concrete trace: the value
// equals the column of some row the trace's queries returned.
func (x *executor) monitorColumn(e *ir.IsColumn, t z3.Term) (value, error) {
	if !x.monitorRows.known {
		return nil, limitf(e.Pos, "a column reference cannot be decided without the rows the trace's queries returned")
	}
	disj := []z3.Term{x.ctx.False()}
	for _, r := range x.monitorRows.rows {
		if !ir.Identical(r.Type, e.Row) {
			continue
		}
		fv, ok := r.Field(e.Column)
		if !ok {
			return nil, &Error{Pos: e.Pos, Code: ir.Internal, Msg: fmt.Sprintf("row %s has no field %s", r.Type.Name, e.Column)}
		}
		var c z3.Term
		switch fv := fv.(type) {
		case string:
			c = x.ctx.String(fv)
		case int64:
			c = x.ctx.Int(fv)
		default:
			return nil, &Error{Pos: e.Pos, Code: ir.Internal, Msg: fmt.Sprintf("column %s.%s holds a %T", r.Type.Name, e.Column, fv)}
		}
		disj = append(disj, x.ctx.Eq(t, c))
	}
	return x.ctx.Or(disj...), nil
}

// collectRows adds the rows inside a concrete effect result to m.
func (m *monitorRows) collect(v interp.Value) {
	switch v := v.(type) {
	case *interp.Row:
		m.rows = append(m.rows, v)
	case *interp.List:
		for _, e := range v.Elems {
			m.collect(e)
		}
	case interp.Tuple:
		for _, e := range v {
			m.collect(e)
		}
	}
}

// checkColumnRefs refuses column references where the concrete monitor
// could not check them soundly: anywhere but positively (under and / or)
// in the predicate of an all.
func checkColumnRefs(s ir.Spec) error {
	var lambdas []*ir.Lambda
	var rels []*ir.Relation
	switch s := s.(type) {
	case *ir.All:
		rels = append(rels, s.Rel)
		if err := positiveColumns(s.Pred.Body, true); err != nil {
			return err
		}
	case *ir.Empty:
		rels = append(rels, s.Rel)
	case *ir.Distinct:
		rels, lambdas = append(rels, s.Rel), append(lambdas, s.Key)
	case *ir.SharesValue:
		rels, lambdas = append(rels, s.A, s.B), append(lambdas, s.KeyA, s.KeyB)
	case *ir.Count:
		rels = append(rels, s.Rel)
	case *ir.Sum:
		rels, lambdas = append(rels, s.Rel), append(lambdas, s.Key)
	case *ir.FinalAll:
		lambdas = append(lambdas, s.Pred)
	}
	for _, r := range rels {
		lambdas = append(lambdas, r.Filters...)
	}
	for _, l := range lambdas {
		if ref := findColumn(l.Body); ref != nil {
			return unsupported(ref.Pos, "a column reference outside the predicate of an all()")
		}
	}
	return nil
}

func positiveColumns(e ir.Expr, positive bool) error {
	switch e := e.(type) {
	case *ir.IsColumn:
		if !positive || e.Negated {
			return unsupported(e.Pos, "a column reference under not or !=")
		}
		return nil
	case *ir.BoolOp:
		if err := positiveColumns(e.X, positive); err != nil {
			return err
		}
		return positiveColumns(e.Y, positive)
	case *ir.UnOp:
		if e.Op == ir.Not {
			return positiveColumns(e.X, !positive)
		}
	}
	if ref := findColumn(e); ref != nil {
		return unsupported(ref.Pos, "a column reference inside "+ir.ExprString(e))
	}
	return nil
}

func findColumn(e ir.Expr) *ir.IsColumn {
	var found *ir.IsColumn
	ir.Inspect(e, func(e ir.Expr) bool {
		if c, ok := e.(*ir.IsColumn); ok && found == nil {
			found = c
		}
		return found == nil
	})
	return found
}

// explainColumn says why the offending fact's value is not the column:
// where the value came from, following the model's choices.
func (x *executor) explainColumn(mod *z3.Model, offending []*fact, notes []columnNote) string {
	for _, n := range notes {
		if n.fact == nil || len(offending) == 0 || n.fact != offending[0] || isTrue(mod, n.tag) {
			continue
		}
		what := fmt.Sprintf("%s is not the %s column of a %s row", n.field, n.ref.Column, n.ref.Row.Name)
		t := n.value
		for {
			ch, ok := x.choices[t]
			if !ok {
				break
			}
			if isTrue(mod, ch.cond) {
				t = ch.a
			} else {
				t = ch.b
			}
		}
		if o := x.origins[t]; o != nil {
			if o.field == n.ref.Column && ir.Identical(o.row, n.ref.Row) {
				return what + ": it is " + o.label + ", a row the query did not return"
			}
			return what + ": it is the " + o.field + " column of " + o.row.Name + " (" + o.label + ")"
		}
		for _, f := range x.facts {
			if r, ok := f.result.(z3.Term); ok && r == t {
				return what + fmt.Sprintf(": it is the %s that %s() returned at line %d, not a row's column", f.effect.Result, f.effect.Name, f.pos.Line)
			}
		}
		if s, ok := t.StringValue(); ok {
			return what + ": it comes from the literal " + strconv.Quote(s)
		}
		if _, ok := t.Int64Value(); ok {
			return what + ": it comes from a literal"
		}
		return what + ": it is computed (e.g. a concatenation), not taken from a row"
	}
	return ""
}

// separation is what a counterexample to a guarantee with column
// references needs before it is replayed (goal.separate): a value that is
// not a row's column must also differ from every returned row's column,
// or a concrete trace cannot show the violation.
type separation struct {
	notes  []columnNote
	ms     []member
	broken []z3.Term // broken[i]: member i is in the relation and violates
}

// all says it of every column reference: one disequality per note and
// row, quadratic over a loop (a note per iteration, a row per iteration).
func (x *executor) separateAll(sp *separation) []z3.Term {
	out := make([]z3.Term, 0, len(sp.notes))
	for _, n := range sp.notes {
		out = append(out, x.ctx.Implies(x.ctx.Not(n.tag), x.differsFromColumns(n.value, n.ref.Row, n.ref.Column)))
	}
	return out
}

// offending says it of one violation only, linear in the rows: the first
// member that mod violates is violated and its column references (and
// those not tied to a fact) hold or differ from every row's column. A
// trace with that one fact fails the all() already, so this is enough
// for the replay; nil when mod violates no member.
func (x *executor) separateOffending(sp *separation, mod *z3.Model) []z3.Term {
	offending := firstTrue(mod, sp.ms, sp.broken)
	if len(offending) == 0 {
		return nil
	}
	var out []z3.Term
	for i, m := range sp.ms {
		if m.fact == offending[0] {
			out = append(out, sp.broken[i])
			break
		}
	}
	for _, n := range sp.notes {
		if n.fact == nil || n.fact == offending[0] {
			out = append(out, x.ctx.Implies(x.ctx.Not(n.tag), x.differsFromColumns(n.value, n.ref.Row, n.ref.Column)))
		}
	}
	return out
}

// separated looks on s, which holds a violation of g, for one whose
// column references a concrete trace can check: first for the violation
// s's model shows, separated alone (linear in the rows), then, when that
// one cannot be, with every column reference separated, as before the
// linear form existed. It leaves s with what it found asserted.
func (x *executor) separated(s *z3.Solver, sp *separation) (z3.Result, error) {
	mod, err := s.Model()
	if err != nil {
		return z3.Unknown, err
	}
	one := x.separateOffending(sp, mod)
	mod.Close()
	if len(one) > 0 {
		s.Push()
		for _, t := range one {
			s.Assert(t)
		}
		if r, err := s.Check(); err == nil && r == z3.Sat {
			return r, nil
		}
		s.Pop(1)
	}
	for _, t := range x.separateAll(sp) {
		s.Assert(t)
	}
	return s.Check()
}

// separable looks on s, which holds a violation of g, for one whose
// column references a concrete trace can check (separated). When there is
// none (or the solver cannot tell), it refuses ob with the reason.
func (x *executor) separable(s *z3.Solver, g goal, ob *Obligation) bool {
	r, err := x.separated(s, g.separate)
	switch {
	case err != nil:
		ob.refuse(x.checkCode(err), "looking for a counterexample a trace can show: "+err.Error())
	case r == z3.Unsat:
		ob.refuse(ir.ProverLimit, "a column reference fails only for values equal to a returned row's column without being taken from it; no concrete trace shows that, so no counterexample is shown (pass the row's field itself)")
	case r != z3.Sat:
		ob.refuse(ir.SolverUnknown, "solver answered "+r.String()+" while looking for a counterexample a trace can show")
	default:
		return true
	}
	return false
}
