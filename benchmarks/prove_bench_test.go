package benchmarks

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

var corpusDir = filepath.Join("..", "corpus")

// corpusPlans lists every prove case of the corpus: plans/, and the
// layer-feature cases of cases/ and coverage/, which share its import root.
func corpusPlans(b *testing.B) []string {
	var all []string
	for _, dir := range []string{"plans", "cases", "coverage"} {
		plans, err := filepath.Glob(filepath.Join(corpusDir, dir, "*.py"))
		if err != nil || len(plans) == 0 {
			b.Fatalf("no corpus plans in %s: %v", dir, err)
		}
		all = append(all, plans...)
	}
	return all
}

// caseName is the case's directory and file name: plans/ and cases/
// reuse some names.
func caseName(path string) string {
	return filepath.Base(filepath.Dir(path)) + "/" + strings.TrimSuffix(filepath.Base(path), ".py")
}

// mustProve says whether an error on this case is a benchmark failure:
// plans/ names its expected verdict, the other directories say it in a
// header that the corpus tests check.
func mustProve(path string) bool {
	return filepath.Base(filepath.Dir(path)) == "plans" && strings.HasSuffix(path, "_pass.py")
}

// BenchmarkProveInProcess compiles and proves each corpus plan in the
// benchmark's process, as a library user would.
func BenchmarkProveInProcess(b *testing.B) {
	for _, plan := range corpusPlans(b) {
		b.Run(caseName(plan), func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				start := time.Now()
				prog, err := compiler.CompileFile(plan, compiler.Config{ImportRoots: []string{corpusDir}})
				if err == nil {
					_, err = prover.Prove(context.Background(), prog, prover.Options{})
				}
				times = append(times, time.Since(start))
				if err != nil && mustProve(plan) {
					b.Fatal(err)
				}
			}
			reportMedian(b, times)
		})
	}
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func clauz3Binary(b *testing.B) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "clauz3-bench")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "clauz3")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/clauz3").CombinedOutput()
		if err != nil {
			buildErr = &buildError{err: err, out: string(out)}
		}
	})
	if buildErr != nil {
		b.Fatal(buildErr)
	}
	return binPath
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// BenchmarkProveProcess runs `clauz3 prove` as a whole process on each
// corpus plan and reports the median over the plans of each plan's median
// CPU time (cpu-ms, the child's user and system time) beside the process
// floor measured in the same run (floor-cpu-ms): what every `clauz3 prove`
// costs before its proof, `clauz3 help` (start-up and exit) plus one Z3
// context, one solver and one trivial check in a fresh process
// (z3floor's run less z3floor -start, its process start alone), and their
// ratio (x-floor). Plans run in turn with the floor's parts between them,
// so a change of load moves both. A plan whose verdict is expected to be
// proved must exit 0; the others may fail their obligations.
//
// Measured with -benchtime 1x on the 2-core machine idle (load average
// 1.1), on 2026-12-02: 357 plans, median 28.1 ms CPU against a floor of
// 22.0 ms (help 7.6 ms, z3floor 18.5 ms less its start 4.1 ms), 1.28x.
func BenchmarkProveProcess(b *testing.B) {
	bin := clauz3Binary(b)
	floorBin := z3floorBinary(b)
	plans := corpusPlans(b)
	perPlan := make([][]time.Duration, len(plans))
	var help, z3run, z3start []time.Duration
	run := func(bin string, args ...string) (time.Duration, error) {
		cmd := exec.Command(bin, args...)
		err := cmd.Run()
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), err
	}
	mustRun := func(into *[]time.Duration, bin string, args ...string) {
		cpu, err := run(bin, args...)
		if err != nil {
			b.Fatalf("%s %v: %v", bin, args, err)
		}
		*into = append(*into, cpu)
	}
	b.ResetTimer()
	for range b.N {
		for i, plan := range plans {
			if i%10 == 0 {
				mustRun(&help, bin, "help")
				mustRun(&z3run, floorBin)
				mustRun(&z3start, floorBin, "-start")
			}
			cpu, err := run(bin, "prove", "--import-root", corpusDir, plan)
			if err != nil && mustProve(plan) {
				b.Fatalf("%s: %v", caseName(plan), err)
			}
			perPlan[i] = append(perPlan[i], cpu)
		}
	}
	b.StopTimer()
	medians := make([]time.Duration, len(plans))
	for i := range plans {
		medians[i] = median(perPlan[i])
	}
	prove := median(medians)
	floor := median(help) + max(median(z3run)-median(z3start), 0)
	b.ReportMetric(ms(prove), "cpu-ms")
	b.ReportMetric(ms(floor), "floor-cpu-ms")
	b.ReportMetric(ratio(prove, floor), "x-floor")
	b.Logf("%d plans; median `clauz3 prove` %v CPU; floor %v CPU (help %v, z3floor %v, its start %v); load %s",
		len(plans), prove, floor, median(help), median(z3run), median(z3start), loadAverage())
}

var (
	floorOnce sync.Once
	floorPath string
	floorErr  error
)

// z3floorBinary builds z3floor (the Z3 part of the process floor).
func z3floorBinary(b *testing.B) string {
	floorOnce.Do(func() {
		dir, err := os.MkdirTemp("", "clauz3-floor")
		if err != nil {
			floorErr = err
			return
		}
		floorPath = filepath.Join(dir, "z3floor")
		out, err := exec.Command("go", "build", "-o", floorPath, "./z3floor").CombinedOutput()
		if err != nil {
			floorErr = &buildError{err: err, out: string(out)}
		}
	})
	if floorErr != nil {
		b.Fatal(floorErr)
	}
	return floorPath
}

// reportMedian adds the median and 95th-percentile iteration times: the
// mean Go reports hides the occasional slow start of a process on a shared
// machine.
func reportMedian(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[(len(times)*95+99)/100-1].Microseconds())/1000, "p95-ms")
}
