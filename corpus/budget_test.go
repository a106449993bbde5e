package corpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// TestEncodingBudget checks that plans whose encoding would take minutes
// and gigabytes are refused by the encoding budget (prover/budget.go),
// with the ProverLimit code and a reason naming the budget. The plans are
// generated: one of them is a 200,000-element list. How quickly they are
// refused is measured, not asserted: benchmarks BenchmarkProveTable's
// literal200k, nested_ranges and str_doubling rows (a wall-clock bound
// here failed on a loaded machine).
func TestEncodingBudget(t *testing.T) {
	head := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n"
	guarded := "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n"
	var bigList strings.Builder
	for i := range 200000 {
		if i > 0 {
			bigList.WriteString(", ")
		}
		fmt.Fprint(&bigList, i%10)
	}
	cases := []struct{ name, src, want string }{
		{"nested_ranges", head + guarded + "    n = 0\n    for i in range(100):\n        for j in range(100):\n            for k in range(100):\n                n = n + 1\n    send_email(\"bob@example.com\", \"hi\")\n",
			"encoding budget exceeded: unrolled loop iterations in all"},
		{"loop_calling_loops", head + "def h() -> int:\n    n = 0\n    for j in range(100):\n        for k in range(100):\n            n = n + 1\n    return n\n\n\n" + guarded + "    for i in range(100):\n        h()\n    send_email(\"bob@example.com\", \"hi\")\n",
			"encoding budget exceeded: unrolled loop iterations in all"},
		{"str_doubling", head + guarded + "    s = \"ab\"\n" + strings.Repeat("    s = s + s\n", 28) + "    send_email(\"bob@example.com\", s)\n",
			"encoding budget exceeded: code points of one str computed from literals"},
		{"fstring_doubling", head + guarded + "    s = \"ab\"\n" + strings.Repeat("    s = f\"{s}{s}\"\n", 28) + "    send_email(\"bob@example.com\", s)\n",
			"encoding budget exceeded: code points of one str computed from literals"},
		{"big_list", head + guarded + "    xs = [" + bigList.String() + "]\n    send_email(\"bob@example.com\", \"hi\")\n",
			"encoding budget exceeded: elements of one list display: 200000, over the budget of 10000"},
		{"doubling_helpers", head + helperChain(30) + guarded + "    k = f0()\n    send_email(\"bob@example.com\", \"hi\")\n",
			"encoding budget exceeded: statements and expressions evaluated"},
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "plan.py")
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			// Logged, not asserted (benchmarks time the refusals): CPU
			// time says what a refusal costs, the wall clock how busy
			// the machine is.
			start, startCPU := time.Now(), processCPU(t)
			prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			compiled, compiledCPU := time.Since(start), processCPU(t)-startCPU
			start, startCPU = time.Now(), processCPU(t)
			_, err = prover.Prove(context.Background(), prog, prover.Options{})
			took, tookCPU := time.Since(start), processCPU(t)-startCPU
			t.Logf("compiled in %v (%v of CPU), refused in %v (%v of CPU)", compiled, compiledCPU, took, tookCPU)
			diagtest.Want(t, err, ir.ProverLimit, tc.want)
		})
	}
}

// processCPU is the CPU time (user and system) the test process has used.
func processCPU(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// helperChain is helpers f0 ... f<n> where each calls the next twice:
// 2**n inlined bodies, none recursive.
func helperChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "def f%d() -> int:\n    return f%d() + f%d()\n\n\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "def f%d() -> int:\n    return 1\n\n\n", n)
	return b.String()
}
