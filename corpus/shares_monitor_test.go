package corpus

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// TestSharesValueMonitor checks the runtime monitor's verdict on concrete
// traces for shares_value (db.refund_ticketed(): some refund and some
// ticket name the same customer), including traces where one side is
// empty.
func TestSharesValueMonitor(t *testing.T) {
	prog, err := compiler.CompileFile(filepath.Join("plans", "db_shares_ticket_callfails_fail.py"), compiler.Config{ImportRoots: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	effect := func(name string) *ir.Effect {
		for _, e := range prog.Effects {
			if e.Name == name {
				return e
			}
		}
		t.Fatalf("no effect %s", name)
		return nil
	}
	refund := func(customer string, amount int64) prover.TraceCall {
		return prover.TraceCall{Effect: effect("refund"), Args: []any{customer, amount}}
	}
	ticket := func(customer string) prover.TraceCall {
		return prover.TraceCall{Effect: effect("ticket"), Args: []any{customer, "s"}}
	}
	mon, err := prover.NewMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer mon.Close()
	for _, tc := range []struct {
		name  string
		trace []prover.TraceCall
		holds bool
	}{
		{"empty trace", nil, false},
		{"refunds only", []prover.TraceCall{refund("acme", 5)}, false},
		{"tickets only", []prover.TraceCall{ticket("acme")}, false},
		{"one pair shares", []prover.TraceCall{refund("acme", 5), ticket("acme")}, true},
		{"ticket before refund", []prover.TraceCall{ticket("acme"), refund("acme", 5)}, true},
		{"no pair shares", []prover.TraceCall{refund("acme", 5), ticket("bob"), refund("carol", 1), ticket("dave")}, false},
		{"the last pair shares", []prover.TraceCall{refund("acme", 5), ticket("bob"), refund("carol", 1), ticket("carol")}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			holds, err := mon.Holds(prog, prog.Guarantees[0], tc.trace)
			if err != nil {
				t.Fatal(err)
			}
			if holds != tc.holds {
				t.Errorf("holds = %v, want %v", holds, tc.holds)
			}
		})
	}
}
