package harness

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/clauz3/clauz3/prover"
)

var _ Partial = Prover{}

// TestProverEngine runs corpus plans under the prover's arm
// (prover.Execute) and the interpreter: the trace and the exit status
// must be the same, and each case ends as its row says, so agreement is
// not vacuous. The rows cover every way a run ends: normally, on an
// exception, on a failed requires clause of an effect and of the target,
// on a result that breaks its effect's postcondition or its rows'
// __unique__, and out of simulated results.
func TestProverEngine(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		exit  int
		calls int
	}{
		{"effect_email_loop", 0, 8},
		{"loop_break_continue", 0, 2},
		{"err_keyerror_int", 1, 3},
		{"err_overflow_add", 1, 1},
		{"effect_precondition_runtime", 1, 2},
		{"effect_plan_precondition_fail", 1, 0},
		{"effect_postcondition", 1, 3},
		{"effect_unique_refused", 1, 1},
		{"effect_results_exhausted", 2, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c, err := LoadCase(filepath.Join(root, "run", tc.name+".py"), root)
			if err != nil {
				t.Fatal(err)
			}
			runs, err := RunAll(ctx, []Engine{Interp{}, Prover{}}, c)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range runs {
				if r.Err != nil {
					t.Fatalf("%s: %v", r.Engine, r.Err)
				}
			}
			if _, differ := ComparePairs(runs); len(differ) > 0 {
				t.Fatalf("%s", differ[0])
			}
			if o := runs[1].Outcome; o.Exit != tc.exit || len(o.Trace) != tc.calls {
				t.Errorf("prover: exit %d with %d calls, want %d with %d; trace %q", o.Exit, len(o.Trace), tc.exit, tc.calls, o.Trace)
			}
		})
	}
}

// A loop over a result of unknown length is one generic iteration in the
// encoding: the arm refuses the case (no outcome), never guesses one.
func TestProverEngineRefusesAbstraction(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadCase(filepath.Join(root, "plans", "db_unbounded_all_pass.py"), root)
	if err != nil {
		t.Fatal(err)
	}
	c.Effects = []byte(`{"all_users": [[]]}`)
	_, err = Prover{}.Run(context.Background(), c)
	var nm *prover.NotModelledError
	if !errors.As(err, &nm) || nm.Pos.Line == 0 {
		t.Fatalf("got %v, want a located *prover.NotModelledError", err)
	}
}

// A partial engine is compared on what it observes only: a stdout it
// does not have is no difference, a trace that differs is one.
func TestComparePartial(t *testing.T) {
	full := Outcome{Stdout: "hi\n", Error: "ValueError: x", Exit: 1, Trace: []string{"a"}}
	for _, tc := range []struct {
		name    string
		partial Outcome
		differ  bool
	}{
		{"same trace and exit", Outcome{Exit: 1, Trace: []string{"a"}}, false},
		{"other trace", Outcome{Exit: 1, Trace: []string{"b"}}, true},
		{"other exit", Outcome{Exit: 0, Trace: []string{"a"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs, err := RunAll(context.Background(), []Engine{fakeEngine{name: "a", out: full}, partialEngine{fakeEngine{name: "p", out: tc.partial}}}, Case{Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			_, differ := ComparePairs(runs)
			if (len(differ) > 0) != tc.differ {
				t.Errorf("differences %v, want some: %v", differ, tc.differ)
			}
		})
	}
}

type partialEngine struct{ fakeEngine }

func (partialEngine) Observes() Fields { return FieldTrace | FieldExit }

// Z3 gives up on some checks over `in` on strings in one encoding of the
// membership and not in the other: the arm asks again with the lemmas, as
// a proof does, rather than refusing a case the encoding represents.
func TestProverEngineStringMemberships(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"db_continue_pass", "db_guarded_count_pass"} {
		t.Run(name, func(t *testing.T) {
			c, err := LoadCase(filepath.Join(root, "plans", name+".py"), root)
			if err != nil {
				t.Fatal(err)
			}
			prog, _, err := Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			if c.Effects, err = GenerateResults(prog, 1); err != nil {
				t.Fatal(err)
			}
			runs, err := RunAll(context.Background(), []Engine{Interp{}, Prover{}}, c)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range runs {
				if r.Err != nil {
					t.Fatalf("%s: %v", r.Engine, r.Err)
				}
			}
			if _, differ := ComparePairs(runs); len(differ) > 0 {
				t.Fatalf("%s", differ[0])
			}
		})
	}
}
