package layers_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/layers"
	"github.com/clauz3/clauz3/layers/casecheck"
)

// TestBundledCases proves every bundled layer's cases with the real
// prover and compares the verdicts (and, for _fail cases, the reasons).
func TestBundledCases(t *testing.T) {
	for _, info := range layers.Bundled() {
		t.Run(info.Name, func(t *testing.T) {
			src, err := layers.Resolve(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			outcomes, err := casecheck.Run(context.Background(), src, casecheck.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(outcomes) < 10 {
				t.Errorf("%s has %d cases, want at least 10", info.Name, len(outcomes))
			}
			for _, o := range outcomes {
				if o.Pending {
					t.Logf("%s/cases/%s (pending) agrees=%v: %s", info.Name, o.Name, o.Agree, firstLine(o.Report))
					continue
				}
				if !o.Agree {
					t.Errorf("%s/cases/%s: %s\n%s", info.Name, o.Name, o.Problem, o.Report)
				}
			}
		})
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
