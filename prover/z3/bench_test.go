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
// Check and Pop on a reused context and solver.
func BenchmarkSmallCheck(b *testing.B) {
	c := newCtx(b)
	s := c.NewSolver(10 * time.Second)
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
