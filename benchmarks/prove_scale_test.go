package benchmarks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// scaleBounds are the ensures bounds BenchmarkProveLoopScale measures, per
// plan. Before the sum's terms got proved bounds (prover/sumbounds.go) the
// sum plan stopped at 10: at N = 100 Z3 4.8.12 decided neither the proof
// nor the counterexample within a minute.
var scaleBounds = map[string][]int{
	"count":           {10, 100, 1000},
	"all":             {10, 100, 1000},
	"sum":             {10, 100, 1000},
	"sum_violated":    {10, 100, 1000},
	"shares":          {10, 100, 1000},
	"shares_violated": {10, 100, 1000},
}

// scaleViolated are the plans whose guarantee must fail with a
// counterexample (which Prove replays before it reports it).
var scaleViolated = map[string]bool{"sum_violated": true, "shares_violated": true}

// scalePlans are loops over a query whose effect ensures len(result) <= N,
// one per kind of guarantee: a count of notifications guarded by a row
// field, a sum of refunds taken from row amounts, and an all over the
// notified addresses (with every notify's precondition per iteration).
var scalePlans = map[string]string{
	"count": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, notify


@clauz3.guarantee(c.notify_at_most(%d))
def main() -> None:
    for row in query("users"):
        if row.active and "@" in row.email:
            notify(row.email, "hello")
`,
	"sum": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, refund


@clauz3.guarantee(c.refund_total_at_most(%d))
def main() -> None:
    for row in query("orders"):
        if 0 < row.amount <= 5:
            refund(row.email, row.amount)
`,
	// sum_violated is sum with a limit one below the largest total (5N - 1):
	// the counterexample needs every one of the N rows, each refunding 5.
	"sum_violated": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, refund


@clauz3.guarantee(c.refund_total_at_most(%d))
def main() -> None:
    for row in query("orders"):
        if 0 < row.amount <= 5:
            refund(row.email, row.amount)
`,
	// shares is a shares_value over loop facts on both sides: every
	// refunded row is notified, and a fixed pair after the loop makes the
	// relations never empty. The encoding has one disjunct per pair.
	"shares": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, notify, refund


@clauz3.guarantee(c.refund_notified())
def main() -> None:
    for row in query("orders"):
        if 0 < row.amount <= 5 and "@" in row.email:
            refund(row.email, row.amount)
            notify(row.email, "refunded %d")
    refund("ops@corp.example", 1)
    notify("ops@corp.example", "batch done")
`,
	// shares_violated refunds ops and notifies every row but ops, and a
	// fixed address: neither side is ever empty, and no pair shares.
	"shares_violated": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, notify, refund


@clauz3.guarantee(c.refund_notified())
def main() -> None:
    refund("ops@corp.example", 1)
    notify("desk@corp.example", "batch started")
    for row in query("orders"):
        if row.email != "ops@corp.example" and "@" in row.email:
            notify(row.email, "refunded %d")
`,
	"all": `import clauz3
from tools.scale.trusted import contracts as c
from tools.scale.trusted.effects import query, notify


@clauz3.guarantee(c.notify_domain("@corp.example"))
def main() -> None:
    for row in query("staff"):
        if row.email.endswith("@corp.example"):
            notify(row.email, "all hands %d")
`,
}

// scaleLayer writes a layer whose query ensures len(result) <= n.
func scaleLayer(b *testing.B, n int) string {
	dir := b.TempDir()
	layer := filepath.Join(dir, "tools", "scale", "trusted")
	if err := os.MkdirAll(layer, 0o755); err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		"__init__.py": "",
		"schemas.py": `import clauz3


class Row(clauz3.Row):
    email: str
    active: bool
    amount: int
`,
		"effects.py": fmt.Sprintf(`import clauz3
from tools.scale.trusted.schemas import Row


@clauz3.ensures(lambda result: len(result) <= %d)
@clauz3.trusted
def query(table: str) -> list[Row]: ...


@clauz3.requires(lambda addr, text: "@" in addr)
@clauz3.trusted
def notify(addr: str, text: str) -> None: ...


@clauz3.requires(lambda addr, amount: amount > 0)
@clauz3.trusted
def refund(addr: str, amount: int) -> None: ...
`, n),
		"contracts.py": `from clauz3.spec import ContractSpec, contract, effect

Notes = effect("notify")
Refunds = effect("refund")


@contract
def notify_at_most(n: int) -> ContractSpec:
    return Notes.count() <= n


@contract
def notify_domain(suffix: str) -> ContractSpec:
    return Notes.all(lambda m: m.addr.endswith(suffix))


@contract
def refund_total_at_most(limit: int) -> ContractSpec:
    return Refunds.sum(lambda r: r.amount) <= limit


@contract
def refund_notified() -> ContractSpec:
    return Refunds.shares_value(Notes, lambda f: f.addr)
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(layer, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// proveMedian proves plan b.N times, reports the median time and returns
// it. A plan not decided as expected (proved; with violated, a failed
// guarantee with a counterexample) fails the benchmark with the
// prover's text.
func proveMedian(b *testing.B, plan, root string, violated bool) time.Duration {
	times := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		start := time.Now()
		prog, err := compiler.CompileFile(plan, compiler.Config{ImportRoots: []string{root}})
		if err != nil {
			b.Fatal(err)
		}
		res, err := prover.Prove(context.Background(), prog, prover.Options{})
		if err != nil {
			b.Fatal(err)
		}
		var out strings.Builder
		switch {
		case violated && !failedWithCounterexample(res):
			_ = res.WriteText(&out, &out)
			b.Fatalf("not refused with a counterexample after %v:\n%s", time.Since(start), out.String())
		case !violated && !res.Proved():
			_ = res.WriteText(&out, &out)
			b.Fatalf("not proved after %v:\n%s", time.Since(start), out.String())
		}
		times = append(times, time.Since(start))
	}
	reportMedian(b, times)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[len(times)/2]
}

// BenchmarkProveLoopScale proves loops over a query bounded by N = 10,
// 100 and 1000 rows (count with N as the limit, all; sum with 5N, and the
// violated sum with 5N - 1) and reports the median proof time of each; the
// growth from one N to the next is logged as a ratio measured in the same
// run. Every check runs under the default per-check timeout
// (prover.DefaultTimeout). Every plan must be decided as expected: proved,
// or for scaleViolated a failed guarantee with a counterexample; a
// refusal fails the benchmark.
func BenchmarkProveLoopScale(b *testing.B) {
	kinds := make([]string, 0, len(scalePlans))
	for k := range scalePlans {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	medians := map[string]map[int]time.Duration{}
	for _, kind := range kinds {
		medians[kind] = map[int]time.Duration{}
		for _, n := range scaleBounds[kind] {
			root := scaleLayer(b, n)
			arg := n
			switch kind {
			case "sum":
				arg = 5 * n
			case "sum_violated":
				arg = 5*n - 1
			}
			plan := filepath.Join(root, kind+".py")
			if err := os.WriteFile(plan, []byte(fmt.Sprintf(scalePlans[kind], arg)), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/N=%d", kind, n), func(b *testing.B) {
				medians[kind][n] = proveMedian(b, plan, root, scaleViolated[kind])
			})
		}
	}
	for _, kind := range kinds {
		var parts []string
		bounds := scaleBounds[kind]
		for i, n := range bounds {
			m := medians[kind][n]
			part := fmt.Sprintf("N=%d %v", n, m.Round(time.Millisecond))
			if i > 0 && medians[kind][bounds[i-1]] > 0 {
				part += fmt.Sprintf(" (x%.1f)", float64(m)/float64(medians[kind][bounds[i-1]]))
			}
			parts = append(parts, part)
		}
		b.Logf("growth %s: %s", kind, strings.Join(parts, ", "))
	}
}

// failedWithCounterexample reports whether every guarantee of res failed
// with a counterexample and every other obligation was proved.
func failedWithCounterexample(res *prover.Result) bool {
	failed := false
	for _, o := range res.Obligations {
		switch {
		case o.Kind == prover.KindGuarantee && o.Status == prover.Failed && o.Counterexample != nil:
			failed = true
		case o.Status != prover.Proved:
			return false
		}
	}
	return failed
}
