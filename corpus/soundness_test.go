package corpus

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/corpus/contractgen"
	"github.com/clauz3/clauz3/corpus/harness"
	"github.com/clauz3/clauz3/corpus/randplan"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// soundnessPlans is how many random contract-shaped plans TestSoundness
// proves, and soundnessRandPlans how many randplan plans (whose proved
// ones also run under the interpreter, CPython and the sealed binary);
// `make fuzz` raises both. `make test` checks 200 generated plans (150
// and 50) for about a minute of CPU; the prover refuses most randplan
// plans, but seeds 1 to 50 hold a dozen proved ones, so `make test` runs
// the sealed binary arm on those.
//
// soundnessSeed and soundnessRandSeed shard a large run: the plans are
// those of contractgen seeds soundnessSeed+1 to soundnessSeed+N and
// randplan seeds soundnessRandSeed+1 to soundnessRandSeed+M, and each
// plan's guarantees and runs depend on its own seed alone, so shards with
// offsets 0, N, 2N, ... on one commit check exactly the plans one run of
// k*N would (scripts/soundness-shards.sh, which `make fuzz` runs, starts
// them as parallel processes). The corpus's own passing plans are checked
// by the shard whose offsets are both 0.
var (
	soundnessPlans     = flag.Int("soundness.plans", 150, "random contract-shaped plans TestSoundness proves")
	soundnessRandPlans = flag.Int("soundness.randplans", 50, "random randplan plans TestSoundness proves; the proved ones also run under the interpreter, CPython and the sealed binary")
	soundnessSeed      = flag.Int64("soundness.seed", 0, "contractgen seed offset: TestSoundness checks the contractgen plans of seeds offset+1 to offset+N (a shard of a larger run); the corpus plans only when both offsets are 0")
	soundnessRandSeed  = flag.Int64("soundness.randseed", 0, "randplan seed offset: TestSoundness checks the randplan plans of seeds offset+1 to offset+N")
	soundnessEach      = flag.Bool("soundness.each", false, "log each random plan's name before it is proved, to find the plan a crash (of Z3, say) took down")
)

// soundnessRuns is how many random executions each proved random plan
// gets; corpusRuns is how many each passing corpus plan gets (there are
// many of them, and the monitor's checks dominate the test's time).
const (
	soundnessRuns = 30
	corpusRuns    = 5
)

// randomPlanRlimit bounds each check on a random plan in Z3's resource
// units (prover.Options.Rlimit), so that a verdict is the same on a busy
// machine as on an idle one and shards of a large run agree with one
// long run: a few plans nest loops deep enough for Z3 to take long, and
// an indeterminate answer is only a refusal, which the tally counts. A
// tenth of prover.DefaultRlimit, about what the hardest check of the
// corpus needs, is under a second of an idle core.
// randomPlanTimeout and randomPlanDeadline, the wall clocks behind it
// (per check and per proof), are only the safety net for the work Z3's
// string theory does not count: with the default deadline of 5 minutes a
// plan of 30 s of CPU (contractgen seed 1537) was refused for the wall
// clock on a machine loaded ten times over, where an idle one has time
// to decide it.
const (
	randomPlanRlimit   = prover.DefaultRlimit / 10
	randomPlanTimeout  = 2 * time.Minute
	randomPlanDeadline = 30 * time.Minute
)

// soundnessTally counts what the prover made of the random plans of one
// generator.
type soundnessTally struct {
	tried, proved, failed, refused int
	runs, skipped, broken          int
	// armRuns counts proved randplan plans run under the interpreter and
	// CPython on their own inputs (checkArms), armSkipped those whose
	// effects return values the CPython trace does not record.
	armRuns, armSkipped int
	// arms holds what the interpreter and CPython did with each proved
	// randplan plan, for the compiled arm (checkCompiledArm), which runs
	// them all from one batch binary once every plan is proved;
	// compiledRuns counts the plans it ran.
	arms         []armCase
	compiledRuns int
	// disagree counts proved plans the engines ran differently
	// (interpreter, CPython, sealed binary); broken counts the other
	// failures of a proved plan (a broken guarantee, a failed contract,
	// a counterexample that does not replay).
	disagree int
	reasons  map[string]int
	// failedKinds counts failed obligations by kind (precondition,
	// check, guarantee, required).
	failedKinds map[prover.Kind]int
}

