package prover

import (
	"context"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// A format spec is not encoded in proofs: a literal one and a computed one
// (f"{n:{w}}") are each refused with a located message, never read as
// str(n).
func TestFormatSpecRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		part func(n *ir.Local) ir.FPart
		want string
	}{
		{"literal", func(n *ir.Local) ir.FPart { return ir.FPart{X: &ir.LocalRef{Pos: pos(7), Local: n}, Spec: ">5"} },
			"plan.py:7:5: format spec :>5 in a proof is not supported"},
		{"computed", func(n *ir.Local) ir.FPart {
			return ir.FPart{X: &ir.LocalRef{Pos: pos(7), Local: n}, DynSpec: &ir.FString{Pos: pos(7), Parts: []ir.FPart{{X: ref(n)}}}}
		}, "plan.py:7:5: computed format spec in a proof is not supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eff := sendEmail()
			n := &ir.Local{Name: "n", Type: ir.Int}
			part := tc.part(n)
			main := &ir.Func{Name: "main", Locals: []*ir.Local{n}, Result: ir.None, Body: []ir.Stmt{
				&ir.Assign{Pos: pos(6), Dest: n, Value: num(5)},
				call(eff, 7, str("bob@example.com"), &ir.FString{Pos: pos(7), Parts: []ir.FPart{{Lit: "n="}, part}}),
			}}
			p := program([]*ir.Effect{eff}, main, &ir.Guarantee{Source: "only(['bob@example.com'])", Contract: onlyContract(eff), Args: []ir.Expr{strList("bob@example.com")}})
			if err := ir.Verify(p); err != nil {
				t.Fatal(err)
			}
			_, err := Prove(context.Background(), p, Options{})
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Prove: %v; want %q", err, tc.want)
			}
		})
	}
}
