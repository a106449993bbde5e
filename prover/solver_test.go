package prover

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// manySites is a plan calling send_email at n call sites, each a
// precondition obligation of its own, plus a guarantee over all of them.
func manySites(n int, to string) *ir.Program {
	e := sendEmail()
	main := &ir.Func{Name: "main", Result: ir.None}
	var addrs []string
	for i := range n {
		addr := fmt.Sprintf("u%d@example.com", i)
		if i == n-1 {
			addr = to
		}
		addrs = append(addrs, fmt.Sprintf("u%d@example.com", i))
		main.Body = append(main.Body, call(e, 7+i, str(addr), str("hi")))
	}
	return program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "emails.only(...)", Contract: onlyContract(e), Args: []ir.Expr{strList(addrs...)}})
}

// TestOneSolverPerProof: the obligations of one proof are checked in
// scopes of one solver, not on a fresh solver each (7 ms apiece before
// their first check on Z3 4.8.12), and the verdicts are those of the
// plan: every obligation proved, or the broken one failed with its
// counterexample while the others stay proved.
func TestOneSolverPerProof(t *testing.T) {
	for _, tt := range []struct {
		name   string
		to     string
		failed []int // the obligations that fail
	}{
		{"proved", "u19@example.com", nil},
		// The run stops at the failed precondition, so the guarantee
		// holds.
		{"last precondition broken", "u19", []int{19}},
		{"guarantee broken", "mallory@evil.example", []int{20}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := prove(t, manySites(20, tt.to))
			if len(res.Obligations) != 21 {
				t.Fatalf("%d obligations, want 21:\n%s", len(res.Obligations), report(res))
			}
			for i, ob := range res.Obligations {
				want := Proved
				if slices.Contains(tt.failed, i) {
					want = Failed
				}
				if ob.Status != want {
					t.Errorf("%s: %v, want %v", ob.Title(), ob.Status, want)
				}
			}
			// Per encoding (the exact one decides a guarantee
			// again when a counterexample passed a failed
			// precondition) the shared and the quick solver, and
			// one for a replay's monitor.
			if res.Cost.Solvers > 5 {
				t.Errorf("%d solvers made for one proof of 21 obligations, want at most 5", res.Cost.Solvers)
			}
		})
	}
}

// TestSharedSolverScopeLeak: a check that left a scope open on the shared
// solver would let its goal into the next check; base refuses instead,
// poisoning the context so every later check is refused.
func TestSharedSolverScopeLeak(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc, timeout: DefaultTimeout}
	s := x.base()
	s.Push()
	s.Assert(zc.False())
	if x.base(); zc.Err() == nil {
		t.Fatal("base with a scope left open recorded no error")
	}
	if r, err := x.shared.Check(); r != z3.Unknown || err == nil {
		t.Fatalf("check after the leak = %v, %v; want unknown with the error", r, err)
	}
}

// TestPreconditionsTogether: the preconditions of many call sites are
// checked together first: a plan whose 20 preconditions hold takes one
// check for all of them; when one is broken the batch proves nothing and
// each is decided alone, the broken one with its counterexample.
func TestPreconditionsTogether(t *testing.T) {
	res := prove(t, manySites(20, "u19@example.com"))
	if !res.Proved() {
		t.Fatalf("not proved:\n%s", report(res))
	}
	if res.Cost.Checks > 4 {
		t.Errorf("%d checks for 20 preconditions and a guarantee that hold, want at most 4", res.Cost.Checks)
	}
	res = prove(t, manySites(20, "u19"))
	if out := report(res); res.Obligations[19].Status != Failed || !strings.Contains(out, `counterexample: addr = "u19"`) {
		t.Fatalf("the broken precondition is not failed with its counterexample:\n%s", out)
	}
	for i, ob := range res.Obligations[:19] {
		if ob.Status != Proved {
			t.Errorf("obligation %d: %v", i, ob.Status)
		}
	}
}
