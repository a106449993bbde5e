package benchmarks

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/corpus/harness"
)

// The compute-heavy plans and their hand-written Go equivalents: the
// practical limit a generated program can approach.
var handwritten = map[string]func() string{
	"loop_sum": func() string {
		total := int64(0)
		for i := int64(0); i < 1000000; i++ {
			if i%3 == 0 {
				total += i * 7 % 13
			} else {
				total -= i / 5 % 11
			}
		}
		return fmt.Sprintln(total)
	},
	"string_build": func() string {
		parts := make([]string, 0, 200000)
		for i := 0; i < 200000; i++ {
			parts = append(parts, fmt.Sprintf("%d:%d", i, i%97))
		}
		text := strings.Join(parts, ",")
		return fmt.Sprintln(len(text)) + fmt.Sprintln(text[:40])
	},
	"dict_count": func() string {
		words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"}
		counts := map[string]int64{}
		var order []string
		for i := 0; i < 500000; i++ {
			w := words[(i*31+i/7)%7]
			if _, ok := counts[w]; !ok {
				order = append(order, w)
			}
			counts[w]++
		}
		var b strings.Builder
		for _, k := range order {
			fmt.Fprintln(&b, k, counts[k])
		}
		return b.String()
	},
}

// BenchmarkEngines runs each compute-heavy plan once per iteration under
// every engine, checks that they print the same, and reports each
// engine's time and the ratios the project tracks: interpreter/compiled,
// CPython/compiled and compiled/hand-written Go. The compiled and CPython
// times include starting their process (a few milliseconds).
func BenchmarkEngines(b *testing.B) {
	if !harness.PythonAvailable() {
		b.Fatal("python3 is needed for the CPython arm")
	}
	cache := b.TempDir()
	for name, hand := range handwritten {
		b.Run(name, func(b *testing.B) {
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
				out := hand()
				tHand += time.Since(start)
				for _, d := range []string{harness.Compare(oi, oc), harness.Compare(op, oc)} {
					if d != "" {
						b.Fatalf("engines disagree:\n%s", d)
					}
				}
				if out != oc.Stdout {
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
