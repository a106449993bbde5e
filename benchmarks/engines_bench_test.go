package benchmarks

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/corpus/harness"
	"github.com/clauz3/clauz3/gen"
)

// The compute-heavy plans; each has a hand-written Go equivalent in
// handwritten/<name>.
var heavyPlans = []string{"loop_sum", "string_build", "dict_count"}

// string_build's sealed binary spent 40 % of its CPU growing its list;
// since the generated code reserves the list before the loop (gen,
// List.Reserve), its CPU against hand-written Go's went from 1.90, 1.45
// and 1.85 to 1.28, 1.19 and 1.18 (cpu:compiled/handgo, -benchtime 5x
// and 10x, the two commits alternated in one half hour at load average
// 11-13).

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
// every engine and reports each engine's median time and the ratios the
// project tracks: interpreter/compiled, CPython/compiled and
// compiled/hand-written Go.
//
// What is timed, per engine:
//   - compiled: the sealed binary (simulate mode) as a process, run as
//     `clauz3 simulate --engine compiled` and the differential harness run
//     it (--effects FILE --trace FILE); the build is done once, before
//     the timing (builds have their own benchmark, gen's BenchmarkBuild);
//   - handgo: the hand-written Go binary as a process;
//   - cpython: python3 running the plan with the stub modules, as a
//     process (harness.RunCPython: its temporary folder included);
//   - interp: the IR interpreter in the benchmark's process, on the
//     already compiled IR: no process start and no front end, which
//     only favours the interpreter.
//
// Each time is the median of the runs; the ratios are reported twice, on
// wall-clock times and on CPU times (cpu:...), which a loaded machine
// disturbs less. Before the timing every engine's output is checked against CPython's
// (harness.Compare), and each timed run's stdout against it again.
func BenchmarkEngines(b *testing.B) {
	if !harness.PythonAvailable() {
		b.Fatal("python3 is needed for the CPython arm")
	}
	cache := b.TempDir()
	bins := b.TempDir()
	for _, name := range heavyPlans {
		b.Run(name, func(b *testing.B) {
			handBin := buildHandwritten(b, bins, name)
			ctx := context.Background()
			c, err := harness.LoadCase(filepath.Join("plans", name+".py"), "plans")
			if err != nil {
				b.Fatal(err)
			}
			prog, src, err := harness.Compile(c)
			if err != nil {
				b.Fatal(err)
			}
			res, err := gen.Build(ctx, prog, src, gen.BuildOptions{Mode: gen.Simulate, CacheDir: cache})
			if err != nil {
				b.Fatal(err)
			}
			want, err := harness.RunCPython(ctx, c)
			if err != nil {
				b.Fatal(err)
			}
			oc, err := harness.RunCompiled(ctx, c, cache)
			if err != nil {
				b.Fatal(err)
			}
			if d := harness.Compare(oc, want); d != "" {
				b.Fatalf("compiled and CPython disagree:\n%s", d)
			}
			if want.Exit != 0 || len(want.Trace) != 0 {
				b.Fatalf("a benchmark plan must run to its end without effects, got %+v", want)
			}
			runDir := b.TempDir()
			effects := filepath.Join(runDir, "results.json")
			if err := os.WriteFile(effects, []byte("{}"), 0o644); err != nil {
				b.Fatal(err)
			}
			compiledArgs := []string{"--effects", effects, "--trace", filepath.Join(runDir, "trace.jsonl")}

			var interp, compiled, python, hand engineTimes
			for i := 0; i < b.N; i++ {
				m := startMeasure(rusageSelf)
				oi, err := harness.RunProgram(ctx, c, prog)
				interp.add(m.stop())
				if err != nil {
					b.Fatal(err)
				}
				if d := harness.Compare(oi, want); d != "" {
					b.Fatalf("interpreter and CPython disagree:\n%s", d)
				}

				compiled.add(timeProcess(b, want.Stdout, res.Binary, compiledArgs...))

				m = startMeasure(rusageChildren)
				op, err := harness.RunCPython(ctx, c)
				python.add(m.stop())
				if err != nil {
					b.Fatal(err)
				}
				if op.Stdout != want.Stdout {
					b.Fatalf("CPython printed %q, then %q", want.Stdout, op.Stdout)
				}

				hand.add(timeProcess(b, want.Stdout, handBin))
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			ratio := func(a, b time.Duration) float64 { return float64(a) / float64(b) }
			mi, mc, mp, mh := median(interp.wall), median(compiled.wall), median(python.wall), median(hand.wall)
			b.ReportMetric(ms(mi), "interp-ms")
			b.ReportMetric(ms(mc), "compiled-ms")
			b.ReportMetric(ms(mp), "cpython-ms")
			b.ReportMetric(ms(mh), "handgo-ms")
			b.ReportMetric(ratio(mi, mc), "interp/compiled")
			b.ReportMetric(ratio(mp, mc), "cpython/compiled")
			b.ReportMetric(ratio(mc, mh), "compiled/handgo")
			ci, cc, cp, ch := median(interp.cpu), median(compiled.cpu), median(python.cpu), median(hand.cpu)
			b.ReportMetric(ratio(ci, cc), "cpu:interp/compiled")
			b.ReportMetric(ratio(cp, cc), "cpu:cpython/compiled")
			b.ReportMetric(ratio(cc, ch), "cpu:compiled/handgo")
		})
	}
}

// engineTimes are one engine's wall-clock and CPU (user + system) times,
// one per run. On a shared machine the CPU times are the steadier
// measure of the work done: waiting for a core does not count.
type engineTimes struct{ wall, cpu []time.Duration }

func (t *engineTimes) add(wall, cpu time.Duration) {
	t.wall = append(t.wall, wall)
	t.cpu = append(t.cpu, cpu)
}

const (
	rusageSelf     = syscall.RUSAGE_SELF
	rusageChildren = syscall.RUSAGE_CHILDREN
)

// measure times a stretch of work: the wall clock, and the CPU time of
// this process (rusageSelf) or of the child processes waited for in it
// (rusageChildren).
type measure struct {
	who   int
	start time.Time
	cpu   time.Duration
}

func startMeasure(who int) measure {
	return measure{who: who, start: time.Now(), cpu: cpuTime(who)}
}

func (m measure) stop() (wall, cpu time.Duration) {
	return time.Since(m.start), cpuTime(m.who) - m.cpu
}

func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		panic(err) // only EINVAL for a bad who, which the constants exclude
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timeProcess runs bin as a process, checks that it prints want and exits
// 0, and returns the time from start to exit and the CPU time it used.
func timeProcess(b *testing.B, want, bin string, args ...string) (wall, cpu time.Duration) {
	b.Helper()
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall = time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	if stdout.String() != want {
		b.Fatalf("%s printed %q, CPython %q", bin, stdout.String(), want)
	}
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// median is the middle time: the mean Go reports hides the occasional
// slow start of a process on a shared machine.
func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
