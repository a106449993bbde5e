package prover

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/prover/z3"
)

// TestExecuteDecidesOnlyWhatIsDetermined: a condition the pinned values
// leave open is a *NotModelledError, never the answer one model happens
// to give; once pinned, the answer is the only one.
func TestExecuteDecidesOnlyWhatIsDetermined(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc, timeout: DefaultTimeout, rlimit: DefaultRlimit}
	n := zc.Const("n", zc.IntSort())
	for _, tc := range []struct {
		name     string
		pins     []z3.Term
		cond     z3.Term
		want     bool
		abstract bool
	}{
		{"nothing pinned", nil, zc.Gt(n, zc.Int(0)), false, true},
		{"a range is not a value", []z3.Term{zc.Ge(n, zc.Int(0))}, zc.Gt(n, zc.Int(0)), false, true},
		{"pinned true", []z3.Term{zc.Eq(n, zc.Int(5))}, zc.Gt(n, zc.Int(0)), true, false},
		{"pinned false", []z3.Term{zc.Eq(n, zc.Int(-5))}, zc.Gt(n, zc.Int(0)), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &concreteRun{x: x, s: zc.NewSolverLimits(x.limits())}
			defer r.s.Close()
			defer r.dropModel()
			for _, p := range tc.pins {
				r.s.Assert(p)
			}
			got, err := r.decide(pos(1), tc.cond, "n > 0")
			var nm *NotModelledError
			if tc.abstract {
				if !errors.As(err, &nm) {
					t.Fatalf("got %v, %v; want a *NotModelledError", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}
