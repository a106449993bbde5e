package z3

import (
	"testing"
	"time"
)

// BenchmarkNewContext measures NewContext plus Close.
func BenchmarkNewContext(b *testing.B) {
	for i := 0; i < b.N; i++ {
		c, err := NewContext()
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkSmallCheck measures Push, Assert of a small string formula,
// Check and Pop on a reused context and solver, with a timeout only and
// with a resource limit too (which reads Z3's work counter around each
// check), so the cost of the limit shows as a ratio in one run.
func BenchmarkSmallCheck(b *testing.B) {
	b.Run("timeout", func(b *testing.B) { benchSmallCheck(b, Limits{Timeout: 10 * time.Second}) })
	b.Run("rlimit", func(b *testing.B) { benchSmallCheck(b, Limits{Timeout: 10 * time.Second, Rlimit: 3_000_000}) })
}

func benchSmallCheck(b *testing.B, l Limits) {
	c := newCtx(b)
	s := c.NewSolverLimits(l)
	defer s.Close()
	addr := strc(c, "addr")
	f := c.And(c.Not(c.Contains(addr, c.String("@"))), c.Eq(addr, c.String("bob@example.com")))
	if r, err := s.Check(); r != Sat { // leave the one-shot first check out
		b.Fatal(r, err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Push()
		s.Assert(f)
		r, err := s.Check()
		s.Pop(1)
		if r != Unsat {
			b.Fatal(r, err)
		}
	}
}
