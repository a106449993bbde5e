package benchmarks

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/clauz3/clauz3/corpus/harness"
)

// The compute-heavy plans; each has a hand-written Go equivalent in
// handwritten/<name>.
var heavyPlans = []string{"loop_sum", "string_build", "dict_count"}

// buildHandwritten builds handwritten/<name> into dir.
func buildHandwritten(b *testing.B, dir, name string) string {
	bin := filepath.Join(dir, name)
	out, err := exec.Command("go", "build", "-o", bin, "./handwritten/"+name).CombinedOutput()
	if err != nil {
		b.Fatalf("building handwritten/%s: %v\n%s", name, err, out)
	}
	return bin
}

// BenchmarkEngines runs each compute-heavy plan once per iteration under
// every engine, checks that they print the same, and reports each
// engine's time and the ratios the project tracks: interpreter/compiled,
// CPython/compiled and compiled/hand-written Go. The compiled binary, the
// hand-written Go and CPython each run as a process, so all three pay
// process start; the interpreter runs in the benchmark's process.
func BenchmarkEngines(b *testing.B) {
	if !harness.PythonAvailable() {
		b.Fatal("python3 is needed for the CPython arm")
	}
	cache := b.TempDir()
	bins := b.TempDir()
	for _, name := range heavyPlans {
		b.Run(name, func(b *testing.B) {
			hand := buildHandwritten(b, bins, name)
			ctx := context.Background()
			c, err := harness.LoadCase(filepath.Join("plans", name+".py"), "plans")
			if err != nil {
				b.Fatal(err)
			}
			// Build once outside the timing: builds have their own benchmark.
			if _, err := harness.RunCompiled(ctx, c, cache); err != nil {
				b.Fatal(err)
			}
			var tInterp, tCompiled, tPython, tHand time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				oi, err := harness.RunInterp(ctx, c)
				tInterp += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				start = time.Now()
				oc, err := harness.RunCompiled(ctx, c, cache)
				tCompiled += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				start = time.Now()
				op, err := harness.RunCPython(ctx, c)
				tPython += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				start = time.Now()
				out, err := exec.Command(hand).Output()
				tHand += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				for _, d := range []string{harness.Compare(oi, oc), harness.Compare(op, oc)} {
					if d != "" {
						b.Fatalf("engines disagree:\n%s", d)
					}
				}
				if string(out) != oc.Stdout {
					b.Fatalf("hand-written Go prints %q, the plan %q", out, oc.Stdout)
				}
			}
			n := float64(b.N)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / n }
			b.ReportMetric(ms(tInterp), "interp-ms")
			b.ReportMetric(ms(tCompiled), "compiled-ms")
			b.ReportMetric(ms(tPython), "cpython-ms")
			b.ReportMetric(ms(tHand), "handgo-ms")
			b.ReportMetric(float64(tInterp)/float64(tCompiled), "interp/compiled")
			b.ReportMetric(float64(tPython)/float64(tCompiled), "cpython/compiled")
			b.ReportMetric(float64(tCompiled)/float64(tHand), "compiled/handgo")
		})
	}
}
