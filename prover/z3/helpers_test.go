package z3

import (
	"fmt"
	"testing"
	"time"
)

// newCtx returns a fresh Context closed at the end of the test.
func newCtx(t testing.TB) *Context {
	t.Helper()
	c, err := NewContext()
	if err != nil {
		t.Fatalf("NewContext: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

func intc(c *Context, name string) Term  { return c.Const(name, c.IntSort()) }
func strc(c *Context, name string) Term  { return c.Const(name, c.StringSort()) }
func boolc(c *Context, name string) Term { return c.Const(name, c.BoolSort()) }

// valid returns the negation of f, which is unsat exactly when f is valid.
func valid(c *Context, f Term) Term { return c.Not(f) }

// check asserts f in a fresh scope of s and checks it.
func check(t *testing.T, s *Solver, f Term) (Result, error) {
	t.Helper()
	s.Push()
	defer s.Pop(1)
	s.Assert(f)
	return s.Check()
}

// hardSum is the "sum of ite-guarded amounts" formula from the notes:
// 0 <= a_i <= 5, ¬(Σ ite(i < n, a_i, 0) <= 5n). It is unsat, but for
// n = 1000 Z3 4.8.12 needs seconds to minutes.
func hardSum(c *Context, n int) Term {
	I := c.IntSort()
	nn := c.Const("n", I)
	zero := c.Int(0)
	five := c.Int(5)
	var cons, sum []Term
	for i := 0; i < n; i++ {
		a := c.Const(fmt.Sprintf("a%d", i), I)
		cons = append(cons, c.Le(zero, a), c.Le(a, five))
		sum = append(sum, c.Ite(c.Lt(c.Int(int64(i)), nn), a, zero))
	}
	cons = append(cons, c.Not(c.Le(c.Add(sum...), c.Int(int64(5*n)))))
	return c.And(cons...)
}

const testTimeout = 10 * time.Second
