package benchmarks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// BenchmarkProveCalls proves a plan of N straight-line notify calls, each
// a precondition obligation of its own ("@" in addr), at N = 100, 1000
// and 5000, and reports the median CPU time of the proof (compiled once
// beforehand), the solvers and checks it made, and the growth from one N
// to the next as a ratio measured in the same run. Every plan must be
// proved.
func BenchmarkProveCalls(b *testing.B) {
	root := scaleLayer(b, 1)
	var prev time.Duration
	for _, n := range []int{100, 1000, 5000} {
		var src strings.Builder
		src.WriteString("import clauz3\nfrom tools.scale.trusted.effects import notify\n\n\ndef main() -> None:\n")
		for i := range n {
			fmt.Fprintf(&src, "    notify(\"user%d@example.com\", \"hello\")\n", i)
		}
		plan := filepath.Join(root, fmt.Sprintf("calls%d.py", n))
		if err := os.WriteFile(plan, []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		prog, err := compiler.CompileFile(plan, compiler.Config{ImportRoots: []string{root}})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var cpus []time.Duration
			var cost prover.Cost
			for range b.N {
				m := startMeasure(rusageSelf)
				res, err := prover.Prove(context.Background(), prog, prover.Options{})
				_, cpu := m.stop()
				if err != nil {
					b.Fatal(err)
				}
				if !res.Proved() || len(res.Obligations) != n {
					b.Fatalf("%d obligations, proved=%v", len(res.Obligations), res.Proved())
				}
				cpus = append(cpus, cpu)
				cost = res.Cost
			}
			med := median(cpus)
			b.ReportMetric(ms(med), "cpu-ms")
			b.ReportMetric(float64(cost.Solvers), "solvers")
			b.ReportMetric(float64(cost.Checks), "checks")
			if prev > 0 {
				b.ReportMetric(ratio(med, prev), "x-previous-N")
			}
			prev = med
		})
	}
}
