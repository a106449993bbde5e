package interp

import (
	"context"
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestUniqueChecked: the prover assumes a row schema's __unique__, so a
// result whose rows share a unique column is refused with a
// *ContractError naming the row type, the column and the value, before
// the plan sees the value.
func TestUniqueChecked(t *testing.T) {
	row := &ir.Row{Module: "tools.db.trusted.schemas", Name: "UserRow", Unique: []string{"id", "email"},
		Fields: []*ir.Param{{Name: "id", Type: tInt}, {Name: "email", Type: tStr}}}
	q := simEffect("list_users", tList(row))
	pb := newProg()
	pb.effect(q)
	m := pb.fn("main", tNone)
	u := m.local("u", row)
	m.body(For(u, &ir.EffectCall{Pos: P, Effect: q}, Print(&ir.Attr{Pos: P, X: L(u), Field: "id", T: tInt})))
	for _, c := range []struct {
		results, out  string
		column, value any
		first, second int
	}{
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 2, "email": "b@x"}]]}`, "1\n2\n", nil, nil, 0, 0},
		{`{"list_users": [[]]}`, "", nil, nil, 0, 0},
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 2, "email": "b@x"}, {"id": 1, "email": "c@x"}]]}`, "", "id", int64(1), 0, 2},
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 2, "email": "b@x"}, {"id": 3, "email": "b@x"}]]}`, "", "email", "b@x", 1, 2},
	} {
		h, err := NewSimHost([]byte(c.results), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := runProg(t, pb.p, Options{Host: h})
		if c.column == nil {
			if got != c.out {
				t.Errorf("%s: got %q, want %q", c.results, got, c.out)
			}
			continue
		}
		err = Run(context.Background(), pb.p, Options{Host: mustHost(t, c.results)})
		var ce *ContractError
		if !errors.As(err, &ce) || ce.Unique == nil {
			t.Fatalf("%s: got %v, want a *ContractError with Unique set", c.results, err)
		}
		want := UniqueViolation{Row: "UserRow", Column: c.column.(string), Value: c.value, First: c.first, Second: c.second}
		if *ce.Unique != want || ce.Effect != "list_users" || ce.Kind != "postcondition" {
			t.Errorf("%s: got %+v %+v", c.results, ce, ce.Unique)
		}
		// The kind is checked above by type and fields; the text is the
		// wording CPython's stubs print, under test.
		wantMsg := "ContractError: postcondition of list_users failed: __unique__ of UserRow: result[" + string(rune('0'+c.first)) + "] and result[" + string(rune('0'+c.second)) + "] share " + c.column.(string) + " == " + repr(c.value)
		if got != "!! "+wantMsg || err.Error() != wantMsg {
			t.Errorf("%s: got %q, want %q", c.results, got, wantMsg)
		}
	}
}

func mustHost(t *testing.T, results string) *SimHost {
	t.Helper()
	h, err := NewSimHost([]byte(results), nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestNoResultIsTyped: running out of simulated results is a
// *NoResultError (inside the SimulationError), found with errors.As
// through the call's position, not by its text.
func TestNoResultIsTyped(t *testing.T) {
	acct := &ir.Param{Name: "account", Type: tStr}
	balance := simEffect("balance", tInt, acct)
	pb := newProg()
	pb.effect(balance)
	m := pb.fn("main", tNone)
	b := m.local("b", tInt)
	m.body(Let(b, &ir.EffectCall{Pos: P, Effect: balance, Args: []ir.Expr{S("a")}}),
		Let(b, &ir.EffectCall{Pos: P, Effect: balance, Args: []ir.Expr{S("b")}}))
	err := Run(context.Background(), pb.p, Options{Host: mustHost(t, `{"balance": [1]}`)})
	var nr *NoResultError
	var sim *SimulationError
	if !errors.As(err, &nr) || nr.Effect != "balance" || nr.Call != 2 || !errors.As(err, &sim) {
		t.Fatalf("got %v (%T), want a NoResultError for call 2 of balance", err, err)
	}
	if sim.Msg != "simulate: no result left for balance (call 2)" {
		t.Errorf("message %q", sim.Msg)
	}
}
