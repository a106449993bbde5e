package z3

import (
	"testing"
	"time"
)

// TestStoppedCheckRenewsSolver: a solver whose check a limit stopped is
// not checked again in Z3 (on 4.8.12 such a solver, checked again after
// a dozen stopped checks, crashed the process in Z3_solver_check: see the
// package documentation). Its next use moves its assertions, scope by
// scope, to a fresh Z3 solver with the same limits (Stats.Renewed), and
// from then on it decides what it held before; a decided check renews
// nothing.
func TestStoppedCheckRenewsSolver(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limits Limits
		hard   int // hardSum's size: too hard for the limits
	}{
		{"rlimit", Limits{Timeout: time.Minute, Rlimit: 20000}, 60},
		{"timeout", Limits{Timeout: 50 * time.Millisecond}, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCtx(t)
			s := c.NewSolverLimits(tc.limits)
			x := intc(c, "x")
			s.Assert(c.Gt(x, c.Int(10)))
			s.Push()
			s.Assert(c.Lt(x, c.Int(20)))
			s.Push()
			s.Assert(hardSum(c, tc.hard))
			r, err := s.Check()
			wantUnknown(t, r, err)
			stopped := s.s
			if n := c.Stats().Renewed; n != 0 {
				t.Fatalf("renewed %d solvers before the stopped solver was used again", n)
			}
			if n := s.Scopes(); n != 2 {
				t.Fatalf("%d scopes after the renewal, want 2", n)
			}
			if c.Stats().Renewed != 1 || s.s == stopped {
				t.Fatalf("the stopped solver was used again (renewed %d)", c.Stats().Renewed)
			}
			if s.Limits() != tc.limits {
				t.Fatalf("limits %+v after the renewal, want %+v", s.Limits(), tc.limits)
			}
			s.Pop(1)
			for _, k := range []struct {
				v    int64
				want Result
			}{{15, Sat}, {5, Unsat}, {25, Unsat}} {
				if r, err := check(t, s, c.Eq(x, c.Int(k.v))); r != k.want {
					t.Errorf("x = %d in both scopes: %v, %v; want %v", k.v, r, err, k.want)
				}
			}
			s.Pop(1)
			for _, k := range []struct {
				v    int64
				want Result
			}{{25, Sat}, {5, Unsat}} {
				if r, err := check(t, s, c.Eq(x, c.Int(k.v))); r != k.want {
					t.Errorf("x = %d in the base scope: %v, %v; want %v", k.v, r, err, k.want)
				}
			}
			if n := c.Stats().Renewed; n != 1 {
				t.Errorf("decided checks renewed the solver: %d renewals, want 1", n)
			}
			if err := c.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestCancelledJobRenewsNothing: after Cancel a Check returns unknown
// without calling Z3, so the solver was not stopped part-way and is not
// renewed: a cancelled job's remaining checks must not each rebuild its
// solver (taking the whole encoding in again) on their way to a refusal.
func TestCancelledJobRenewsNothing(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolverLimits(Limits{Timeout: time.Minute})
	x := intc(c, "x")
	s.Assert(c.Gt(x, c.Int(10)))
	c.Cancel()
	for i := range 3 {
		s.Push()
		s.Assert(c.Lt(x, c.Int(int64(20+i))))
		r, err := s.Check()
		if ue := wantUnknown(t, r, err); !ue.Canceled || !ue.Limited {
			t.Fatalf("check %d after Cancel: %+v, want canceled", i, ue)
		}
		s.Pop(1)
	}
	if n := c.Stats().Renewed; n != 0 {
		t.Fatalf("checks that never reached Z3 renewed the solver %d times", n)
	}
}
