package prover

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// hardSpend is a plan whose max_spend obligation takes Z3 far longer than
// a millisecond: many withdrawals of free amounts, each guarded by its own
// free condition.
func hardSpend() *ir.Program { return hardSpendN(40) }

// hardSpendN is hardSpend with n guarded withdrawals and a cap scaled
// with them: big enough that no check of it finishes within 1 ms of the
// wall clock (with 40, Z3's incremental solver sometimes found the
// counterexample inside 1 ms, so a wall-clock refusal test got a
// counterexample instead).
func hardSpendN(n int) *ir.Program {
	e := withdraw()
	var locals []*ir.Local
	var body []ir.Stmt
	for i := range n {
		amount := &ir.Local{Name: fmt.Sprintf("a%d", i), Type: ir.Int}
		locals = append(locals, amount)
		body = append(body, &ir.If{
			Cond: &ir.Compare{Ops: []ir.CmpOp{ir.Gt, ir.LtE}, Operands: []ir.Expr{ref(amount), num(0), num(int64(7 + i%5))}},
			Then: []ir.Stmt{call(e, 10+i, str("checking"), ref(amount))},
		})
	}
	limit := int64(279 * n / 40)
	main := &ir.Func{Name: "main", Result: ir.None, Params: locals, Locals: locals, Body: body}
	return program([]*ir.Effect{e}, main, &ir.Guarantee{Source: fmt.Sprintf("bank.max_spend(%d)", limit), Contract: maxSpend(e), Args: []ir.Expr{num(limit)}})
}

// TestTimeoutRefuses plants a per-check timeout far below what the
// obligation needs: the guarantee is refused with Z3's reason, never
// proved, and the result is not proved.
func TestTimeoutRefuses(t *testing.T) {
	p := hardSpendN(100)
	if err := ir.Verify(p); err != nil {
		t.Fatal(err)
	}
	// As in TestLimitRefusals: on an idle machine every check of the
	// small search for the counterexample can finish inside 1 ms, a
	// right verdict that shows no limit; a few tries show the limit.
	var res *Result
	for try := 0; try < 5; try++ {
		var err error
		res, err = Prove(context.Background(), p, Options{Timeout: time.Millisecond})
		if err != nil {
			t.Fatalf("Prove: %v", err)
		}
		if res.Proved() || !failedWithCounterexample(res) {
			break
		}
	}
	if res.Proved() {
		t.Fatalf("proved under a 1 ms timeout:\n%s", report(res))
	}
	var refused *Obligation
	for _, o := range res.Obligations {
		if o.Kind == KindGuarantee {
			refused = o
		}
	}
	if refused == nil || refused.Status != Refused || refused.Code != ir.Timeout {
		t.Fatalf("want the guarantee refused with code Timeout, got:\n%s", report(res))
	}
	// The same plan with the default timeout is decided: the refusal
	// above came from the timeout, not from the plan.
	res, err := Prove(context.Background(), p, Options{})
	if err != nil {
		t.Fatalf("Prove: %v", err)
	}
	for _, o := range res.Obligations {
		if o.Status == Refused {
			t.Fatalf("refused with the default timeout:\n%s", report(res))
		}
	}
}

// TestCanceledRefuses cancels the proof: Prove returns the context's
// error and no result, so the caller refuses.
func TestCanceledRefuses(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Prove(ctx, hardSpend(), Options{})
	if err == nil || res != nil {
		t.Fatalf("a canceled proof returned %v, %v", res, err)
	}
	var d *ir.Error
	if !errors.As(err, &d) || d.Code != ir.Canceled || !errors.Is(err, context.Canceled) {
		t.Fatalf("a canceled proof's error %#v is not a Canceled diagnostic wrapping the context's error", err)
	}
}

// TestEncoderFaultsRefuse plants faults in the encoder with IR no front
// end would build: a Z3 sort error (a str added to an int) and a panic
// (None in arithmetic). Each is an error from Prove, never a result.
func TestEncoderFaultsRefuse(t *testing.T) {
	e := withdraw()
	tests := []struct {
		name   string
		amount ir.Expr
		want   string
		code   ir.Code
	}{
		{"z3 sort error", &ir.BinOp{Op: ir.Add, X: str("x"), Y: num(1), T: ir.Int}, "prover: encoding main", ir.SolverError},
		{"encoder panic", &ir.BinOp{Op: ir.Add, X: &ir.Const{T: ir.None}, Y: num(1), T: ir.Int}, "internal error while encoding main, the plan is refused", ir.Internal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(e, 7, str("checking"), tt.amount)}}
			res, err := Prove(context.Background(), program([]*ir.Effect{e}, main), Options{})
			if err == nil || res != nil {
				t.Fatalf("got result %v and error %v; want a refusal", res, err)
			}
			diagtest.Want(t, err, tt.code, tt.want)
			if c := ir.CodeOf(err, ir.UnknownCode); c != tt.code {
				t.Fatalf("error %q has code %v, want %v", err, c, tt.code)
			}
		})
	}
}

// failedWithCounterexample reports whether res's guarantee failed with a
// counterexample: the plan's right verdict when no limit stopped it.
func failedWithCounterexample(res *Result) bool {
	for _, o := range res.Obligations {
		if o.Kind == KindGuarantee {
			return o.Status == Failed && o.Counterexample != nil
		}
	}
	return false
}
