package prover

import (
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

// The corpus (plans db_provenance_*) checks provenance end to end on
// Python plans; these tests check the parts plans cannot reach: where a
// column reference is refused, and the concrete monitor's reading of it.

var userRow = &ir.Row{Module: "tools.db.trusted.schemas", Name: "UserRow", Fields: []*ir.Param{
	{Name: "id", Type: ir.Int}, {Name: "email", Type: ir.Str}, {Name: "name", Type: ir.Str}}}

func emailColumn(fact *ir.Local, negated bool) *ir.IsColumn {
	return &ir.IsColumn{Pos: pos(3), X: &ir.FactField{Fact: fact, Field: "addr", T: ir.Str}, Row: userRow, Column: "email", Negated: negated}
}

func TestCheckColumnRefs(t *testing.T) {
	rel := relation("send_email", sendEmail())
	fact := &ir.Local{Name: "e", Type: rel.Fact}
	lam := func(body ir.Expr) *ir.Lambda { return &ir.Lambda{Params: []*ir.Local{fact}, Body: body} }
	short := &ir.Compare{Ops: []ir.CmpOp{ir.LtE}, Operands: []ir.Expr{
		&ir.Builtin{Name: "len", Args: []ir.Expr{&ir.FactField{Fact: fact, Field: "msg", T: ir.Str}}, T: ir.Int}, num(3)}}
	filtered := &ir.Relation{Selector: rel.Selector, Effects: rel.Effects, Fact: rel.Fact, Filters: []*ir.Lambda{lam(emailColumn(fact, false))}}
	for _, tc := range []struct {
		name string
		spec ir.Spec
		want string // "" when supported
	}{
		{"all", &ir.All{Rel: rel, Pred: lam(emailColumn(fact, false))}, ""},
		{"and", &ir.All{Rel: rel, Pred: lam(&ir.BoolOp{Op: ir.And, X: emailColumn(fact, false), Y: short, T: ir.Bool})}, ""},
		{"or", &ir.All{Rel: rel, Pred: lam(&ir.BoolOp{Op: ir.Or, X: short, Y: emailColumn(fact, false), T: ir.Bool})}, ""},
		{"not not", &ir.All{Rel: rel, Pred: lam(&ir.UnOp{Op: ir.Not, X: &ir.UnOp{Op: ir.Not, X: emailColumn(fact, false)}})}, ""},
		{"!=", &ir.All{Rel: rel, Pred: lam(emailColumn(fact, true))}, "plan.py:3:5: a column reference under not or != is not supported"},
		{"not", &ir.All{Rel: rel, Pred: lam(&ir.UnOp{Op: ir.Not, X: emailColumn(fact, false)})}, "a column reference under not or != is not supported"},
		{"compared", &ir.All{Rel: rel, Pred: lam(&ir.Compare{Ops: []ir.CmpOp{ir.Eq}, Operands: []ir.Expr{emailColumn(fact, false), &ir.Const{T: ir.Bool, Value: true}}})}, "a column reference inside"},
		{"filter", &ir.Count{Rel: filtered, Op: ir.LtE, N: num(1)}, "a column reference outside the predicate of an all() is not supported"},
		{"filter of all", &ir.All{Rel: filtered, Pred: lam(short)}, "a column reference outside the predicate of an all() is not supported"},
		{"shares_value key", &ir.SharesValue{A: rel, B: rel, KeyA: lam(&ir.FactField{Fact: fact, Field: "addr", T: ir.Str}), KeyB: lam(emailColumn(fact, false))},
			"a column reference outside the predicate of an all() is not supported"},
		{"shares_value filter", &ir.SharesValue{A: rel, B: filtered, KeyA: lam(&ir.FactField{Fact: fact, Field: "addr", T: ir.Str}), KeyB: lam(&ir.FactField{Fact: fact, Field: "addr", T: ir.Str})},
			"a column reference outside the predicate of an all() is not supported"},
		{"shares_value plain", &ir.SharesValue{A: rel, B: rel, KeyA: lam(&ir.FactField{Fact: fact, Field: "addr", T: ir.Str}), KeyB: lam(&ir.FactField{Fact: fact, Field: "addr", T: ir.Str})}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkColumnRefs(tc.spec)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "":
				diagtest.Want(t, err, ir.ProverLimit, tc.want)
			}
		})
	}
}

// TestMonitorColumn checks the monitor's reading of a column reference:
// the address equals the email of a row the trace's queries returned, and
// without the queries' results it cannot decide.
func TestMonitorColumn(t *testing.T) {
	notify := sendEmail()
	query := &ir.Effect{Name: "db_query", Module: "tools.db.trusted.effects", Params: []*ir.Param{{Name: "table", Type: ir.Str}}, Result: &ir.List{Elem: userRow}}
	rel := relation("send_email", notify)
	fact := &ir.Local{Name: "e", Type: rel.Fact}
	c := &ir.Contract{Name: "from_users", Spec: &ir.All{Rel: rel, Pred: &ir.Lambda{Params: []*ir.Local{fact}, Body: emailColumn(fact, false)}}}
	g := &ir.Guarantee{Source: "from_users()", Contract: c}
	main := &ir.Func{Name: "main", Result: ir.None}
	p := program([]*ir.Effect{notify, query}, main, g)
	rows := &interp.List{Elems: []interp.Value{&interp.Row{Type: userRow, Fields: []interp.Value{int64(1), "ann@example.com", "Ann"}}}}
	mon, err := NewMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer mon.Close()
	for _, tc := range []struct {
		name  string
		trace []TraceCall
		holds bool
		err   string
	}{
		{"row email", []TraceCall{{Effect: query, Args: []interp.Value{"users"}, Result: rows}, {Effect: notify, Args: []interp.Value{"ann@example.com", "hi"}}}, true, ""},
		{"other address", []TraceCall{{Effect: query, Args: []interp.Value{"users"}, Result: rows}, {Effect: notify, Args: []interp.Value{"bob@example.com", "hi"}}}, false, ""},
		{"row name", []TraceCall{{Effect: query, Args: []interp.Value{"users"}, Result: rows}, {Effect: notify, Args: []interp.Value{"Ann", "hi"}}}, false, ""},
		{"no query", []TraceCall{{Effect: notify, Args: []interp.Value{"ann@example.com", "hi"}}}, false, ""},
		{"result unknown", []TraceCall{{Effect: query, Args: []interp.Value{"users"}}, {Effect: notify, Args: []interp.Value{"ann@example.com", "hi"}}}, false, "cannot be decided without the rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			holds, err := mon.Holds(p, g, tc.trace)
			if tc.err != "" {
				diagtest.Want(t, err, ir.ProverLimit, tc.err)
				return
			}
			if err != nil || holds != tc.holds {
				t.Fatalf("got %v, %v; want %v", holds, err, tc.holds)
			}
		})
	}
}
