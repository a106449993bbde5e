package prover

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
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
			// The plan is violated (an unbounded amount breaks the
			// cap), and on an idle machine every check of the small
			// search for its counterexample can finish inside 1 ms
			// (3 runs in 40): that verdict is right, but it shows no
			// limit. A limit shown at least once in a few tries is
			// the claim; a run never passes.
			for try := 1; tt.opts.Timeout < time.Second && try < 5 && !res.Proved() && failedWithCounterexample(res); try++ {
				res = proveWith(t, hardSpendN(100), tt.opts)
			}
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

// TestDeadlineStopsTheProof: once the proof's deadline has passed, the
// obligations not yet decided are refused at once, with code Timeout and
// a reason naming the deadline and how to raise it; the proof does not
// go on building goals or feeding the solver. The deadline here passes
// during the encoding, before the first check, so what follows is all
// work after it, whatever the machine's speed; before, these plans went
// on for 18 s (40 s on a loaded machine) building the pairs of 1000 rows
// for checks that could no longer run. The bound leaves room for the
// encoding (0.1 s idle) on a loaded machine.
func TestDeadlineStopsTheProof(t *testing.T) {
	const bound = 5 * time.Second
	root := distinctLayer(t, 1000)
	head := "import clauz3\nfrom tools.db.trusted.effects import users, members\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.unique_recipients())\ndef main() -> None:\n"
	for _, tc := range []struct{ name, body string }{
		{"not declared unique", "    for row in members():\n        send_email(row.email, \"hi\")\n"},
		{"twice per row", "    for row in users():\n        send_email(row.email, \"hi\")\n        send_email(row.email, \"again\")\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile(filepath.Join(root, "plan.py"), []byte(head+tc.body), compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			res, err := Prove(context.Background(), prog, Options{Deadline: time.Nanosecond})
			took := time.Since(start)
			if err != nil {
				t.Fatalf("Prove: %v", err)
			}
			ob := guaranteeOf(t, res)
			if ob.Status != Refused || ob.Code != ir.Timeout || !strings.Contains(ob.Reason, "deadline of 1ns over all checks") || !strings.Contains(ob.Reason, "--deadline") {
				t.Fatalf("guarantee %v (%v): %s; want refused with Timeout naming the deadline", ob.Status, ob.Code, ob.Reason)
			}
			for _, o := range res.Obligations {
				if o.Status != Refused {
					t.Errorf("%s %v after the deadline", o.Title(), o.Status)
				}
			}
			if took > bound {
				t.Errorf("a deadline that passed during the encoding took %v to refuse the plan, more than %v", took.Round(time.Millisecond), bound)
			}
			t.Logf("refused after %v", took.Round(time.Millisecond))
		})
	}
}
