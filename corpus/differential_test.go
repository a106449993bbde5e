package corpus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/corpus/harness"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// pending lists the runnable plans the compiler refuses for now, each with
// the reason. A listed plan is skipped (and named in the test's summary)
// only while the compiler's refusal says "is not supported"; any other
// refusal fails, and a listed plan that compiles runs like every other
// (the test then asks for the entry to be removed). Every other plan the
// compiler refuses fails the test.
var pending = map[string]string{}

// TestDifferential runs every plan of run/ and every plans/*_pass.py under
// the IR interpreter, the compiled plan (simulate mode; every plan linked
// into one batch binary, harness.CompiledBatch) and CPython with the
// stubs of pystub/ (one driver process, a forked child per plan), with
// the same simulated effect results and
// arguments: stdout, trace, exit status and error line must be the same in
// all three. With -short the compiled arm is skipped (and said so); the
// other two always run.
func TestDifferential(t *testing.T) {
	if !harness.PythonAvailable() {
		t.Fatalf("%s is not on PATH: the CPython arm of the differential test needs it (docs/design.md section 9)", harness.Python)
	}
	cases, generated := differentialCases(t)
	// One python3 runs every plan, each in its own forked child.
	cpython, err := harness.StartCPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer cpython.Close()
	compiled := !testing.Short()
	var batch *harness.CompiledBatch
	if compiled {
		// Every plan linked into one binary that runs each by name as its
		// own sealed simulation binary would: one go build for all.
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		start := time.Now()
		batch, err = harness.BuildCompiled(ctx, cases)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		defer batch.Close()
		t.Logf("compiled arm: %d plans built into one binary in %v", len(cases), time.Since(start).Round(time.Millisecond))
	} else {
		t.Log("-short: the compiled arm is skipped; interpreter and CPython still run")
	}
	// The interpreter first: its outcome also says whether generated
	// results ran out. Every pair of engines is compared.
	engines := []harness.Engine{harness.Interp{}}
	if compiled {
		engines = append(engines, batch)
	}
	// The prover's own encoding, run on each case's values (trace and
	// exit status only).
	engines = append(engines, cpython, harness.Prover{})
	t.Logf("engines: %s", harness.EngineNames(engines))

	var mu sync.Mutex
	pairs := map[string]*pairCount{}
	pair := func(name string) *pairCount {
		if pairs[name] == nil {
			pairs[name] = &pairCount{}
		}
		return pairs[name]
	}
	var skipped, stale, refused []string
	failed := map[string][]string{} // engine name -> cases it could not run
	var loopsRun, outOfResults []string
	proverRefused := map[string][]string{} // reason kind -> cases

	t.Run("plans", func(t *testing.T) {
		for _, c := range cases {
			c := c
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				_, _, err := harness.Compile(c)
				reason, isPending := pending[c.Name]
				var ce *harness.CompileError
				switch {
				case err == nil && isPending:
					mu.Lock()
					stale = append(stale, c.Name)
					mu.Unlock()
					t.Errorf("%s is listed as pending (%s) but compiles now: remove it from pending", c.Name, reason)
				case errors.As(err, &ce) && isPending && ce.Unsupported():
					mu.Lock()
					skipped = append(skipped, fmt.Sprintf("%s (%s): %s", c.Name, reason, firstLine(ce.Err.Error())))
					mu.Unlock()
					t.Skipf("pending (%s): %v", reason, ce.Err)
				case errors.As(err, &ce):
					mu.Lock()
					refused = append(refused, c.Name)
					mu.Unlock()
					kind := "refused"
					if ce.Unsupported() {
						kind = "refused as not supported (add it to pending if that is expected)"
					}
					t.Fatalf("the compiler %s the plan:\n%v", kind, ce.Err)
				case err != nil:
					t.Fatal(err)
				}

				runs, err := harness.RunAll(ctx, engines, c)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range runs {
					if kind, ok := proverRefusal(r); ok {
						mu.Lock()
						proverRefused[kind] = append(proverRefused[kind], c.Name)
						mu.Unlock()
						t.Logf("%s: %v", r.Engine, r.Err)
						continue
					}
					if r.Err != nil {
						mu.Lock()
						failed[r.Engine] = append(failed[r.Engine], c.Name)
						mu.Unlock()
						t.Errorf("%s: %v", r.Engine, r.Err)
					}
				}
				// The interpreter arm alone tells a run that ran out of
				// generated results (Outcome.NoResult) and gives the trace
				// the generated rows are checked against.
				in := runs[0]
				if results, ok := generated[c.Name]; ok && in.Err == nil {
					if in.Outcome.NoResult != nil {
						mu.Lock()
						outOfResults = append(outOfResults, c.Name)
						mu.Unlock()
						t.Errorf("the generated results ran out: %v", in.Outcome.NoResult)
					}
					rows, err := consumedRows(in.Outcome.Trace, results)
					if err != nil {
						t.Errorf("interp trace: %v", err)
					}
					if rows {
						mu.Lock()
						loopsRun = append(loopsRun, c.Name)
						mu.Unlock()
					}
				}
				agree, differ := harness.ComparePairs(runs)
				mu.Lock()
				for _, label := range agree {
					pair(label).agree++
				}
				for _, d := range differ {
					pair(d.Label()).differ = append(pair(d.Label()).differ, c.Name)
				}
				mu.Unlock()
				for _, d := range differ {
					t.Errorf("%s", d)
				}
			})
		}
	})

	sort.Strings(skipped)
	var names []string
	for n := range pairs {
		names = append(names, n)
	}
	sort.Strings(names)
	var sum strings.Builder
	fmt.Fprintf(&sum, "differential: %d plans (%d from run/, %d from plans/)\n", len(cases), countPrefix(cases, "run"), countPrefix(cases, "plans"))
	for _, n := range names {
		p := pairs[n]
		fmt.Fprintf(&sum, "  %-20s agree on %d, differ on %d %v\n", n, p.agree, len(p.differ), p.differ)
	}
	for _, e := range engines {
		if f := failed[e.Name()]; len(f) > 0 {
			sort.Strings(f)
			fmt.Fprintf(&sum, "  %s could not run %d %v\n", e.Name(), len(f), f)
		}
	}
	if !compiled {
		sum.WriteString("  compiled arm skipped (-short)\n")
	}
	var kinds []string
	refusedByProver := 0
	for k, names := range proverRefused {
		kinds = append(kinds, k)
		refusedByProver += len(names)
	}
	sort.Strings(kinds)
	fmt.Fprintf(&sum, "  the prover's encoding could not represent %d cases:\n", refusedByProver)
	for _, k := range kinds {
		sort.Strings(proverRefused[k])
		fmt.Fprintf(&sum, "    %s: %d %v\n", k, len(proverRefused[k]), proverRefused[k])
	}
	// The prover's arm refuses what its encoding cannot represent; it
	// must still be compared on most cases, or it checks little.
	if compared := len(cases) - refusedByProver - len(failed["prover"]); 2*compared < len(cases) {
		t.Errorf("the prover's arm ran only %d of %d cases", compared, len(cases))
	}
	dbGenerated, dbRows := 0, 0
	gotRows := map[string]bool{}
	for _, n := range loopsRun {
		gotRows[n] = true
		if strings.HasPrefix(n, "db_") {
			dbRows++
		}
	}
	var noRows []string
	for n := range generated {
		if strings.HasPrefix(n, "db_") {
			dbGenerated++
			if !gotRows[n] {
				noRows = append(noRows, n)
			}
		}
	}
	sort.Strings(noRows)
	fmt.Fprintf(&sum, "  generated results (harness.GenerateResults): %d plans, %d of them db plans; %d db plans got rows from a query they called (%d plans in all); out of results: %d %v\n",
		len(generated), dbGenerated, dbRows, len(loopsRun), len(outOfResults), outOfResults)
	fmt.Fprintf(&sum, "    db plans that received no rows (they call no list query, or an empty later result): %v\n", noRows)
	fmt.Fprintf(&sum, "  pending (compiler does not support them yet): %d\n", len(skipped))
	for _, s := range skipped {
		fmt.Fprintf(&sum, "    %s\n", s)
	}
	if len(refused) > 0 {
		sort.Strings(refused)
		fmt.Fprintf(&sum, "  refused by the compiler (not pending): %v\n", refused)
	}
	if len(stale) > 0 {
		sort.Strings(stale)
		fmt.Fprintf(&sum, "  stale pending entries: %v\n", stale)
	}
	t.Log(sum.String())
}

