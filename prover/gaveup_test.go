package prover

import (
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// TestGaveUpReadsFlags: the code and the explanation of a check Z3 gave up
// on come from what stopped it, as the binding reports it in the error's
// fields, never from the words of Z3's reason: Z3 says "canceled" for
// several causes, and the binding's own words are no contract.
func TestGaveUpReadsFlags(t *testing.T) {
	x := &executor{timeout: 3 * time.Second, rlimit: 7}
	for _, tt := range []struct {
		name string
		err  *z3.UnknownError
		code ir.Code
		says string // in the explanation
	}{
		{"wall clock", &z3.UnknownError{Reason: "incomplete", Timeout: true, Limited: true}, ir.Timeout, "wall-clock limit of 3s"},
		{"cancelled", &z3.UnknownError{Reason: "incomplete", Canceled: true, Limited: true}, ir.Timeout, "wall-clock limit of 3s"},
		{"resource limit", &z3.UnknownError{Reason: "canceled", Rlimit: true, Limited: true}, ir.Timeout, "rlimit 7 per check"},
		{"a limit Z3 names", &z3.UnknownError{Reason: "max. memory exceeded", Limited: true}, ir.Timeout, "max. memory exceeded"},
		{"incomplete, in a limit's words", &z3.UnknownError{Reason: "canceled"}, ir.SolverUnknown, "canceled"},
		{"incomplete, in the timer's words", &z3.UnknownError{Reason: "timeout"}, ir.SolverUnknown, "timeout"},
	} {
		if got := x.checkCode(tt.err); got != tt.code {
			t.Errorf("%s: code %v, want %v", tt.name, got, tt.code)
		}
		if got := x.gaveUpReason(tt.err); !strings.Contains(got, tt.says) {
			t.Errorf("%s: %q does not say %q", tt.name, got, tt.says)
		}
	}
}
