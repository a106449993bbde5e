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
	if res != nil || !errors.As(err, &d) || d.Code != ir.Canceled || !errors.Is(err, context.Canceled) || err.Error() != "interrupted: nothing was proved" {
		t.Fatalf("got %v, %#v; want a Canceled diagnostic wrapping the context's error", res, err)
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
// package (and the prover's own tests), no non-test Go file of the
// module calls prover.Prove. The runner and the approval service are
// still to switch (they also render English and check the coverage
// report, which then move here); they are the only exceptions.
func TestOnlyCheckProves(t *testing.T) {
	pending := map[string]bool{
		"runner/runner.go":              true,
		"cmd/clauz3/approvalservice.go": true,
	}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." || rel == "check" || rel == "prover") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || pending[rel] {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(src), "prover.Prove(") {
			t.Errorf("%s calls prover.Prove: go through check (Run, or Compile and Prove)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
