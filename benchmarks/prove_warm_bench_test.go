package benchmarks

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/prover/z3"
)

// BenchmarkProveWarm proves every corpus plan in process, compiled once
// beforehand, so only the proof is measured, twice in turn: as a
// long-lived process does (warm: through a pool of one context, recycled
// from proof to proof) and with a context of its own (fresh). It reports
// the median over the plans of each plan's CPU time (cpu-ms warm,
// fresh-cpu-ms; this process's user and system time, which a loaded
// machine inflates far less than the wall clock) beside the floor
// measured in the same run: one fresh Z3 context, one solver and one
// trivial check (floor-cpu-ms), and the ratios (x-floor, x-fresh). It
// also reports the median number of solvers and checks a proof made, and
// the plans whose warm proof differs from the fresh one: in a verdict
// (verdict-diffs, each also logged) or only in a counterexample's values
// (cex-diffs). A plan that does not compile is left out.
//
// With CLAUZ3_BENCH_WARM_PLANS set to a file name, each plan's median
// warm and fresh CPU (microseconds) is written there, one plan a line:
// two builds are compared plan by plan, which shows what a median hides.
//
// Measured with -benchtime 1x on the shared 2-core machine: at load 15,
// 4.22 ms warm (floor 2.67 ms); with the per-check wall-clock limit a Go
// timer rather than Z3's timeout parameter (prover/z3), at load 16.6,
// 3.26 ms warm, 6.08 ms fresh, floor 3.17 ms; 0 verdict-diffs, 43
// cex-diffs, 334 plans. On 2 December 2026, 340 plans, at load 2.2 to
// 3.1 (other jobs on the machine), five runs: 2.46, 3.45, 2.70, 2.47 and
// 2.53 ms warm (5.1 to 10.3 ms fresh, floor 1.9 to 3.5 ms), a median of
// 2 solvers and 4 checks, 0 verdict-diffs, 40 to 44 cex-diffs where
// read. Keeping one Z3 solver per pooled context instead, a scope per
// proof, measured interleaved with these (load 2.5 to 3.8): 3.49, 2.64,
// 2.65 and 3.23 ms warm, 1 solver,
// 0 verdict-diffs, but the plans' summed warm CPU 44 to 49 s against 30
// to 35 s and single plans up to 690 times slower, so it was not kept
// (prover/z3's documentation says why). On a quiet machine on
// 2 December 2026 at 14:30 (load 1.0 to 1.2, nothing else running),
// three runs of 340 plans: 1.91, 2.17 and 1.73 ms warm (4.0 to 5.3 ms
// fresh, floor 0.67 to 1.10 ms), 0 verdict-diffs.
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
	pool := prover.NewContexts(1)
	defer pool.Close()
	warmCPU := make([][]time.Duration, len(plans))
	freshCPU := make([][]time.Duration, len(plans))
	var floor []time.Duration
	var solvers, checks []int
	verdictDiffs, cexDiffs := map[string]bool{}, map[string]bool{}
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
			fresh, ferr := prover.Prove(context.Background(), p.prog, prover.Options{})
			_, cpu := m.stop()
			freshCPU[i] = append(freshCPU[i], cpu)
			m = startMeasure(rusageSelf)
			warm, werr := prover.Prove(context.Background(), p.prog, prover.Options{Contexts: pool})
			_, cpu = m.stop()
			warmCPU[i] = append(warmCPU[i], cpu)
			if werr == nil {
				solvers = append(solvers, warm.Cost.Solvers)
				checks = append(checks, warm.Cost.Checks)
			}
			if v1, v2 := verdicts(fresh, ferr), verdicts(warm, werr); v1 != v2 {
				if !verdictDiffs[p.name] {
					b.Logf("%s: fresh %s, warm %s", p.name, v1, v2)
				}
				verdictDiffs[p.name] = true
			} else if counterexamples(fresh) != counterexamples(warm) {
				cexDiffs[p.name] = true
			}
		}
	}
	b.StopTimer()
	warmMed, freshMed := make([]time.Duration, len(plans)), make([]time.Duration, len(plans))
	for i := range plans {
		warmMed[i], freshMed[i] = median(warmCPU[i]), median(freshCPU[i])
	}
	if path := os.Getenv(warmPlansEnv); path != "" {
		var sb strings.Builder
		for i, p := range plans {
			fmt.Fprintf(&sb, "%s %d %d\n", p.name, warmMed[i].Microseconds(), freshMed[i].Microseconds())
		}
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			b.Fatalf("%s: %v", warmPlansEnv, err)
		}
	}
	proveCPU, freshProve, floorCPU := median(warmMed), median(freshMed), median(floor)
	b.ReportMetric(ms(proveCPU), "cpu-ms")
	b.ReportMetric(ms(freshProve), "fresh-cpu-ms")
	b.ReportMetric(ms(floorCPU), "floor-cpu-ms")
	b.ReportMetric(ratio(proveCPU, floorCPU), "x-floor")
	b.ReportMetric(ratio(proveCPU, freshProve), "x-fresh")
	b.ReportMetric(float64(medianInt(solvers)), "solvers")
	b.ReportMetric(float64(medianInt(checks)), "checks")
	b.ReportMetric(float64(len(verdictDiffs)), "verdict-diffs")
	b.ReportMetric(float64(len(cexDiffs)), "cex-diffs")
	b.Logf("%d plans; median proof %v CPU warm, %v fresh; floor %v CPU; %d contexts made; load %s",
		len(plans), proveCPU, freshProve, floorCPU, pool.Made(), loadAverage())
}

