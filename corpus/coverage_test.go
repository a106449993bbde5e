package corpus

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// TestCoverage proves every plan of coverage/ against the layers in tools/
// and checks the verdict and the coverage status of each used domain
// (docs/design.md section 5): required contracts are obligations, recommended ones a
// lint, silence and waivers are visible.
func TestCoverage(t *testing.T) {
	tests := []struct {
		plan    string
		proved  bool
		domains string // label:status ..., in layer order
		detail  string // a substring of the text report, if any
	}{
		{"covered", true, "shop:covered", ""},
		{"recommended_gap", true, "shop:recommended_gap", "missing recommended: at_most"},
		{"silent_gap", true, "shop:silent_gap", ""},
		{"waived", true, "shop:waived", "waived by shop.no_guarantees()"},
		{"required_gap", false, "shop:required_gap", "required tools.shop.trusted.contracts.max_total(100) failed"},
		{"required_gap_loop", false, "shop:required_gap", "failed required tools.shop.trusted.contracts.max_total(100)"},
		{"required_gap_helper", false, "shop:required_gap", "counterexample"},
		{"dead_branch_used", true, "shop:silent_gap", "used by buy at coverage/dead_branch_used.py:9:5"},
		{"not_used", true, "", ""},
		{"input_bounded", true, "shop:covered", ""},
		{"input_unbounded", false, "shop:required_gap", "amount ="},
		{"two_domains", true, "email:recommended_gap shop:silent_gap", "missing recommended: unique_recipients"},
	}
	for _, tt := range tests {
		t.Run(tt.plan, func(t *testing.T) {
			t.Parallel() // see TestPlans
			path := filepath.Join("coverage", tt.plan+".py")
			prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := prover.Prove(context.Background(), prog, prover.Options{})
			if err != nil {
				t.Fatalf("prove: %v", err)
			}
			var out strings.Builder
			if err := res.WriteText(&out, &out); err != nil {
				t.Fatal(err)
			}
			if res.Proved() != tt.proved {
				t.Errorf("proved=%v, want %v\n%s", res.Proved(), tt.proved, out.String())
			}
			if res.Coverage == nil {
				t.Fatalf("no coverage report")
			}
			var got []string
			for _, d := range res.Coverage.Domains {
				got = append(got, d.Label+":"+string(d.Status))
			}
			if g := strings.Join(got, " "); g != tt.domains {
				t.Errorf("coverage %q, want %q\n%s", g, tt.domains, out.String())
			}
			if res.Coverage.OK() != !strings.Contains(tt.domains, "required_gap") {
				t.Errorf("Coverage.OK() = %v for %q", res.Coverage.OK(), tt.domains)
			}
			if tt.detail != "" && !strings.Contains(out.String(), tt.detail) {
				t.Errorf("report lacks %q:\n%s", tt.detail, out.String())
			}
		})
	}
}
