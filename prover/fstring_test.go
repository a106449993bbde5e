package prover

import (
	"context"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
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
			// The kind is the code (diagtest.Want); the refusal's whole
			// text, position included, is the user-facing wording under test.
			diagtest.Want(t, err, ir.ProverLimit, tc.want)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Prove: %v; want %q", err, tc.want)
			}
		})
	}
}

// repr of a literal str folds as CPython's repr does: U+0CF3 is not
// printable in CPython 3.11's Unicode 14 (Go's newer tables say it is), so
// f"{'\u0cf3'!r}@x.com" is '\u0cf3'@x.com with the escape, and a
// guarantee naming the unescaped address must not be proved.
func TestReprFoldsAsCPython(t *testing.T) {
	for _, tc := range []struct {
		allowed string
		proved  bool
	}{
		{`'\u0cf3'@x.com`, true},
		{"'\u0cf3'@x.com", false},
	} {
		eff := sendEmail()
		addr := &ir.FString{Pos: pos(6), Parts: []ir.FPart{{X: str("\u0cf3"), Conv: 'r'}, {Lit: "@x.com"}}}
		main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(eff, 6, addr, str("hi"))}}
		p := program([]*ir.Effect{eff}, main, &ir.Guarantee{Source: "only([...])", Contract: onlyContract(eff), Args: []ir.Expr{strList(tc.allowed)}})
		if err := ir.Verify(p); err != nil {
			t.Fatal(err)
		}
		res, err := Prove(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Proved() != tc.proved {
			t.Errorf("only([%q]): proved = %v, want %v", tc.allowed, res.Proved(), tc.proved)
		}
	}
}
