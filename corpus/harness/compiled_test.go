package harness

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
)

// batchRunCases are corpus/run plans of different kinds: output only, an
// exception, effects with results and a trace, arguments, a failed
// precondition, a simulation that runs out of results.
var batchRunCases = []string{"arith_builtins", "err_keyerror", "effect_bank_balance", "effect_args_input", "effect_pay_precondition_fail", "effect_results_exhausted"}

// TestCompiledBatch runs corpus plans from one batch binary and from their
// own sealed binaries (RunCompiled): the outcomes must be identical. A
// plan the compiler refuses is in the batch's cases but not its binary,
// and Run returns the same *CompileError RunCompiled does.
func TestCompiledBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	root, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []Case
	for _, n := range batchRunCases {
		c, err := LoadCase(filepath.Join(root, "run", n+".py"), root)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	bad := filepath.Join(t.TempDir(), "refused.py")
	os.WriteFile(bad, []byte("def main():\n    x = undefined_name\n"), 0o644)
	cases = append(cases, Case{Name: "refused", Path: bad})

	b, err := BuildCompiled(ctx, cases)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	cache := t.TempDir()
	for _, c := range cases {
		got, gotErr := b.Run(ctx, c)
		want, wantErr := RunCompiled(ctx, c, cache)
		var ce1, ce2 *CompileError
		switch {
		case c.Name == "refused":
			// The same refusal: the same diagnostics (code, place and
			// message), compared by their fields.
			if !errors.As(gotErr, &ce1) || !errors.As(wantErr, &ce2) || len(ir.Diagnostics(ce1)) == 0 || !reflect.DeepEqual(ir.Diagnostics(ce1), ir.Diagnostics(ce2)) {
				t.Errorf("refused: batch %v, RunCompiled %v; want the same *CompileError", gotErr, wantErr)
			}
			continue
		case gotErr != nil || wantErr != nil:
			t.Errorf("%s: batch error %v, RunCompiled error %v", c.Name, gotErr, wantErr)
			continue
		}
		if d := Compare(got, want); d != "" {
			t.Errorf("%s: the batch differs from the sealed binary (- batch, + sealed):\n%s", c.Name, d)
		}
		if strings.Contains(c.Name, "fail") || strings.HasPrefix(c.Name, "err_") || strings.Contains(c.Name, "exhausted") {
			if want.Exit == 0 {
				t.Errorf("%s: exit status 0: the case does not test what it is meant to", c.Name)
			}
		} else if want.Exit != 0 || want.Stdout == "" && len(want.Trace) == 0 {
			t.Errorf("%s: %+v: the case does not test what it is meant to", c.Name, want)
		}
	}
	var he *Error
	if _, err := b.Run(ctx, Case{Name: "unknown", Path: bad}); !errors.As(err, &he) || he.Kind != NotInBatch || he.Case != "unknown" {
		t.Errorf("a case outside the batch: %v, want a NotInBatch harness Error", err)
	}
	other := cases[0]
	other.Path = bad
	if _, err := b.Run(ctx, other); !errors.As(err, &he) || he.Kind != OtherPlan || he.Case != other.Name {
		t.Errorf("a case of the same name from another plan: %v, want an OtherPlan harness Error", err)
	}
}
