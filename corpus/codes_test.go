package corpus

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/corpus/harness"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// TestCompileDiagnosticsHaveCodes compiles every plan of the corpus
// (plans/, run/, cases/, coverage/) and checks that every diagnostic a
// refused one produces carries a code: callers decide on codes, so a
// site that forgot its code would make a refusal undecidable. TestPlans
// checks the same of the prover's refusals on the plans it proves.
func TestCompileDiagnosticsHaveCodes(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	compiled, refused := 0, 0
	for _, dir := range []string{"plans", "run", "cases", "coverage"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*.py"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			_, _, err := harness.Compile(harness.Case{Name: path, Path: path, ImportRoot: root})
			compiled++
			if err == nil {
				continue
			}
			refused++
			checkCodes(t, path, err)
		}
	}
	if compiled < 300 || refused < 5 {
		t.Fatalf("compiled %d plans, %d refused: expected the whole corpus (300+) with its refused plans (5+)", compiled, refused)
	}
}

// checkCodes fails unless err holds at least one diagnostic and every
// diagnostic has a code other than the zero code.
func checkCodes(t *testing.T, name string, err error) {
	t.Helper()
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		t.Errorf("%s: an error with no diagnostic, so no code: %v", name, err)
	}
	for _, d := range ds {
		if _, err := d.Code.MarshalText(); err != nil {
			t.Errorf("%s: a diagnostic without a code: %v", name, d)
		}
	}
}

// checkObligationCodes fails for a refused obligation without a code.
func checkObligationCodes(t *testing.T, name string, res *prover.Result) {
	t.Helper()
	for _, o := range res.Obligations {
		if o.Status == prover.Refused && o.Code == ir.UnknownCode {
			t.Errorf("%s: %s refused without a code: %s", name, o.Title(), o.Reason)
		}
	}
}