func (s *soundnessTally) log(t *testing.T, name string) {
	t.Helper()
	type reason struct {
		why string
		n   int
	}
	var rs []reason
	for why, n := range s.reasons {
		rs = append(rs, reason{why, n})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].n > rs[j].n || rs[i].n == rs[j].n && rs[i].why < rs[j].why })
	for i, r := range rs {
		if i == 8 {
			t.Logf("%s: ... and %d other refusal reasons", name, len(rs)-i)
			break
		}
		t.Logf("%s: refused %d: %s", name, r.n, r.why)
	}
	t.Logf("%s: %d random plans tried: %d proved, %d failed with a replayed counterexample, %d refused; failed obligations by kind: %v; %d runs of proved plans (%d skipped: results outside the postconditions), %d runs of proved plans under the interpreter and CPython (%d without a monitor: effects with results), %d under the sealed binary, %d broken, %d engine disagreements",
		name, s.tried, s.proved, s.failed, s.refused, s.failedKinds, s.runs, s.skipped, s.armRuns, s.armSkipped, s.compiledRuns, s.broken, s.disagree)
}

// add adds o's counts to s (not its reasons or arms).
func (s *soundnessTally) add(o *soundnessTally) {
	s.tried, s.proved, s.failed, s.refused = s.tried+o.tried, s.proved+o.proved, s.failed+o.failed, s.refused+o.refused
	s.runs, s.skipped, s.broken, s.disagree = s.runs+o.runs, s.skipped+o.skipped, s.broken+o.broken, s.disagree+o.disagree
	s.armRuns, s.armSkipped, s.compiledRuns = s.armRuns+o.armRuns, s.armSkipped+o.armSkipped, s.compiledRuns+o.compiledRuns
}

// soundnessSummary is the line a note quotes for one run (or shard) of
// TestSoundness: the random plans it checked and what came of them.
// Counterexamples counts the plans with a failed obligation, every one of
// which carried a counterexample the prover replayed; runs counts the
// monitored runs of proved plans (the corpus's too), arm_runs those under
// CPython and the interpreter on the plan's own inputs, sealed_runs
// those of the sealed binary; monitor_checks the checks the monitor
// decided (a guarantee on a trace), monitor_solved those it needed a
// solver for.
func soundnessSummary(offset, randOffset int64, nContract, nRand int, all *soundnessTally, mon prover.MonitorStats) string {
	return fmt.Sprintf("soundness summary: contractgen seeds %d-%d, randplan seeds %d-%d: plans=%d proved=%d counterexamples=%d refused=%d runs=%d arm_runs=%d sealed_runs=%d broken=%d disagreements=%d monitor_checks=%d monitor_solved=%d",
		offset+1, offset+int64(nContract), randOffset+1, randOffset+int64(nRand),
		all.tried, all.proved, all.failed, all.refused, all.runs, all.armRuns, all.compiledRuns, all.broken, all.disagree, mon.Decided, mon.Solved)
}

