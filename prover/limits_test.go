package prover

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
)

// guaranteeOf is the one guarantee obligation of res.
func guaranteeOf(t *testing.T, res *Result) *Obligation {
	t.Helper()
	for _, o := range res.Obligations {
		if o.Kind == KindGuarantee {
			return o
		}
	}
	t.Fatalf("no guarantee obligation:\n%s", report(res))
	return nil
}

// TestLimitRefusals: each limit that stops a proof refuses the obligation
// with code Timeout and a reason naming that limit and how to raise it;
// none lets the plan through.
func TestLimitRefusals(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts Options
		want []string
	}{
		{"rlimit", Options{Rlimit: 1, Timeout: time.Minute}, []string{"resource limit (rlimit 1 per check)", "--rlimit"}},
		{"wall clock", Options{Timeout: time.Millisecond}, []string{"wall-clock limit of 1ms per check", "--timeout"}},
		{"deadline", Options{Deadline: time.Nanosecond}, []string{"deadline of 1ns over all checks", "--deadline"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := proveWith(t, hardSpendN(100), tt.opts)
			if res.Proved() {
				t.Fatalf("proved:\n%s", report(res))
			}
			ob := guaranteeOf(t, res)
			if ob.Status != Refused || ob.Code != ir.Timeout {
				t.Fatalf("guarantee %v with code %v, want refused with Timeout:\n%s", ob.Status, ob.Code, report(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(ob.Reason, w) {
					t.Errorf("reason %q lacks %q", ob.Reason, w)
				}
			}
		})
	}
}

// TestSameVerdictUnderLoad: with the resource limit deciding when a check
// gives up, a plan gets the same verdict, reason included, alone and with
// copies of itself proving in parallel: here one obligation the limit
// cuts short and one proved.
func TestSameVerdictUnderLoad(t *testing.T) {
	opts := Options{Rlimit: 300, Timeout: 5 * time.Minute}
	plans := []func() *ir.Program{hardSpend, func() *ir.Program { return manySites(5, "u4@example.com") }}
	alone := make([]string, len(plans))
	for i, p := range plans {
		alone[i] = report(proveWith(t, p(), opts))
	}
	if !strings.Contains(alone[0], "resource limit") || !strings.Contains(alone[1], "✓") {
		t.Fatalf("the limit does not cut the first plan short, or the second is not proved:\n%s\n%s", alone[0], alone[1])
	}
	const copies = 3
	got := make([]string, copies*len(plans))
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := Prove(context.Background(), plans[i%len(plans)](), opts)
			if err != nil {
				got[i] = err.Error()
				return
			}
			got[i] = report(res)
		}()
	}
	wg.Wait()
	for i, g := range got {
		if g != alone[i%len(plans)] {
			t.Errorf("under load:\n%s\nalone:\n%s", g, alone[i%len(plans)])
		}
	}
}
