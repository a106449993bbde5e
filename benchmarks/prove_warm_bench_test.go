package benchmarks

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/prover/z3"
)

// BenchmarkProveWarm proves every corpus plan in process, compiled once
// beforehand, so only the proof is measured, and reports the median over
// the plans of each plan's CPU time (cpu-ms, this process's user and
// system time, which a loaded machine inflates far less than the wall
// clock), beside the floor measured in the same run: one fresh Z3 context,
// one solver and one trivial check (floor-cpu-ms), and their ratio
// (x-floor). It also reports the median number of solvers and checks a
// proof made. Verdicts are not asserted here (the corpus tests do); a
// plan that does not compile is left out.
func BenchmarkProveWarm(b *testing.B) {
	type plan struct {
		name string
		prog *ir.Program
	}
	var plans []plan
	for _, path := range corpusPlans(b) {
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{corpusDir}})
		if err == nil {
			plans = append(plans, plan{caseName(path), prog})
		}
	}
	perPlan := make([][]time.Duration, len(plans))
	var floor, walls []time.Duration
	var solvers, checks []int
	if err := trivialCheck(); err != nil { // the first context of a process costs more
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		for range floorRuns {
			m := startMeasure(rusageSelf)
			if err := trivialCheck(); err != nil {
				b.Fatal(err)
			}
			_, cpu := m.stop()
			floor = append(floor, cpu)
		}
		for i, p := range plans {
			m := startMeasure(rusageSelf)
			res, err := prover.Prove(context.Background(), p.prog, prover.Options{})
			wall, cpu := m.stop()
			perPlan[i] = append(perPlan[i], cpu)
			walls = append(walls, wall)
			if err == nil {
				solvers = append(solvers, res.Cost.Solvers)
				checks = append(checks, res.Cost.Checks)
			}
		}
	}
	b.StopTimer()
	medians := make([]time.Duration, len(plans))
	for i := range plans {
		medians[i] = median(perPlan[i])
	}
	proveCPU, floorCPU := median(medians), median(floor)
	b.ReportMetric(ms(proveCPU), "cpu-ms")
	b.ReportMetric(ms(median(walls)), "wall-ms")
	b.ReportMetric(ms(floorCPU), "floor-cpu-ms")
	b.ReportMetric(ratio(proveCPU, floorCPU), "x-floor")
	b.ReportMetric(float64(medianInt(solvers)), "solvers")
	b.ReportMetric(float64(medianInt(checks)), "checks")
	b.Logf("%d plans; median prove %v CPU, floor %v CPU", len(plans), proveCPU, floorCPU)
}

// floorRuns is how many times each iteration measures the floor: once
// is too noisy beside hundreds of proofs.
const floorRuns = 20

// trivialCheck is the least a proof can cost: a context, a solver and
// one check of a true formula.
func trivialCheck() error {
	zc, err := z3.NewContext()
	if err != nil {
		return err
	}
	defer zc.Close()
	s := zc.NewSolver(prover.DefaultTimeout)
	s.Assert(zc.True())
	_, err = s.Check()
	return err
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func medianInt(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	sort.Ints(xs)
	return xs[len(xs)/2]
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