// TestSoundness checks the prover against the interpreter (docs/design.md section 9).
// Every plan it proves (the corpus's passing plans, which TestPlans
// proves, random contract-shaped
// plans from corpus/contractgen over every corpus layer, and random plans
// from corpus/randplan with random email and bank guarantees) is run on
// many random inputs and effect results within the effects'
// postconditions, and a monitor checks every guarantee on every trace; no
// run may break a guarantee, fail a precondition, fail an assert or
// raise. Every obligation the prover fails must carry a counterexample,
// which the prover replays in the interpreter before it shows it; one
// that does not replay is refused with an internal error, which this test
// counts as a soundness failure too. A proved randplan plan also runs on
// its own inputs under the interpreter, CPython and the sealed binary
// (checkArms, checkCompiledArm), which must agree.
func TestSoundness(t *testing.T) {
	mon, err := prover.NewMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer mon.Close()
	// One CPython process runs every proved randplan plan's case (a
	// fork per case): a python3 start per case costs more than most
	// plans take to run.
	var py *harness.CPythonDriver
	defer func() {
		if py != nil {
			if err := py.Close(); err != nil {
				t.Errorf("cpython driver: %v", err)
			}
		}
	}()
	startPython := func() *harness.CPythonDriver {
		if py == nil {
			var err error
			if py, err = harness.StartCPython(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		return py
	}
	all := &soundnessTally{}
	// last, even after a t.Fatal (then counting what was checked so far)
	defer func() {
		t.Log(soundnessSummary(*soundnessSeed, *soundnessRandSeed, *soundnessPlans, *soundnessRandPlans, all, mon.Stats()))
	}()
	var passing []string
	if *soundnessSeed == 0 && *soundnessRandSeed == 0 {
		var err error
		if passing, err = filepath.Glob(filepath.Join("plans", "*_pass.py")); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	var runs, skipped, broken int
	for _, path := range passing {
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// TestPlans proves every *_pass.py plan; proving them again
		// here would double the time.
		tally := &soundnessTally{}
		checkRuns(t, mon, prog, filepath.Base(path), corpusRuns, tally)
		runs, skipped, broken = runs+tally.runs, skipped+tally.skipped, broken+tally.broken
		all.runs, all.skipped, all.broken = all.runs+tally.runs, all.skipped+tally.skipped, all.broken+tally.broken
	}
	t.Logf("corpus: %d passing plans, %d runs (%d skipped: results outside the postconditions), %d broken (%v)", len(passing), runs, skipped, broken, time.Since(start).Round(time.Second))
	start = time.Now()

	dir := t.TempDir()
	contract := &soundnessTally{reasons: map[string]int{}, failedKinds: map[prover.Kind]int{}}
	// the plans holding one of issue 12's edge shapes, by shape: how many
	// the prover proved, failed or refused, and broke
	shapes := map[string]*[4]int{}
	for seed := *soundnessSeed + 1; seed <= *soundnessSeed+int64(*soundnessPlans); seed++ {
		p := contractgen.Generate(seed)
		before := *contract
		checkRandomPlan(t, mon, nil, dir, fmt.Sprintf("contractgen_%d.py", seed), p.Source, nil, contract)
		if p.Shape != "" {
			if shapes[p.Shape] == nil {
				shapes[p.Shape] = &[4]int{}
			}
			n := shapes[p.Shape]
			n[0] += contract.proved - before.proved
			n[1] += contract.failed - before.failed
			n[2] += contract.refused - before.refused
			n[3] += contract.broken - before.broken
		}
	}
	contract.log(t, "contractgen")
	all.add(contract)
	for _, shape := range contractgen.Shapes {
		if n := shapes[shape]; n != nil {
			t.Logf("contractgen, plans with the %s shape: %d proved, %d failed, %d refused; %d broken", shape, n[0], n[1], n[2], n[3])
		}
	}
	t.Logf("contractgen: %v", time.Since(start).Round(time.Second))
	start = time.Now()

	// randplan's plans use constructs the prover mostly refuses; what it
	// does prove is checked all the same. Switched off, these features
	// only make refusals.
	opt := randplan.Options{Disabled: map[randplan.Feature]bool{}}
	for _, f := range []randplan.Feature{randplan.Store, randplan.Floats, randplan.StrMethods, randplan.Slices, randplan.Builtins,
		randplan.FStrSpecs, randplan.Sorted, randplan.DictOps, randplan.DictIter} {
		opt.Disabled[f] = true
	}
	differential := &soundnessTally{reasons: map[string]int{}, failedKinds: map[prover.Kind]int{}}
	for seed := *soundnessRandSeed + 1; seed <= *soundnessRandSeed+int64(*soundnessRandPlans); seed++ {
		p := randplan.Generate(seed, opt)
		// the guarantees depend on the plan's seed alone, so that a
		// shard checks the plans a whole run would
		src := withGuarantees(p.Source, rand.New(rand.NewSource(seed)))
		checkRandomPlan(t, mon, startPython, dir, fmt.Sprintf("randplan_%d.py", seed), src, p, differential)
	}
	t.Logf("randplan: %v", time.Since(start).Round(time.Second))
	start = time.Now()
	checkCompiledArm(t, differential)
	differential.log(t, "randplan")
	all.add(differential)
	t.Logf("randplan, sealed binary arm: %d plans in %d batch builds, %v", differential.compiledRuns,
		(len(differential.arms)+compiledBatchSize-1)/compiledBatchSize, time.Since(start).Round(time.Second))
}

// checkRandomPlan compiles and proves one random plan, tallies the
// verdict, checks that every failed obligation carries a counterexample
// the prover replayed, and runs the plan when it is proved.
func checkRandomPlan(t *testing.T, mon *prover.Monitor, python func() *harness.CPythonDriver, dir, name, src string, rp *randplan.Plan, tally *soundnessTally) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tally.tried++
	if *soundnessEach {
		t.Logf("checking %s", name)
	}
	prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
	if err != nil {
		tally.refused++
		tally.reasons["compile: "+refusalReason(err)]++
		return
	}
	res, err := prover.Prove(context.Background(), prog, prover.Options{Rlimit: randomPlanRlimit, Timeout: randomPlanTimeout, Deadline: randomPlanDeadline})
	if err != nil {
		tally.refused++
		tally.reasons["prove: "+refusalReason(err)]++
		return
	}
	verdict := "proved"
	for _, o := range res.Obligations {
		switch o.Status {
		case prover.Refused:
			verdict = "refused"
			tally.reasons[o.Code.String()+": "+withoutPosition(firstLine(o.Reason))]++
			if o.Code == ir.NoReplay || o.Code == ir.UnknownCode {
				tally.broken++
				t.Errorf("%s: %s: refused with code %v (a counterexample that does not replay, or no code): %s\n%s", name, o.Title(), o.Code, o.Reason, src)
			}
		case prover.Failed:
			if verdict == "proved" {
				verdict = "failed"
			}
			tally.failedKinds[o.Kind]++
			if o.Counterexample == nil {
				tally.broken++
				t.Errorf("%s: %s failed without a counterexample\n%s", name, o.Title(), src)
			}
		}
	}
	switch verdict {
	case "proved":
		tally.proved++
		checkRuns(t, mon, prog, name+":\n"+src, soundnessRuns, tally)
		if rp != nil {
			checkArms(t, mon, python(), prog, path, src, rp, tally)
		}
	case "failed":
		tally.failed++
	default:
		tally.refused++
	}
}

// checkArms makes the prover the fourth arm of the differential: a proved
// randplan plan runs, on the plan's own inputs and simulated results,
// under the interpreter and CPython, which must agree (harness.Compare);
// the run must end normally or be cut short by an exception a proof
// allows (planFailure: a proved plan fails no contract, assert or raise
// statement, but an int overflow may stop it) and CPython's trace must
// keep every guarantee (the monitor). The sealed binary runs the same case later, with every other
// proved plan, from one batch binary (checkCompiledArm): one build per
// plan would take minutes each.
func checkArms(t *testing.T, mon *prover.Monitor, python *harness.CPythonDriver, prog *ir.Program, path, src string, rp *randplan.Plan, tally *soundnessTally) {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	c := harness.Case{Name: filepath.Base(path), Path: path, Args: rp.Args, Effects: rp.Effects, ImportRoot: root}
	py, err := python.Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	in, err := harness.RunProgram(context.Background(), c, prog)
	if err != nil {
		t.Fatal(err)
	}
	tally.armRuns++
	tally.arms = append(tally.arms, armCase{c: c, src: src, runs: []harness.EngineRun{
		{Engine: "interp", Outcome: in}, {Engine: "cpython", Outcome: py}}})
	if d := harness.Compare(in, py); d != "" {
		tally.disagree++
		t.Errorf("%s: a proved plan runs differently in the interpreter and CPython (- interp, + cpython):\n%s", c.Name, d)
		return
	}
	if py.Exit != 0 {
		// The interpreter did the same (Compare): its typed error says
		// whether the run failed or was only cut short by an exception a
		// proof allows (an int overflow, a division by zero, ...).
		if why := planFailure(t, prog, c); why != "" {
			tally.broken++
			t.Errorf("%s: a proved plan failed under CPython: exit %d, %s (%s)", c.Name, py.Exit, py.Error, why)
			return
		}
	}
	byName := map[string]*ir.Effect{}
	for _, e := range prog.Effects {
		byName[e.Name] = e
	}
	var trace []prover.TraceCall
	for _, line := range py.Trace {
		var call struct {
			Effect string                     `json:"effect"`
			Args   map[string]json.RawMessage `json:"args"`
		}
		if err := json.Unmarshal([]byte(line), &call); err != nil {
			t.Fatalf("%s: CPython trace line %q: %v", c.Name, line, err)
		}
		e := byName[call.Effect]
		if e == nil {
			t.Fatalf("%s: CPython called %s, which the plan does not import", c.Name, call.Effect)
		}
		if !ir.IsBasic(e.Result, ir.KindNone) {
			tally.armSkipped++ // the trace has no results to decide a column reference on
			return
		}
		tc := prover.TraceCall{Effect: e}
		for _, prm := range e.Params {
			v, err := interp.ParseValue(call.Args[prm.Name], prm.Type)
			if err != nil {
				t.Fatalf("%s: CPython trace line %q: argument %s: %v", c.Name, line, prm.Name, err)
			}
			tc.Args = append(tc.Args, v)
		}
		trace = append(trace, tc)
	}
	for _, g := range prog.Guarantees {
		holds, err := mon.Holds(prog, g, trace)
		if err != nil {
			t.Fatalf("%s: monitor: %v", c.Name, err)
		}
		if !holds {
			tally.broken++
			t.Errorf("%s: proved guarantee %s broken by CPython's run:\n%s", c.Name, g.Source, traceText(trace))
		}
	}
}

// armCase is a proved randplan plan's case with what the interpreter and
// CPython did with it.
type armCase struct {
	c    harness.Case
	src  string
	runs []harness.EngineRun
}

// compiledBatchSize is how many plans one batch binary links: a bigger
// batch pays fewer links but one plan the go compiler chokes on would
// hold up more of them (gen.BuildBatch leaves such a plan out and builds
// the rest).
const compiledBatchSize = 200

// checkCompiledArm is the sealed binary as an arm of the soundness check:
// every proved randplan plan of tally.arms runs, on the same arguments and
// simulated results, from a batch binary (gen.BuildBatch through
// harness.BuildCompiled) exactly as its own sealed simulation binary
// would, and must do what the interpreter and CPython did (ComparePairs).
// A proved plan the sealed binary cannot be built for or cannot run is a
// failure too: the plan would be proved and yet not run as proved.
func checkCompiledArm(t *testing.T, tally *soundnessTally) {
	t.Helper()
	ctx := context.Background()
	for lo := 0; lo < len(tally.arms); lo += compiledBatchSize {
		arms := tally.arms[lo:min(lo+compiledBatchSize, len(tally.arms))]
		cases := make([]harness.Case, len(arms))
		for i, a := range arms {
			cases[i] = a.c
		}
		batch, err := harness.BuildCompiled(ctx, cases)
		if err != nil {
			t.Fatalf("sealed binary arm: %v", err)
		}
		for _, a := range arms {
			out, err := batch.Run(ctx, a.c)
			if err != nil {
				tally.broken++
				t.Errorf("%s: a proved plan does not run as a sealed binary: %v\n%s", a.c.Name, err, a.src)
				continue
			}
			tally.compiledRuns++
			runs := append(append([]harness.EngineRun(nil), a.runs...), harness.EngineRun{Engine: batch.Name(), Outcome: out})
			_, differ := harness.ComparePairs(runs)
			for _, d := range differ {
				if d.B != batch.Name() {
					continue // interp vs cpython: checkArms reported it
				}
				tally.disagree++
				t.Errorf("%s: a proved plan runs differently as a sealed binary: %v\n%s", a.c.Name, d, a.src)
			}
		}
		if err := batch.Close(); err != nil {
			t.Error(err)
		}
	}
}

// planFailure runs the case's plan in the interpreter again and returns
// how it failed, or "" when it ended normally or was cut short by an
// exception that is not a plan's assert or raise statement (OverflowError,
// ZeroDivisionError, IndexError, ...), which a proof allows as runRandom
// does: the guarantees must hold of the trace up to it. A contract, an
// assert, a raise statement and a simulation out of results are failures.
func planFailure(t *testing.T, prog *ir.Program, c harness.Case) string {
	t.Helper()
	args := make([]interp.Value, len(prog.Target.Params))
	for i, p := range prog.Target.Params {
		v, err := harness.FromJSON(p.Type, c.Args[p.Name])
		if err != nil {
			t.Fatalf("%s: argument %s: %v", c.Name, p.Name, err)
		}
		args[i] = v
	}
	effects := c.Effects
	if effects == nil {
		effects = []byte("{}")
	}
	host, err := interp.NewSimHost(effects, io.Discard)
	if err != nil {
		t.Fatalf("%s: simulation host: %v", c.Name, err)
	}
	err = interp.Run(context.Background(), prog, interp.Options{Stdout: io.Discard, Host: host, Args: args})
	var exc *interp.Exception
	switch {
	case err == nil:
		return ""
	case errors.As(err, &exc) && exc.Class != "AssertionError" && !isRaise(prog, exc.Pos):
		return ""
	}
	return err.Error()
}

// refusalReason is the code and the message, without its position, of
// the first diagnostic of err, so that refusals of the same kind and
// words are counted together wherever they are. An error with no
// diagnostic counts under UnknownCode with its whole first line.
func refusalReason(err error) string {
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		return ir.UnknownCode.String() + ": " + firstLine(err.Error())
	}
	return ds[0].Code.String() + ": " + firstLine(ds[0].Msg)
}

// positionPrefix is the file:line:col: a located message starts with.
var positionPrefix = regexp.MustCompile(`^\S+:\d+:\d+: `)

// withoutPosition drops the position an obligation's Reason may start
// with (a Reason is text only, with no diagnostic to read it from), so
// that the log counts refusals of one code and one wording together. It
// only groups log lines: the refusal's kind is the obligation's Code.
func withoutPosition(msg string) string {
	return positionPrefix.ReplaceAllString(msg, "")
}

// checkRuns runs a proved plan on random inputs and effect results until
// it has runs runs within the postconditions (or three times as many
// attempts), and checks every guarantee on every trace with the monitor.
func checkRuns(t *testing.T, mon *prover.Monitor, prog *ir.Program, name string, runs int, tally *soundnessTally) {
	t.Helper()
	done := 0
	for k := 0; k < 3*runs && done < runs; k++ {
		trace, outcome, ok := runRandom(t, prog, rand.New(rand.NewSource(int64(k))))
		if !ok {
			tally.skipped++ // the random results broke a postcondition: not a run within them
			continue
		}
		done++
		tally.runs++
		if outcome != "" {
			tally.broken++
			t.Errorf("%s: a proved plan failed at run time (seed %d): %s", name, k, outcome)
			continue
		}
		for _, g := range prog.Guarantees {
			holds, err := mon.Holds(prog, g, trace)
			if err != nil {
				t.Fatalf("%s: monitor: %v", name, err)
			}
			if !holds {
				tally.broken++
				t.Errorf("%s: proved guarantee %s broken by a run (seed %d):\n%s", name, g.Source, k, traceText(trace))
			}
		}
	}
}

// traceText renders a trace one call per line, with what each returned.
func traceText(trace []prover.TraceCall) string {
	var b strings.Builder
	for _, c := range trace {
		line, err := interp.TraceLine(c.Effect, c.Args)
		if err != nil {
			line = []byte(fmt.Sprintf("%s(<%v>)", c.Effect.Name, err))
		}
		b.WriteString("  " + strings.TrimSpace(string(line)))
		if c.Result != nil {
			res, err := interp.ToJSON(c.Result)
			if err != nil {
				res = []byte(fmt.Sprintf("<%v>", err))
			}
			b.WriteString(" -> " + string(res))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// withGuarantees decorates a random plan's main with one to three random
// guarantees over the email and bank layers.
func withGuarantees(src string, r *rand.Rand) string {
	pool := []string{
		"emails.at_most(%d)", "emails.only(['bob@example.com', 'ann@example.com'])", "emails.unique_recipients()",
		"emails.none()", "emails.recipient_at_most('bob@example.com', %d)", "emails.content_length_at_most(%d)",
		"bank.max_spend(%d)", "bank.max_withdrawals(%d)", "bank.only_account('checking')",
		"emails.copied_to('bob@example.com')",
	}
	var decos strings.Builder
	for range 1 + r.Intn(3) {
		g := pool[r.Intn(len(pool))]
		if strings.Contains(g, "%d") {
			g = fmt.Sprintf(g, r.Intn(40))
		}
		decos.WriteString("@clauz3.guarantee(" + g + ")\n")
	}
	src = strings.Replace(src, "import clauz3\n", "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.bank.trusted import contracts as bank\n", 1)
	return strings.Replace(src, "\ndef main(", "\n"+decos.String()+"def main(", 1)
}

// runRandom runs prog on random inputs and random effect results. It
// returns the trace, "" or what failed at run time (a precondition, an
// assert, a raise, a plan's own condition), and false when a random
// result broke a postcondition (the run is not within the effects'
// contracts) or the random inputs broke the target's own precondition
// (not a run within what the proof assumed).
func runRandom(t *testing.T, prog *ir.Program, r *rand.Rand) ([]prover.TraceCall, string, bool) {
	args := make([]interp.Value, len(prog.Target.Params))
	for i, p := range prog.Target.Params {
		args[i] = randomValue(r, p.Type)
	}
	host := &randomHost{r: r}
	err := interp.Run(context.Background(), prog, interp.Options{Host: host, Args: args})
	var ce *interp.ContractError
	var exc *interp.Exception
	var pce *interp.PlanContractError
	switch {
	case err == nil:
		return host.trace, "", true
	case errors.As(err, &ce) && ce.Kind == "postcondition":
		return nil, "", false
	case errors.As(err, &pce) && pce.Func == prog.Target.Name && pce.Kind == "precondition":
		return nil, "", false // inputs outside the target's own precondition, which the proof assumed
	case errors.As(err, &pce):
		return host.trace, err.Error(), true // a helper's condition, or the target's postcondition
	case errors.As(err, &ce):
		return host.trace, err.Error(), true
	case errors.As(err, &exc) && (exc.Class == "AssertionError" || isRaise(prog, exc.Pos)):
		return host.trace, fmt.Sprintf("%s at %s", err, exc.Pos), true
	case errors.As(err, &exc):
		// Other exceptions (ZeroDivisionError, IndexError, ...) cut the
		// trace short; the guarantees must hold of it all the same.
		return host.trace, "", true
	}
	t.Fatalf("run: %v", err)
	return nil, "", false
}

// isRaise reports whether a raise statement of the plan is at pos.
func isRaise(prog *ir.Program, pos ir.Pos) bool {
	found := false
	var walk func([]ir.Stmt)
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Raise:
				found = found || s.Pos == pos
			case *ir.If:
				walk(s.Then)
				walk(s.Else)
			case *ir.For:
				walk(s.Body)
			}
		}
	}
	for _, f := range prog.Funcs {
		walk(f.Body)
	}
	return found
}

// randomHost returns random results within the effects' length bounds,
// with rows that keep their schema's __unique__ columns distinct, and
// records the trace.
type randomHost struct {
	r     *rand.Rand
	trace []prover.TraceCall
}

func (h *randomHost) Call(_ context.Context, e *ir.Effect, args []interp.Value) (interp.Value, error) {
	h.trace = append(h.trace, prover.TraceCall{Effect: e, Args: args})
	if ir.IsBasic(e.Result, ir.KindNone) {
		return nil, nil
	}
	var v interp.Value
	if l, ok := e.Result.(*ir.List); ok {
		v = randomList(h.r, l.Elem, randomLength(h.r, e), true)
	} else {
		v = randomValue(h.r, e.Result)
	}
	// the monitor reads column references off the rows queries returned
	h.trace[len(h.trace)-1].Result = v
	return v, nil
}

// lengthBound matches the ensures clause `len(result) <= N`.
var lengthBound = regexp.MustCompile(`^lambda result: len\(result\) <= (\d+)$`)

// randomLength is a random length for a list result of e: up to the
// bound its ensures clauses state, or up to 12 without one.
func randomLength(r *rand.Rand, e *ir.Effect) int {
	bound := 12
	for _, c := range e.Ensures {
		if m := lengthBound.FindStringSubmatch(c.Source); m != nil {
			n, err := strconv.Atoi(m[1])
			if err == nil && n < bound {
				bound = n
			}
		}
	}
	// short lists are the interesting ones half of the time
	if r.Intn(2) == 0 {
		return r.Intn(min(bound, 3) + 1)
	}
	return r.Intn(bound + 1)
}

// randomList is a list of n random values of elem. With unique (a
// result's own rows), rows keep their __unique__ columns distinct (a
// result that breaks them is outside the schema, which the prover
// assumes); without it (the inner lists of a list[list[Row]] result,
// which no engine checks), a row repeats an earlier row's unique columns
// a third of the time.
func randomList(r *rand.Rand, elem ir.Type, n int, unique bool) *interp.List {
	l := &interp.List{}
	row, isRow := elem.(*ir.Row)
	seen := map[string]map[interp.Value]bool{}
	for i := range n {
		v := randomValue(r, elem)
		if isRow && !unique && i > 0 && r.Intn(3) == 0 {
			rv, prev := v.(*interp.Row), l.Elems[r.Intn(i)].(*interp.Row)
			for _, col := range row.Unique {
				idx := fieldPosition(row, col)
				rv.Fields[idx] = prev.Fields[idx]
			}
		}
		if isRow && unique {
			rv := v.(*interp.Row)
			for _, col := range row.Unique {
				if seen[col] == nil {
					seen[col] = map[interp.Value]bool{}
				}
				idx := fieldPosition(row, col)
				for attempt := 0; seen[col][rv.Fields[idx]]; attempt++ {
					if attempt < 5 {
						rv.Fields[idx] = randomValue(r, row.Fields[idx].Type)
						continue
					}
					// a value no other row has: the row's position
					switch row.Fields[idx].Type.(*ir.Basic).Kind {
					case ir.KindInt:
						rv.Fields[idx] = int64(1000 + i)
					default:
						rv.Fields[idx] = fmt.Sprintf("row%d@example.com", i)
					}
				}
				seen[col][rv.Fields[idx]] = true
			}
		}
		l.Elems = append(l.Elems, v)
	}
	return l
}

func fieldPosition(row *ir.Row, name string) int {
	for i, f := range row.Fields {
		if f.Name == name {
			return i
		}
	}
	panic("no column " + name + " in " + row.Name)
}

// randomStrings are the strings random values are drawn from: those the
// random plans compare against, and a few edge cases.
var randomStrings = append([]string{"", "x", "@", "a@corp.example", "root@example.com", "https://example.com/"}, contractgen.Strings()...)

// boundaryInts are the ints at the edges of int64 (and of the products
// that overflow), drawn now and then as inputs and effect results.
var boundaryInts = []int64{math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 62, -(1 << 62), 3037000500, -3037000500}

// boundaryStrings hold the largest characters the prover represents
// (pysem.MaxProvedRune and just below), alone and next to the ones the
// plans compare with; a character above it is refused by every engine,
// so no run within the postconditions holds one.
var boundaryStrings = []string{"\U0002FFFF", "\U0002FFFE@example.com", "a@corp.example\U0002FFFF", "\U0002FFFF\U0001F600"}

// randomValue is a random value of t; lists without a known bound have up
// to 12 elements.
func randomValue(r *rand.Rand, t ir.Type) interp.Value {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt:
			if r.Intn(8) == 0 {
				// At the edges of int64, where an operation of the plan
				// overflows: the proof must have considered that trace.
				return boundaryInts[r.Intn(len(boundaryInts))]
			}
			if r.Intn(2) == 0 {
				return int64(r.Intn(13) - 2) // near the thresholds plans compare with
			}
			return int64(r.Intn(61) - 20)
		case ir.KindBool:
			return r.Intn(2) == 0
		case ir.KindStr:
			if r.Intn(10) == 0 {
				return boundaryStrings[r.Intn(len(boundaryStrings))]
			}
			return randomStrings[r.Intn(len(randomStrings))]
		case ir.KindFloat:
			return float64(r.Intn(100)) / 4
		}
		return nil
	case *ir.Row:
		row := &interp.Row{Type: t}
		for _, f := range t.Fields {
			row.Fields = append(row.Fields, randomValue(r, f.Type))
		}
		return row
	case *ir.List:
		// a list inside a value (an argument, a row of a nested result)
		return randomList(r, t.Elem, r.Intn(13), false)
	case *ir.Optional:
		if r.Intn(3) == 0 {
			return nil
		}
		return randomValue(r, t.Elem)
	}
	return nil
}
