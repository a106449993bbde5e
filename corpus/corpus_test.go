package corpus

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// TestPlans proves every plan in plans/ against the layers in tools/ and
// checks its verdict: *_pass.py must be proved; *_fail.py must be refused,
// and every line of its .want file must appear in what clauz3 prove would
// print (the report, or the compile errors).
func TestPlans(t *testing.T) {
	plans, err := filepath.Glob(filepath.Join("plans", "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) < 20 {
		t.Fatalf("found %d corpus plans, expected the whole corpus", len(plans))
	}
	for _, path := range plans {
		name := strings.TrimSuffix(filepath.Base(path), ".py")
		t.Run(name, func(t *testing.T) {
			// Each proof owns its Z3 context and the resource limit, not
			// the wall clock, decides a check: proofs may run side by
			// side (go test runs GOMAXPROCS at once).
			t.Parallel()
			wantPass := strings.HasSuffix(name, "_pass")
			if !wantPass && !strings.HasSuffix(name, "_fail") {
				t.Fatalf("plan names end in _pass or _fail")
			}
			proved, output := prove(t, path)
			if proved != wantPass {
				t.Fatalf("proved=%v, want %v; output:\n%s", proved, wantPass, output)
			}
			if wantPass {
				return
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".py") + ".want")
			if err != nil {
				t.Fatalf("a refused plan needs a .want file: %v", err)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
				if !strings.Contains(output, line) {
					t.Errorf("output lacks %q; output:\n%s", line, output)
				}
			}
		})
	}
}

// prove compiles and proves one plan as `clauz3 prove --import-root .`
// does, returning the verdict and the text the CLI would print.
func prove(t *testing.T, path string) (bool, string) {
	t.Helper()
	prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
	if err != nil {
		checkCodes(t, path, err)
		return false, err.Error()
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("the lowered IR does not verify: %v", err)
	}
	res, err := prover.Prove(context.Background(), prog, prover.Options{})
	if err != nil {
		checkCodes(t, path, err)
		return false, err.Error()
	}
	checkObligationCodes(t, path, res)
	var out strings.Builder
	if err := res.WriteText(&out, &out); err != nil {
		t.Fatal(err)
	}
	return res.Proved(), out.String()
}
