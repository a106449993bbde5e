package prover

import (
	"fmt"
	"testing"
	"time"

	"github.com/clauz3/clauz3/prover/z3"
)

// TestSymmetryCache: a check answered from the cache must be one that
// differs from a check Z3 found unsat only in the names of constants the
// solver's context does not hold, and in the element's existence
// condition. Each case asks about iteration 1 after iteration 0 was
// proved, and says whether Z3 may be skipped (a cache hit) and what the
// answer must be.
func TestSymmetryCache(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(zc.Close)
	x := &executor{ctx: zc, timeout: time.Minute, rlimit: DefaultRlimit}
	length := zc.Const("len", zc.IntSort())
	cap := zc.Const("cap", zc.IntSort())
	row := func(i int) z3.Term { return zc.Const(fmt.Sprintf("row[%d]", i), zc.IntSort()) }
	exists := func(i int) z3.Term { return zc.Lt(zc.Int(int64(i)), length) }
	// What the solver holds: the length's bound, cap's value, and a fact
	// about row 5 alone (a shared constant: never renamed).
	held := []z3.Term{zc.Le(length, zc.Int(10)), zc.Eq(cap, zc.Int(7)), zc.Ge(row(5), zc.Int(100))}
	// violation: row i exists and is positive, the check asks whether it
	// can be <= 0.
	pos := func(i int) []z3.Term {
		return []z3.Term{zc.Implies(exists(i), zc.Gt(row(i), zc.Int(0))), exists(i), zc.Le(row(i), zc.Int(0))}
	}
	cases := []struct {
		name      string
		first     []z3.Term // proved first, as iteration 0
		second    []z3.Term // then asked, as iteration 1
		secondIt  int
		wantCache bool
		wantUnsat bool
	}{
		{"same up to names", pos(0), pos(1), 1, true, true},
		{"a literal differs", pos(0), []z3.Term{zc.Implies(exists(1), zc.Gt(row(1), zc.Int(1))), exists(1), zc.Le(row(1), zc.Int(0))}, 1, false, true},
		// row 5 is held by the context (>= 100), so the first check is
		// unsat because of it; renamed like a free row it would stand
		// for row 1 too, about which the same question is sat.
		{"shared constant not renamed", []z3.Term{zc.Le(row(5), zc.Int(50))}, []z3.Term{zc.Le(row(1), zc.Int(50))}, 1, false, false},
		{"two constants are not one", []z3.Term{zc.Gt(row(0), zc.Int(3)), zc.Lt(row(0), zc.Int(2))}, []z3.Term{zc.Gt(row(2), zc.Int(3)), zc.Lt(row(3), zc.Int(2))}, 1, false, false},
		// only the existence condition of the iteration asked about is
		// abstracted: iteration 1's check that reads element 0's is not
		// iteration 0's renamed, and it is unsat only through how the
		// two conditions relate (element 1 exists, so element 0 does),
		// which the abstraction loses: the original is asked after it.
		{"another iteration's existence", pos(0), []z3.Term{zc.Implies(exists(0), zc.Gt(row(1), zc.Int(0))), exists(1), zc.Le(row(1), zc.Int(0))}, 1, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := zc.NewSolverLimits(x.limits())
			defer s.Close()
			for _, h := range held {
				s.Assert(h)
			}
			sym := x.newSymmetry(held)
			calls := 0
			check := func(ts []z3.Term) (bool, error) {
				calls++
				s.Push()
				defer s.Pop(1)
				for _, t := range ts {
					s.Assert(t)
				}
				r, err := s.Check()
				return r == z3.Unsat, err
			}
			ok, err := sym.unsat(iterRecord{exists: exists(0)}, tc.first, check)
			if err != nil || !ok {
				t.Fatalf("first check: unsat %v, error %v; want unsat", ok, err)
			}
			calls = 0
			ok, err = sym.unsat(iterRecord{exists: exists(tc.secondIt)}, tc.second, check)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.wantUnsat {
				t.Fatalf("second check: unsat %v, want %v", ok, tc.wantUnsat)
			}
			if hit := calls == 0; hit != tc.wantCache {
				t.Fatalf("second check answered from the cache: %v, want %v (%d Z3 calls)", hit, tc.wantCache, calls)
			}
		})
	}
}
