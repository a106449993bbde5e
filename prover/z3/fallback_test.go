package z3

import "testing"

// TestLimitReason: the unknown answers that Check does not ask again are
// the ones a limit or a cancellation gave (Z3_mk_solver's solver stops
// there too); an incomplete theory is asked again.
func TestLimitReason(t *testing.T) {
	for _, tt := range []struct {
		reason string
		limit  bool
	}{
		{"canceled", true},
		{"timeout", true},
		{"interrupted", true},
		{"max. resource limit exceeded", true},
		{"max. memory exceeded", true},
		{"(incomplete (theory arithmetic))", false},
		{"smt tactic failed to show goal to be sat/unsat (incomplete (theory seq))", false},
		{"incomplete quantifiers", false},
		{"unknown", false},
	} {
		if got := limitReason(tt.reason); got != tt.limit {
			t.Errorf("limitReason(%q) = %v, want %v", tt.reason, got, tt.limit)
		}
	}
}
