package z3

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// job is a small verification job of the prover's kind: strings, lengths
// and a scope per check, with terms of its own (named after i) so that a
// context that kept them would grow.
func job(t *testing.T, c *Context, i int) {
	t.Helper()
	s := c.NewSolverLimits(Limits{Timeout: 10 * time.Second, Rlimit: 3_000_000})
	addr := strc(c, fmt.Sprintf("addr%d", i))
	s.Assert(c.Contains(addr, c.String("@")))
	s.Push()
	s.Assert(c.Eq(addr, c.String(fmt.Sprintf("user%d.example.com", i))))
	if r, err := s.Check(); r != Unsat {
		t.Fatalf("job %d: %v, %v; want unsat", i, r, err)
	}
	s.Pop(1)
	s.Push()
	s.Assert(c.Gt(c.Length(addr), c.Int(3)))
	if r, err := s.Check(); r != Sat {
		t.Fatalf("job %d: %v, %v; want sat", i, r, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	if !m.Eval(addr).IsValid() {
		t.Fatalf("job %d: no value: %v", i, c.Err())
	}
}

// TestRecycle: a recycled context decides the next job as a fresh one
// would, and everything of the last job is closed: its terms, solvers and
// models are invalid (an error, never a crash or a use of freed memory),
// and a late Cancel of the old job does not reach the new one.
func TestRecycle(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	job(t, c, 1)
	old := strc(c, "kept")
	s := c.NewSolver(time.Second)
	s.Assert(c.True())
	if r, _ := s.Check(); r != Sat {
		t.Fatal("trivial check not sat")
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	next, err := c.Recycle()
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	if old.IsValid() {
		t.Error("a term of the recycled job is still valid")
	}
	if r, err := s.Check(); r != Unknown || !errors.Is(err, ErrClosed) {
		t.Errorf("a solver of the recycled job checks: %v, %v", r, err)
	}
	if m.Eval(old).IsValid() {
		t.Error("a model of the recycled job evaluates")
	}
	c.Cancel() // late, from the old job's deadline
	job(t, next, 2)
	if next.Eq(old, next.String("x")).IsValid() {
		t.Error("a term of the old job mixes into the new context")
	}
	if err := next.Err(); err == nil {
		t.Error("using a term of the old job recorded no error")
	}
	if st := next.Stats(); st.Checks != 2 || st.Solvers != 1 {
		t.Errorf("the new job's stats count the old one's work: %+v", st)
	}
	if _, err := c.Recycle(); !errors.Is(err, ErrClosed) {
		t.Errorf("recycling the same context twice: %v", err)
	}
	// next recorded an error: it is not recycled.
	if again, err := next.Recycle(); again != nil || err == nil {
		t.Errorf("a context with an error was recycled: %v", err)
	}
}

// TestRecycleMemory: a context recycled over hundreds of jobs holds no
// more memory than after the first fifty (Z3's own estimate, which
// counts every term and solver kept); without the release in Recycle it
// grows with every job.
func TestRecycleMemory(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { c.Close() }()
	run := func(from, to int) {
		for i := from; i < to; i++ {
			job(t, c, i)
			if c, err = c.Recycle(); err != nil {
				t.Fatal(err)
			}
		}
	}
	run(0, 50)
	base := Allocated()
	run(50, 550)
	after := Allocated()
	t.Logf("Z3 memory after 50 jobs %d KiB, after 550 %d KiB", base>>10, after>>10)
	if after > base+base/4+(1<<20) {
		t.Errorf("Z3 memory grew from %d KiB to %d KiB over 500 recycled jobs", base>>10, after>>10)
	}
}
