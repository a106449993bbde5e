package corpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/billslayer"
	"github.com/clauz3/clauz3/prover"
)

// accumLayer writes the bills layer (internal/billslayer) whose
// bills_due returns at most n bills into a fresh import root.
func accumLayer(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	if err := billslayer.Write(root, n); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestAccumulatorInvariants proves running totals and counters under a
// cap over 20 bills, which the unrolled encoding alone does not decide
// (the bank plan was refused from 20 bills on, issue 17), and refuses the
// broken variants with a counterexample that replays (Prove replays
// every counterexample before it reports it). The resource limit is a
// tenth of the default: the invariant (prover/accum.go) needs far less,
// and an encoding that needs more fails here quickly. Where every call
// is in the loop (local), the proof must not touch the full encoding at
// all (Cost.Full): the invariant implies the guarantee by itself and the
// preconditions hold on each iteration alone, while taking in the
// unrolled loop cost Z3 12 s of a 24 s proof at 1000 bills.
func TestAccumulatorInvariants(t *testing.T) {
	const header = `import clauz3
from tools.bills.trusted import contracts as bank
from tools.bills.trusted.effects import bills_due, pay_bill


`
	cases := []struct {
		name, plan string
		proved     bool
		local      bool
	}{
		{"running budget", `@clauz3.guarantee(bank.max_spend(5000))
def main() -> None:
    spent = 0
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            spent += bill.amount
`, true, true},
		{"budget after a first payment", `@clauz3.guarantee(bank.max_spend(5000))
def main() -> None:
    pay_bill("checking", "rent", 1000)
    spent = 1000
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            spent += bill.amount
`, true, false},
		{"remaining budget counted down", `@clauz3.guarantee(bank.max_spend(5000))
def main() -> None:
    left = 5000
    for bill in bills_due():
        if bill.amount <= left:
            pay_bill("checking", bill.payee, bill.amount)
            left -= bill.amount
`, true, true},
		{"budget off by one", `@clauz3.guarantee(bank.max_spend(4999))
def main() -> None:
    spent = 0
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            spent += bill.amount
`, false, false},
		{"total not kept on one path", `@clauz3.guarantee(bank.max_spend(5000))
def main() -> None:
    spent = 0
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            if bill.amount > 100:
                spent += bill.amount
`, false, false},
		{"counter", `@clauz3.guarantee(bank.max_payments(5))
def main() -> None:
    sent = 0
    for bill in bills_due():
        if sent < 5:
            pay_bill("checking", bill.payee, bill.amount)
            sent += 1
`, true, true},
		{"counter increment skipped on one path", `@clauz3.guarantee(bank.max_payments(5))
def main() -> None:
    sent = 0
    for bill in bills_due():
        if sent < 5:
            pay_bill("checking", bill.payee, bill.amount)
            if bill.amount > 100:
                sent += 1
`, false, false},
	}
	root := accumLayer(t, 20)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "plan.py")
			if err := os.WriteFile(path, []byte(header+tc.plan), 0o644); err != nil {
				t.Fatal(err)
			}
			prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := prover.Prove(context.Background(), prog, prover.Options{Rlimit: prover.DefaultRlimit / 10})
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			_ = res.WriteText(&out, &out)
			var guarantee *prover.Obligation
			for _, ob := range res.Obligations {
				switch {
				case ob.Kind == prover.KindGuarantee:
					guarantee = ob
				case ob.Status != prover.Proved:
					t.Errorf("%s not proved:\n%s", ob.Title(), out.String())
				}
			}
			switch {
			case guarantee == nil:
				t.Fatalf("no guarantee:\n%s", out.String())
			case tc.proved && guarantee.Status != prover.Proved:
				t.Fatalf("guarantee not proved:\n%s", out.String())
			case !tc.proved && (guarantee.Status != prover.Failed || guarantee.Counterexample == nil):
				t.Fatalf("guarantee not failed with a counterexample:\n%s", out.String())
			case tc.local && res.Cost.Full > 0:
				t.Fatalf("the full encoding was used %d times, want none:\n%s", res.Cost.Full, out.String())
			}
		})
	}
}

// TestLoopPreconditionsPerIteration: pay_bill's preconditions at 100
// and 1000 copies whose guards read the running total are proved copy by
// copy on the copy's iteration alone (prover/accum.go, localChecks); on
// the full encoding each copy took over a second of the resource limit,
// and the plan was refused after the whole proof's deadline. The copies'
// checks differ only in names, so few of them reach Z3, as many at 1000
// bills as at 100 (prover/symmetry.go): 301 at 100 bills before.
func TestLoopPreconditionsPerIteration(t *testing.T) {
	plan := `import clauz3
from tools.bills.trusted import contracts as bank
from tools.bills.trusted.effects import bills_due, pay_bill


@clauz3.guarantee(bank.max_spend(5000))
def main() -> None:
    spent = 0
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            spent += bill.amount
`
	const maxChecks = 30
	for _, n := range []int{100, 1000} {
		t.Run(fmt.Sprintf("%d bills", n), func(t *testing.T) {
			root := accumLayer(t, n)
			path := filepath.Join(t.TempDir(), "plan.py")
			if err := os.WriteFile(path, []byte(plan), 0o644); err != nil {
				t.Fatal(err)
			}
			prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := prover.Prove(context.Background(), prog, prover.Options{Rlimit: prover.DefaultRlimit / 10})
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			_ = res.WriteText(&out, &out)
			if !res.Proved() {
				t.Fatalf("not proved:\n%s", out.String())
			}
			if res.Cost.Checks > maxChecks {
				t.Fatalf("%d checks for %d bills, want at most %d:\n%s", res.Cost.Checks, n, maxChecks, out.String())
			}
		})
	}
}

// TestAccumulatorViolatedLong: the broken running budget and counter over
// 1000 bills fail with a counterexample that replays (two or six bills),
// found on the runs with few bills first (prover/prove.go, decidePrefix);
// on the unrolled encoding of 1000 copies the proof was refused without
// one after minutes. The deadline bounds what a regression costs here.
func TestAccumulatorViolatedLong(t *testing.T) {
	const header = `import clauz3
from tools.bills.trusted import contracts as bank
from tools.bills.trusted.effects import bills_due, pay_bill


`
	cases := []struct{ name, plan, want string }{
		{"budget off by one", `@clauz3.guarantee(bank.max_spend(4999))
def main() -> None:
    spent = 0
    for bill in bills_due():
        if spent + bill.amount <= 5000:
            pay_bill("checking", bill.payee, bill.amount)
            spent += bill.amount
`, "must be <= 4999"},
		{"counter increment skipped on one path", `@clauz3.guarantee(bank.max_payments(5))
def main() -> None:
    sent = 0
    for bill in bills_due():
        if sent < 5:
            pay_bill("checking", bill.payee, bill.amount)
            if bill.amount > 100:
                sent += 1
`, "must be <= 5"},
	}
	root := accumLayer(t, 1000)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "plan.py")
			if err := os.WriteFile(path, []byte(header+tc.plan), 0o644); err != nil {
				t.Fatal(err)
			}
			prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := prover.Prove(context.Background(), prog, prover.Options{Deadline: 90 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			_ = res.WriteText(&out, &out)
			g := res.Obligations[len(res.Obligations)-1]
			if g.Kind != prover.KindGuarantee || g.Status != prover.Failed || g.Counterexample == nil || !strings.Contains(out.String(), tc.want) {
				t.Fatalf("guarantee not failed with a counterexample saying %q:\n%s", tc.want, out.String())
			}
		})
	}
}
