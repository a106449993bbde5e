package harness

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fakeEngine returns a fixed outcome or error, to test the comparison of
// engines without running one.
type fakeEngine struct {
	name string
	out  Outcome
	err  error
}

func (f fakeEngine) Name() string                               { return f.name }
func (f fakeEngine) Run(context.Context, Case) (Outcome, error) { return f.out, f.err }

// Every arm is an Engine, under the name reports use for it.
var (
	_ Engine = Interp{}
	_ Engine = Compiled{}
	_ Engine = CPython{}
	_ Engine = (*CompiledBatch)(nil)
	_ Engine = (*CPythonDriver)(nil)
)

// TestComparePairs: each pair of engines that ran is compared once, the
// earlier engine first; an engine that could not run is in no pair (its
// error is the caller's to report, never an agreement).
func TestComparePairs(t *testing.T) {
	ok := Outcome{Stdout: "1\n"}
	other := Outcome{Stdout: "2\n"}
	broken := errors.New("build failed")
	for _, tc := range []struct {
		name       string
		engines    []Engine
		wantAgree  []string
		wantDiffer []string
	}{
		{"all agree", []Engine{fakeEngine{name: "a", out: ok}, fakeEngine{name: "b", out: ok}, fakeEngine{name: "c", out: ok}},
			[]string{"a vs b", "a vs c", "b vs c"}, nil},
		{"one differs", []Engine{fakeEngine{name: "a", out: ok}, fakeEngine{name: "b", out: other}, fakeEngine{name: "c", out: ok}},
			[]string{"a vs c"}, []string{"a vs b", "b vs c"}},
		{"one failed", []Engine{fakeEngine{name: "a", out: ok}, fakeEngine{name: "b", err: broken}, fakeEngine{name: "c", out: other}},
			nil, []string{"a vs c"}},
		{"a failure's zero outcome is not compared", []Engine{fakeEngine{name: "a"}, fakeEngine{name: "b", err: broken}},
			nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs, err := RunAll(context.Background(), tc.engines, Case{Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range runs {
				if r.Engine != tc.engines[i].Name() {
					t.Errorf("run %d is %s, want %s", i, r.Engine, tc.engines[i].Name())
				}
			}
			agree, differ := ComparePairs(runs)
			var labels []string
			for _, d := range differ {
				labels = append(labels, d.Label())
				if d.Diff == "" || !strings.Contains(d.String(), d.Label()) {
					t.Errorf("difference %s says nothing: %q", d.Label(), d.String())
				}
			}
			if !reflect.DeepEqual(agree, tc.wantAgree) || !reflect.DeepEqual(labels, tc.wantDiffer) {
				t.Errorf("agree %v, differ %v; want %v, %v", agree, labels, tc.wantAgree, tc.wantDiffer)
			}
		})
	}
}

// Two engines with one name could not be told apart in a report.
func TestRunAllRefusesDuplicateNames(t *testing.T) {
	_, err := RunAll(context.Background(), []Engine{fakeEngine{name: "cpython"}, CPython{}}, Case{Name: "x"})
	var he *Error
	if !errors.As(err, &he) || he.Kind != DuplicateEngine || he.Case != "x" {
		t.Errorf("duplicate names: %v, want a DuplicateEngine harness Error of case x", err)
	}
}

// TestEngines runs corpus plans under the interpreter and CPython (one
// process per case) through the Engine interface: they must agree, and
// the plans do what they are meant to, so agreement is not vacuous.
func TestEngines(t *testing.T) {
	if !PythonAvailable() {
		t.Fatalf("%s is not on PATH", Python)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	engines := []Engine{Interp{}, CPython{}}
	for _, n := range batchRunCases {
		c, err := LoadCase(filepath.Join(root, "run", n+".py"), root)
		if err != nil {
			t.Fatal(err)
		}
		runs, err := RunAll(ctx, engines, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			if r.Err != nil {
				t.Fatalf("%s: %s: %v", n, r.Engine, r.Err)
			}
		}
		agree, differ := ComparePairs(runs)
		for _, d := range differ {
			t.Errorf("%s: %s", n, d)
		}
		if len(agree) != 1 {
			t.Errorf("%s: agreeing pairs %v, want interp vs cpython", n, agree)
		}
		if o := runs[0].Outcome; o.Exit == 0 && o.Stdout == "" && len(o.Trace) == 0 {
			t.Errorf("%s: %+v: the case does nothing to compare", n, o)
		}
	}
}