type pairCount struct {
	agree  int
	differ []string
}

func countPrefix(cases []harness.Case, dir string) int {
	n := 0
	for _, c := range cases {
		if filepath.Base(filepath.Dir(c.Path)) == dir {
			n++
		}
	}
	return n
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// differentialCases loads run/*.py (with their .effects.json and
// .args.json) and plans/*_pass.py, whose arguments come from
// run/corpus_plans.args.json (plans/ keeps only .py and .want files) and
// whose effect results are generated (harness.GenerateResults, seeded
// with the plan's name) for every effect in reach that returns a value;
// generated maps those plans to their results by effect.
func differentialCases(t *testing.T) ([]harness.Case, map[string]map[string][]json.RawMessage) {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := harness.LoadCases("run", root)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 60 {
		t.Fatalf("found %d runnable plans in run/, expected at least 60", len(cases))
	}
	var planArgs map[string]map[string]json.RawMessage
	b, err := os.ReadFile(filepath.Join("run", "corpus_plans.args.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &planArgs); err != nil {
		t.Fatalf("run/corpus_plans.args.json: %v", err)
	}
	passing, err := filepath.Glob(filepath.Join("plans", "*_pass.py"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(passing)
	generated := map[string]map[string][]json.RawMessage{}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.Name] = true
	}
	for _, p := range passing {
		c, err := harness.LoadCase(p, root)
		if err != nil {
			t.Fatal(err)
		}
		if seen[c.Name] {
			t.Fatalf("plans/%s.py and run/%s.py share a name", c.Name, c.Name)
		}
		c.Args = planArgs[c.Name]
		delete(planArgs, c.Name)
		// A plan the compiler refuses gets no results: its subtest
		// reports the refusal.
		if prog, _, err := harness.Compile(c); err == nil {
			seed := fnv.New64a()
			seed.Write([]byte(c.Name))
			doc, err := harness.GenerateResults(prog, int64(seed.Sum64()>>1))
			if err != nil {
				t.Fatalf("%s: generating effect results: %v", c.Name, err)
			}
			var results map[string][]json.RawMessage
			if err := json.Unmarshal(doc, &results); err != nil {
				t.Fatalf("%s: generated results: %v", c.Name, err)
			}
			if len(results) > 0 {
				c.Effects = doc
				generated[c.Name] = results
			}
		}
		cases = append(cases, c)
	}
	for n := range planArgs {
		t.Errorf("run/corpus_plans.args.json names %s, which is not a plans/*_pass.py", n)
	}
	for n := range pending {
		if !seen[n] {
			t.Errorf("pending names %s, which is not a plan of run/", n)
		}
	}
	return cases, generated
}

// consumedRows reports whether a run whose trace is trace received a
// non-empty list among the generated results: the k-th call of an
// effect consumed its k-th result.
func consumedRows(trace []string, results map[string][]json.RawMessage) (bool, error) {
	calls := map[string]int{}
	for _, line := range trace {
		var rec struct {
			Effect string `json:"effect"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return false, fmt.Errorf("trace line %q: %v", line, err)
		}
		k := calls[rec.Effect]
		calls[rec.Effect]++
		if rs := results[rec.Effect]; k < len(rs) {
			var elems []json.RawMessage
			if json.Unmarshal(rs[k], &elems) == nil && len(elems) > 0 {
				return true, nil // not an array: not a list result
			}
		}
	}
	return false, nil
}

// proverRefusal says whether r is the prover's arm refusing a case its
// encoding cannot represent, and how: a *prover.NotModelledError (an
// abstraction), or the encoding refused as a proof would be (Unsupported,
// ProverLimit, Timeout, SolverUnknown). Those are counted and listed, never compared;
// any other error of the arm (Internal, SolverError, ...) fails the case.
func proverRefusal(r harness.EngineRun) (string, bool) {
	if r.Engine != (harness.Prover{}).Name() || r.Err == nil {
		return "", false
	}
	var nm *prover.NotModelledError
	if errors.As(r.Err, &nm) {
		return "not modelled", true
	}
	switch c := ir.CodeOf(r.Err, ir.UnknownCode); c {
	case ir.Unsupported, ir.ProverLimit, ir.Timeout, ir.SolverUnknown:
		return c.String(), true
	}
	return "", false
}
