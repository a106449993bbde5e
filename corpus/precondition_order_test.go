package corpus

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// TestPreconditionOrder holds the prover to the run's order of
// preconditions (issue 12): a failed precondition raises and ends the
// run, so a later call, or a later clause of the same call, is reached
// only where every earlier one held. Each obligation of these cases must
// be decided on the paths that reach it: failed with a counterexample
// that replays (never refused because it does not), or proved when it
// can fail only after an earlier precondition failed.
func TestPreconditionOrder(t *testing.T) {
	cases := []struct {
		file   string
		failed []string // "kind name line", every failed obligation
	}{
		{"precondition_order_fail.py", []string{"precondition send_email 12"}},
		{"precondition_order_helper_fail.py", []string{"precondition send_email 17"}},
		{"precondition_order_clauses_fail.py", []string{"precondition comment 12"}},
		// soundness: withdraw can fail where send_email passed, so both fail
		{"precondition_order_independent_fail.py", []string{"precondition send_email 15", "precondition withdraw 11"}},
		{"precondition_order_randplan73_fail.py", []string{"precondition send_email 40"}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel() // see TestPlans
			prog, err := compiler.CompileFile(filepath.Join("cases", tc.file), compiler.Config{ImportRoots: []string{"."}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := prover.Prove(context.Background(), prog, prover.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var failed []string
			for _, ob := range res.Obligations {
				name := fmt.Sprintf("%s %s %d", ob.Kind, ob.Name, ob.Pos.Line)
				switch ob.Status {
				case prover.Failed:
					if ob.Counterexample == nil {
						t.Errorf("%s (%s) failed without a counterexample", name, ob.Clause)
					} else if tr := ob.Counterexample.Trace; len(tr) == 0 || tr[len(tr)-1].Pos != ob.Pos {
						// the run stops at the failed call: no call after it is shown
						t.Errorf("%s (%s): the counterexample's trace does not end at the failed call: %v", name, ob.Clause, tr)
					}
					failed = append(failed, name)
				case prover.Refused:
					if ob.Code == ir.NoReplay {
						t.Errorf("%s (%s): its counterexample does not replay: %s", name, ob.Clause, ob.Reason)
					} else {
						t.Errorf("%s (%s) refused: %s", name, ob.Clause, ob.Reason)
					}
				}
			}
			if fmt.Sprint(failed) != fmt.Sprint(tc.failed) {
				t.Errorf("failed obligations %q, want %q", failed, tc.failed)
			}
		})
	}
}
