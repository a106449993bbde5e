package randplan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/corpus/harness"
)

// importRoot is the corpus (for the email and bank layers) and corpus/run
// (for the store layer), as a PYTHONPATH-style list.
func importRoot(t testing.TB) string {
	t.Helper()
	corpus, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return corpus + string(os.PathListSeparator) + filepath.Join(corpus, "run")
}

var (
	probeOnce    sync.Once
	probeOpt     Options
	probeResults []ProbeResult
	probeErr     error
)

// probe finds out, once per process, which features the compiler
// supports.
func probe(t testing.TB) (Options, []ProbeResult) {
	t.Helper()
	probeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "clauz3-probe-")
		if err != nil {
			probeErr = err
			return
		}
		defer os.RemoveAll(dir)
		probeOpt, probeResults, probeErr = Probe(dir, importRoot(t))
	})
	if probeErr != nil {
		t.Fatal(probeErr)
	}
	if probeResults[0].Err != nil {
		t.Fatalf("the compiler refuses the base subset of random plans, so none can run:\n%v", probeResults[0].Err)
	}
	return probeOpt, probeResults
}

// TestProbesRunUnderCPython checks the probes themselves: each must run
// under CPython with the stubs and exit 0.
func TestProbesRunUnderCPython(t *testing.T) {
	if !harness.PythonAvailable() {
		t.Fatalf("%s is not on PATH", harness.Python)
	}
	py, err := harness.StartCPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer py.Close()
	dir := t.TempDir()
	srcs := map[string]string{"base": baseProbe}
	for f, s := range Probes {
		srcs[string(f)] = s
	}
	for name, src := range srcs {
		path := filepath.Join(dir, "probe_"+strings.ReplaceAll(name, "-", "_")+".py")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		c := harness.Case{Name: name, Path: path, ImportRoot: importRoot(t),
			Effects: []byte(`{"balance": [5], "lookup": ["k"], "list_users": [["a@b"]]}`)}
		if name == "base" {
			c.Args = map[string]json.RawMessage{"arg0": json.RawMessage("4"), "arg1": json.RawMessage(`"x"`), "arg2": json.RawMessage("false")}
		}
		out, err := py.Run(context.Background(), c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out.Exit != 0 {
			t.Errorf("probe %s fails under CPython: %s", name, out.Error)
		}
	}
}

// TestGenerateDeterministic: the same seed and options give the same plan.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		a, b := Generate(seed, Options{}), Generate(seed, Options{})
		if a.Source != b.Source || string(a.Effects) != string(b.Effects) {
			t.Fatalf("seed %d: two different plans", seed)
		}
	}
}

// stats counts what happened to the random plans of one test.
type stats struct {
	mu          sync.Mutex
	tried       int
	compiled    int
	unsupported []string // seed: first error line
	refused     []string
	// By engine name: cases it ran, cases where it agreed with CPython,
	// cases it could not build or run.
	ran, agree map[string]int
	failed     map[string][]string
	mismatches []string
	// py runs the CPython arm from one driver process; nil: one python3
	// per plan (harness.RunCPython).
	py *harness.CPythonDriver
}

// newStats counts for a test whose CPython arm is py (nil: one python3
// per plan).
func newStats(py *harness.CPythonDriver) *stats {
	return &stats{py: py, ran: map[string]int{}, agree: map[string]int{}, failed: map[string][]string{}}
}

// TestRandomPlans feeds seeded random plans through the IR interpreter and
// CPython (and, unless -short, the first few through the compiled binary
// too) and requires identical outcomes. CLAUZ3_RANDPLANS sets the number
// of plans (default 30), CLAUZ3_RANDPLANS_COMPILED how many of them are
// also built and run (default 3), CLAUZ3_RANDSEED the first seed (default
// 1), and CLAUZ3_RANDPLAN_SAVE a folder where every mismatching plan is
// written as a corpus/run case.
func TestRandomPlans(t *testing.T) {
	if !harness.PythonAvailable() {
		t.Fatalf("%s is not on PATH: random plans are checked against CPython", harness.Python)
	}
	n := envInt(t, "CLAUZ3_RANDPLANS", 30)
	seed0 := int64(envInt(t, "CLAUZ3_RANDSEED", 1))
	opt, results := probe(t)
	var off []string
	for _, r := range results[1:] {
		if r.Err != nil {
			off = append(off, fmt.Sprintf("%s (%s)", r.Feature, firstLine(r.Err.Error())))
		}
	}
	if len(off) > 0 {
		t.Logf("features off, the compiler refuses their probes: %s", strings.Join(off, "; "))
	}
	compiledRuns := envInt(t, "CLAUZ3_RANDPLANS_COMPILED", 3)
	if testing.Short() {
		compiledRuns = 0
		t.Log("-short: no compiled runs")
	}
	dir := t.TempDir()
	cache := filepath.Join(dir, "build")
	py, err := harness.StartCPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer py.Close()
	st := newStats(py)
	t.Run("seeds", func(t *testing.T) {
		for i := 0; i < n; i++ {
			seed := seed0 + int64(i)
			withBin := i < compiledRuns
			t.Run(strconv.FormatInt(seed, 10), func(t *testing.T) {
				t.Parallel()
				checkPlan(t, dir, cache, Generate(seed, opt), withBin, st)
			})
		}
	})
	t.Logf("random plans: %d tried, %d compiled, %d refused as not supported, %d refused otherwise; "+
		"interp = cpython on %d; compiled runs %d, compiled = cpython on %d, builds or runs failed %d %v; mismatches: %d %v",
		st.tried, st.compiled, len(st.unsupported), len(st.refused), st.agree["interp"], st.ran["compiled"], st.agree["compiled"],
		len(st.failed["compiled"]), st.failed["compiled"], len(st.mismatches), st.mismatches)
	if f := st.failed["interp"]; len(f) > 0 {
		t.Logf("interp could not run %d %v", len(f), f)
	}
	for _, u := range st.unsupported {
		t.Logf("  not supported: %s", u)
	}
}

