package english_test

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
)

func TestAssumption(t *testing.T) {
	amount := &ir.Local{Name: "amount", Type: ir.Int}
	account := &ir.Local{Name: "account", Type: ir.Str}
	ref := func(l *ir.Local) ir.Expr { return &ir.LocalRef{Local: l} }
	main := &ir.Func{Name: "main"}
	for _, c := range []struct {
		params []*ir.Local
		body   ir.Expr
		want   string
	}{
		{[]*ir.Local{amount}, &ir.Compare{Ops: []ir.CmpOp{ir.Lt, ir.LtE}, Operands: []ir.Expr{num(0), ref(amount), num(5)}},
			"0 is less than the input amount and the input amount is at most 5."},
		{[]*ir.Local{account, amount}, &ir.BoolOp{Op: ir.And, T: ir.Bool,
			X: &ir.Builtin{Name: "str.startswith", Args: []ir.Expr{ref(account), str("acct-")}, T: ir.Bool},
			Y: &ir.Compare{Ops: []ir.CmpOp{ir.In}, Operands: []ir.Expr{ref(amount), &ir.ListLit{Elems: []ir.Expr{num(1), num(2)}}}}},
			"The input account starts with 'acct-' and the input amount is one of 1, 2."},
	} {
		got, err := english.Assumption(main, &ir.Condition{Pred: &ir.Lambda{Params: c.params, Body: c.body}})
		if err != nil || got != c.want {
			t.Errorf("got %q, %v; want %q", got, err, c.want)
		}
	}
	// Anything english has no words for is an error, never a guess.
	_, err := english.Assumption(main, &ir.Condition{Pred: &ir.Lambda{Params: []*ir.Local{amount},
		Body: &ir.Call{Func: &ir.Func{Name: "f", Result: ir.Bool}}}})
	if e := (*english.Error)(nil); !errors.As(err, &e) || e.Kind != english.NoRendering {
		t.Errorf("an unknown predicate gave %v, want an english.Error of kind NoRendering", err)
	}
}
