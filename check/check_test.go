package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// The plans import the corpus's email layer.
const (
	onlyBob = `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
`
	leak = `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
    send_email("ann@example.com", "Report is ready")
`
	outside = `def main() -> None:
    while True:
        pass
`
)

func plan(src string) Plan {
	root, _ := filepath.Abs(filepath.Join("..", "corpus"))
	return Plan{File: "plan.py", Source: []byte(src), Config: compiler.Config{ImportRoots: []string{root}}}
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		src    string
		proved bool
		code   ir.Code // the error's code; zero: a result, no error
	}{
		{"proved", onlyBob, true, 0},
		{"counterexample", leak, false, 0},
		{"outside the subset", outside, false, ir.Unsupported},
		{"type error", "def main() -> None:\n    x: int = \"a\"\n", false, ir.TypeMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(context.Background(), plan(tc.src), Options{})
			if tc.code != 0 {
				if err == nil || out != nil || ir.CodeOf(err, ir.UnknownCode) != tc.code {
					t.Fatalf("got %v, %v (code %v); want an error with code %v", out, err, ir.CodeOf(err, ir.UnknownCode), tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Prog == nil || out.Proof == nil || out.Proof.Proved() != tc.proved {
				t.Fatalf("outcome %+v, want proved=%v", out, tc.proved)
			}
			if !tc.proved && out.Proof.Obligations[len(out.Proof.Obligations)-1].Status != prover.Failed {
				t.Errorf("the leak is not a failed guarantee: %+v", out.Proof.Obligations)
			}
		})
	}
}

// TestProveRefusesUnverifiedIR hands Prove a program the verifier
// rejects (a call to a function that is not in the program): it is an
// Internal diagnostic, never a proof.
func TestProveRefusesUnverifiedIR(t *testing.T) {
	ghost := &ir.Func{Name: "ghost", Result: ir.None}
	main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{&ir.ExprStmt{X: &ir.Call{Func: ghost}}}}
	prog := &ir.Program{File: "plan.py", Target: main, Funcs: []*ir.Func{main}}
	res, err := Prove(context.Background(), prog, Options{})
	if err == nil || res != nil || ir.CodeOf(err, ir.UnknownCode) != ir.Internal {
		t.Fatalf("got %v, %v; want an Internal diagnostic", res, err)
	}
}

func TestProveCanceled(t *testing.T) {
	prog, err := Compile(plan(onlyBob))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Prove(ctx, prog, Options{})
	var d *ir.Error
	if res != nil || !errors.As(err, &d) || d.Code != ir.Canceled || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, %#v; want a Canceled diagnostic wrapping the context's error", res, err)
	}
	// The wording is what a person reads when they stop a proof (the CLI
	// prints it as is), so it is under test here; the kind is decided by
	// the code above, never by these words.
	if err.Error() != "interrupted: nothing was proved" {
		t.Errorf("an interrupted proof says %q", err.Error())
	}
}

// TestConcurrentRuns proves plans with different verdicts at once: each
// call owns its Z3 context, so verdicts never mix and nothing needs a
// lock around the pipeline.
func TestConcurrentRuns(t *testing.T) {
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		src, want := onlyBob, true
		if i%2 == 1 {
			src, want = leak, false
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := Run(context.Background(), plan(src), Options{})
			switch {
			case err != nil:
				errs <- err
			case out.Proof.Proved() != want:
				errs <- fmt.Errorf("run %d: proved=%v, want %v", i, out.Proof.Proved(), want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestOnlyCheckProves keeps the pipeline in one place: outside this
// package (and the prover's and ir's own), no non-test Go file of the
// module proves, checks a coverage report or renders a plan's clauses in
// English for a human by itself. The approval card is the one exception
// for guarantees: it rewords check's English with the layers' labels.
func TestOnlyCheckProves(t *testing.T) {
	steps := []struct {
		marker, step string
		allowed      map[string]bool
	}{
		{"prover.Prove(", "proves", nil},
		{"Coverage.OK()", "checks a coverage report", nil},
		{"english.Guarantee(", "renders a guarantee", map[string]bool{"approval/card/card.go": true}},
		{"english.Assumption(", "renders an assumption", nil},
	}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." || rel == "check" || rel == "prover" || rel == "ir") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, st := range steps {
			if strings.Contains(string(src), st.marker) && !st.allowed[rel] {
				t.Errorf("%s %s by itself (%s): go through check (Run, or Compile and Prove; Explain)", rel, st.step, st.marker)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCoverage: a proved result reaches a caller only with a coverage
// report and no required gap; a result that is not proved is refused by
// its obligations, whatever its report.
func TestCoverage(t *testing.T) {
	proved := []*prover.Obligation{{Status: prover.Proved}}
	failed := []*prover.Obligation{{Status: prover.Failed}}
	gap := &prover.Coverage{Domains: []prover.DomainCoverage{{Layer: "email", Status: prover.RequiredGap}}}
	ok := &prover.Coverage{Domains: []prover.DomainCoverage{{Layer: "email", Status: prover.Covered}}}
	for _, tc := range []struct {
		name   string
		res    *prover.Result
		refuse bool
	}{
		{"proved, covered", &prover.Result{Obligations: proved, Coverage: ok}, false},
		{"proved, no domain used", &prover.Result{Obligations: proved, Coverage: &prover.Coverage{}}, false},
		{"proved, no report", &prover.Result{Obligations: proved}, true},
		{"proved, required gap", &prover.Result{Obligations: proved, Coverage: gap}, true},
		{"nothing to prove, no report", &prover.Result{}, true},
		{"failed, no report", &prover.Result{Obligations: failed}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := coverage(tc.res)
			if !tc.refuse {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var ce *CoverageError
			if ir.CodeOf(err, ir.UnknownCode) != ir.Internal || !errors.As(err, &ce) || ce.Missing != (tc.res.Coverage == nil) {
				t.Fatalf("got %v; want an Internal refusal carrying a CoverageError (missing report: %v)", err, tc.res.Coverage == nil)
			}
		})
	}
}

// TestExplain: every guarantee and assumption comes out in source order,
// each with its English or, for one english cannot render, the reason and
// no English.
func TestExplain(t *testing.T) {
	src := `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
@clauz3.requires(lambda n: n > 0)
def main(n: int) -> None:
    send_email("bob@example.com", "Report is ready")
`
	prog, err := Compile(plan(src))
	if err != nil {
		t.Fatal(err)
	}
	ex := Explain(prog)
	if len(ex.Guarantees) != 1 || len(ex.Assumptions) != 1 {
		t.Fatalf("got %+v; want one guarantee and one assumption", ex)
	}
	for _, s := range append(ex.Guarantees, ex.Assumptions...) {
		if s.Source == "" || s.Err != nil || s.English == "" {
			t.Errorf("sentence %+v: want its source and its English", s)
		}
	}
	if !strings.Contains(ex.Guarantees[0].English, "bob@example.com") {
		t.Errorf("guarantee English %q does not name the address", ex.Guarantees[0].English)
	}
}
