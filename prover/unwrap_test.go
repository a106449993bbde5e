package prover

import (
	"context"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// Optional values are not encoded: a narrowed read (ir.Unwrap) is refused
// with a located message, and the plan is not proved.
func TestUnwrapRefused(t *testing.T) {
	eff := sendEmail()
	addr := &ir.Local{Name: "addr", Type: &ir.Optional{Elem: ir.Str}}
	main := &ir.Func{Name: "main", Locals: []*ir.Local{addr}, Result: ir.None, Body: []ir.Stmt{
		&ir.Assign{Pos: pos(6), Dest: addr, Value: str("bob@example.com")},
		call(eff, 7, &ir.Unwrap{Pos: pos(7), X: ref(addr)}, str("hi")),
	}}
	p := program([]*ir.Effect{eff}, main, &ir.Guarantee{Source: "only(['bob@example.com'])", Contract: onlyContract(eff), Args: []ir.Expr{strList("bob@example.com")}})
	if err := ir.Verify(p); err != nil {
		t.Fatal(err)
	}
	_, err := Prove(context.Background(), p, Options{})
	if err == nil || err.Error() != "plan.py:7:5: a str | None narrowed by an `is None` check in a proof is not supported" {
		t.Fatalf("Prove: %v; want a located `is not supported` refusal", err)
	}
}
