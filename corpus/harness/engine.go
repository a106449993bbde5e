package harness

import (
	"context"
	"fmt"
	"strings"
)

// Engine is one implementation of the plan language that runs a case and
// reports what it did. Every arm of the differential is one, so the
// differential, randplan and the benchmarks drive them all the same way
// and compare their outcomes with Compare. Run returns an error, never an
// Outcome, when the engine could not run the case at all (a compiler
// refusal is a *CompileError; a build, a driver or a time limit that
// failed is another error): a run that did not happen must not be compared
// as if it had.
type Engine interface {
	// Name is the engine's name in reports ("interp", "compiled",
	// "cpython"); the engines of one comparison have distinct names.
	Name() string
	Run(ctx context.Context, c Case) (Outcome, error)
}

// Interp is the IR interpreter arm (RunInterp).
type Interp struct{}

// Name implements Engine.
func (Interp) Name() string { return "interp" }

// Run implements Engine with RunInterp.
func (Interp) Run(ctx context.Context, c Case) (Outcome, error) { return RunInterp(ctx, c) }

// Compiled is the sealed-binary arm with one build per plan
// (RunCompiled); BuildCache is RunCompiled's build cache ("" for gen's
// default). For many cases a *CompiledBatch is the same arm for one build.
type Compiled struct{ BuildCache string }

// Name implements Engine.
func (Compiled) Name() string { return "compiled" }

// Run implements Engine with RunCompiled.
func (e Compiled) Run(ctx context.Context, c Case) (Outcome, error) {
	return RunCompiled(ctx, c, e.BuildCache)
}

// CPython is the CPython arm with one python3 process per case
// (RunCPython). For many cases a *CPythonDriver is the same arm from one
// process.
type CPython struct{}

// Name implements Engine.
func (CPython) Name() string { return "cpython" }

// Run implements Engine with RunCPython.
func (CPython) Run(ctx context.Context, c Case) (Outcome, error) { return RunCPython(ctx, c) }

// Name implements Engine: the batch is the compiled arm.
func (b *CompiledBatch) Name() string { return "compiled" }

// Name implements Engine: the driver is the CPython arm.
func (d *CPythonDriver) Name() string { return "cpython" }

// Fields is a set of the parts of an Outcome an engine observes.
type Fields uint8

// The parts of an Outcome.
const (
	FieldExit Fields = 1 << iota
	FieldError
	FieldStdout
	FieldTrace
	// AllFields is every part: what an engine that is not Partial
	// observes.
	AllFields = FieldExit | FieldError | FieldStdout | FieldTrace
)

// Partial is an Engine that observes only some parts of an Outcome (the
// prover's arm has no stdout and no exception text). A pair is compared
// on the parts both engines observe, never on a part one of them leaves
// empty.
type Partial interface {
	Engine
	Observes() Fields
}

// Observed is the parts of an Outcome e observes.
func Observed(e Engine) Fields {
	if p, ok := e.(Partial); ok {
		return p.Observes()
	}
	return AllFields
}

// EngineRun is what one engine did with one case: its outcome, or the
// error that kept it from running the case.
type EngineRun struct {
	Engine  string
	Outcome Outcome
	Err     error
	// Observes is the parts of Outcome the engine observes; zero means
	// all of them (a run not made by RunAll).
	Observes Fields
}

// observes is r.Observes with zero meaning all.
func (r EngineRun) observes() Fields {
	if r.Observes == 0 {
		return AllFields
	}
	return r.Observes
}

// RunAll runs the case under every engine, in order, and returns one
// EngineRun per engine. Engines with the same name are refused (their
// outcomes could not be told apart in a report) before any runs.
func RunAll(ctx context.Context, engines []Engine, c Case) ([]EngineRun, error) {
	seen := map[string]bool{}
	for _, e := range engines {
		if seen[e.Name()] {
			return nil, &Error{Kind: DuplicateEngine, Case: c.Name, Msg: fmt.Sprintf("%s: two engines are named %s", c.Name, e.Name())}
		}
		seen[e.Name()] = true
	}
	runs := make([]EngineRun, len(engines))
	for i, e := range engines {
		out, err := e.Run(ctx, c)
		runs[i] = EngineRun{Engine: e.Name(), Outcome: out, Err: err, Observes: Observed(e)}
	}
	return runs, nil
}

// Difference is one pair of engines whose outcomes differ for a case.
type Difference struct {
	A, B string // the engines' names, A first as in Compare
	Diff string // Compare(A's outcome, B's outcome)
}

// Label names the pair as reports do: "A vs B".
func (d Difference) Label() string { return d.A + " vs " + d.B }

func (d Difference) String() string {
	return fmt.Sprintf("%s differ (- %s, + %s):\n%s", d.Label(), d.A, d.B, d.Diff)
}

// ComparePairs compares every pair of runs that both produced an outcome,
// each pair once with the earlier run first and on the parts both
// observe, and returns the pairs that
// agree (by label) and those that differ. A run with an error is in no
// pair: the caller reports its error.
func ComparePairs(runs []EngineRun) (agree []string, differ []Difference) {
	for i := range runs {
		for j := i + 1; j < len(runs); j++ {
			a, b := runs[i], runs[j]
			if a.Err != nil || b.Err != nil {
				continue
			}
			if d := CompareFields(a.Outcome, b.Outcome, a.observes()&b.observes()); d != "" {
				differ = append(differ, Difference{A: a.Engine, B: b.Engine, Diff: d})
			} else {
				agree = append(agree, a.Engine+" vs "+b.Engine)
			}
		}
	}
	return agree, differ
}

// EngineNames lists the engines' names, for logs.
func EngineNames(engines []Engine) string {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = e.Name()
	}
	return strings.Join(names, ", ")
}