// verdicts is the status of each obligation of a proof, or its error's
// code.
func verdicts(res *prover.Result, err error) string {
	if err != nil {
		return fmt.Sprintf("error %v", ir.CodeOf(err, ir.UnknownCode))
	}
	var sb strings.Builder
	for _, o := range res.Obligations {
		fmt.Fprintf(&sb, "%s %s %s; ", o.Title(), o.Status, o.Code)
	}
	return sb.String()
}

// counterexamples is every counterexample of a proof, printed.
func counterexamples(res *prover.Result) string {
	if res == nil {
		return ""
	}
	var sb strings.Builder
	for _, o := range res.Obligations {
		if o.Counterexample != nil {
			fmt.Fprintf(&sb, "%+v; ", *o.Counterexample)
		}
	}
	return sb.String()
}

// BenchmarkProveWarmMemory proves corpus plans through one recycled
// context, 10,000 proofs in all (the plans whose first proof takes at
// most 50 ms of CPU, in turn), and reports Z3's own memory estimate and
// the process's resident memory after the first 1,000 proofs and at the
// end (z3-mb-1k, z3-mb-10k, rss-mb-1k, rss-mb-10k): a recycled context
// must not grow with the proofs it served.
func BenchmarkProveWarmMemory(b *testing.B) {
	const total, first = 10_000, 1_000
	pool := prover.NewContexts(1)
	defer pool.Close()
	var progs []*ir.Program
	for _, path := range corpusPlans(b) {
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{corpusDir}})
		if err != nil {
			continue
		}
		m := startMeasure(rusageSelf)
		_, err = prover.Prove(context.Background(), prog, prover.Options{Contexts: pool})
		if _, cpu := m.stop(); err == nil && cpu <= 50*time.Millisecond {
			progs = append(progs, prog)
		}
	}
	if len(progs) == 0 {
		b.Fatal("no corpus plan proved in 50 ms")
	}
	var z3At, rssAt [2]float64
	b.ResetTimer()
	for range b.N {
		for i := range total {
			if _, err := prover.Prove(context.Background(), progs[i%len(progs)], prover.Options{Contexts: pool}); err != nil {
				b.Fatal(err)
			}
			if i+1 == first || i+1 == total {
				k := 0
				if i+1 == total {
					k = 1
				}
				z3At[k], rssAt[k] = float64(z3.Allocated())/(1<<20), rssMB()
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(z3At[0], "z3-mb-1k")
	b.ReportMetric(z3At[1], "z3-mb-10k")
	b.ReportMetric(rssAt[0], "rss-mb-1k")
	b.ReportMetric(rssAt[1], "rss-mb-10k")
	b.Logf("%d plans in turn; %d contexts made; load %s", len(progs), pool.Made(), loadAverage())
}

// rssMB is this process's resident memory now (VmRSS), in MiB.
func rssMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(rest), "%f", &kb)
			return kb / 1024
		}
	}
	return 0
}

// warmPlansEnv names the file BenchmarkProveWarm writes each plan's
// medians to, when set.
const warmPlansEnv = "CLAUZ3_BENCH_WARM_PLANS"

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
