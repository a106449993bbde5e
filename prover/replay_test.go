package prover

import (
	"context"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// TestNonReplayingCounterexampleRefuses plants a prover bug: a guarantee
// goal whose formula is false although the plan keeps the guarantee. The
// solver finds a "counterexample", the interpreter's replay shows the
// guarantee holding, and the obligation is refused as an internal error
// with no counterexample shown.
func TestNonReplayingCounterexampleRefuses(t *testing.T) {
	e := sendEmail()
	main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(e, 7, str("bob@example.com"), str("hi"))}}
	gr := &ir.Guarantee{Source: "emails.only(['bob@example.com'])", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}}
	p := program([]*ir.Effect{e}, main, gr)
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc, prog: p, columns: map[string]column{}, timeout: DefaultTimeout, runCtx: context.Background()}
	if err := x.run(p.Target); err != nil {
		t.Fatal(err)
	}
	honest, err := x.guarantee(gr)
	if err != nil {
		t.Fatal(err)
	}
	honest.guarantee = gr
	if ob := x.decide(honest); ob.Status != Proved {
		t.Fatalf("the honest goal is %v: %s", ob.Status, ob.Reason)
	}
	planted := goal{
		ob:        &Obligation{Kind: KindGuarantee, Name: gr.Source, Pos: gr.Pos},
		holds:     zc.False(),
		guarantee: gr,
		explain:   func(*z3.Model) *Counterexample { return &Counterexample{Summary: "planted"} },
	}
	ob := x.decide(planted)
	if ob.Status != Refused || ob.Counterexample != nil || ob.Code != ir.NoReplay {
		t.Fatalf("got %v, reason %q, counterexample %v; want a refusal saying it does not replay", ob.Status, ob.Reason, ob.Counterexample)
	}
}