// checkPlan runs one generated plan and reports any difference.
func checkPlan(t *testing.T, dir, cache string, p *Plan, withBin bool, st *stats) {
	t.Helper()
	name := fmt.Sprintf("rand_%d", p.Seed)
	path := filepath.Join(dir, name+".py")
	if err := os.WriteFile(path, []byte(p.Source), 0o644); err != nil {
		t.Fatal(err)
	}
	c := harness.Case{Name: name, Path: path, Effects: p.Effects, Args: p.Args, ImportRoot: importRoot(t)}
	st.mu.Lock()
	st.tried++
	st.mu.Unlock()
	_, _, err := harness.Compile(c)
	var ce *harness.CompileError
	switch {
	case errors.As(err, &ce) && ce.Unsupported():
		st.mu.Lock()
		st.unsupported = append(st.unsupported, fmt.Sprintf("seed %d: %s", p.Seed, firstLine(ce.Err.Error())))
		st.mu.Unlock()
		t.Skipf("not supported yet: %v", ce.Err)
	case errors.As(err, &ce):
		st.mu.Lock()
		st.refused = append(st.refused, name)
		st.mu.Unlock()
		save(t, c, p, "refused")
		t.Fatalf("the compiler refuses a generated plan:\n%v\n--- plan:\n%s", ce.Err, numbered(p.Source))
	case err != nil:
		t.Fatal(err)
	}
	st.mu.Lock()
	st.compiled++
	st.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// CPython is the reference: every other engine is compared with it
	// (and only with it), in order.
	var ref harness.Engine = harness.CPython{}
	if st.py != nil {
		ref = st.py
	}
	engines := []harness.Engine{harness.Interp{}}
	if withBin {
		engines = append(engines, harness.Compiled{BuildCache: cache})
	}
	runs, err := harness.RunAll(ctx, append(engines, ref), c)
	if err != nil {
		t.Fatal(err)
	}
	py := runs[len(runs)-1]
	if py.Err != nil {
		t.Fatalf("%s: %v", py.Engine, py.Err)
	}
	for _, r := range runs[:len(runs)-1] {
		if r.Err != nil {
			st.mu.Lock()
			st.failed[r.Engine] = append(st.failed[r.Engine], name)
			st.mu.Unlock()
			save(t, c, p, r.Engine+" run")
			t.Errorf("%s: %v\n--- plan:\n%s", r.Engine, r.Err, numbered(p.Source))
			continue
		}
		st.mu.Lock()
		st.ran[r.Engine]++
		st.mu.Unlock()
		if d := harness.Compare(r.Outcome, py.Outcome); d != "" {
			st.mu.Lock()
			st.mismatches = append(st.mismatches, name+" ("+r.Engine+")")
			st.mu.Unlock()
			save(t, c, p, r.Engine)
			t.Errorf("%s vs %s differ (- %s, + %s):\n%s\n--- plan:\n%s", r.Engine, py.Engine, r.Engine, py.Engine, d, numbered(p.Source))
		} else {
			st.mu.Lock()
			st.agree[r.Engine]++
			st.mu.Unlock()
		}
	}
}

// FuzzDifferential turns its input into a seed, generates that plan and
// requires the IR interpreter and CPython to agree on it (`make fuzz`).
// Failing inputs are kept by the fuzzer under testdata/fuzz; set
// CLAUZ3_RANDPLAN_SAVE to also get them as corpus/run cases.
func FuzzDifferential(f *testing.F) {
	for _, s := range []string{"", "0", "seed", "clauz3", "\x00\x01\x02", "differential"} {
		f.Add([]byte(s))
	}
	if !harness.PythonAvailable() {
		f.Fatalf("%s is not on PATH", harness.Python)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		opt, _ := probe(t)
		h := fnv.New64a()
		h.Write(data)
		p := Generate(int64(h.Sum64()>>1), opt)
		checkPlan(t, dir, "", p, false, newStats(nil))
	})
}

// save writes a failing plan as a corpus/run case (NAME.py with its
// .effects.json and .args.json) into $CLAUZ3_RANDPLAN_SAVE, if set.
func save(t *testing.T, c harness.Case, p *Plan, why string) {
	dir := os.Getenv("CLAUZ3_RANDPLAN_SAVE")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Error(err)
		return
	}
	base := filepath.Join(dir, c.Name)
	src := fmt.Sprintf("# Random plan %d: %s mismatch found by corpus/randplan.\n%s", p.Seed, why, p.Source)
	files := map[string][]byte{base + ".py": []byte(src)}
	if len(p.Effects) > 0 {
		files[base+".effects.json"] = append(append([]byte(nil), p.Effects...), '\n')
	}
	if len(p.Args) > 0 {
		b, _ := json.Marshal(p.Args)
		files[base+".args.json"] = append(b, '\n')
	}
	for path, b := range files {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Error(err)
		}
	}
	t.Logf("saved as %s.py", base)
}

func numbered(src string) string {
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	for i, l := range lines {
		lines[i] = fmt.Sprintf("%3d  %s", i+1, l)
	}
	return strings.Join(lines, "\n")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s=%q is not a number", name, v)
	}
	return n
}
