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
// corpus plan. The "baseline" case runs `clauz3 help` (start-up and exit
// only), so process cost and proof cost separate in one run.
func BenchmarkProveProcess(b *testing.B) {
	bin := clauz3Binary(b)
	b.Run("baseline", func(b *testing.B) {
		times := make([]time.Duration, 0, b.N)
		for i := 0; i < b.N; i++ {
			start := time.Now()
			if err := exec.Command(bin, "help").Run(); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
		reportMedian(b, times)
	})
	for _, plan := range corpusPlans(b) {
		b.Run(caseName(plan), func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, "prove", "--import-root", corpusDir, plan)
				start := time.Now()
				err := cmd.Run()
				times = append(times, time.Since(start))
				if err != nil && mustProve(plan) {
					b.Fatal(err)
				}
			}
			reportMedian(b, times)
		})
	}
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
