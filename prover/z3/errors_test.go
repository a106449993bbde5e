package z3

import (
	"errors"
	"testing"
)

func TestSortMismatch(t *testing.T) {
	tests := []struct {
		name  string
		build func(c *Context) Term
		code  int // Z3's error code for it (Z3 4.8.12 raises most as an exception)
	}{
		{"Add Int String", func(c *Context) Term { return c.Add(intc(c, "x"), c.String("a")) }, Exception},
		{"Eq Int Bool", func(c *Context) Term { return c.Eq(intc(c, "x"), c.True()) }, Exception},
		{"And of Int", func(c *Context) Term { return c.And(c.True(), c.Int(1)) }, Exception},
		{"Contains Int", func(c *Context) Term { return c.Contains(c.String("a"), c.Int(1)) }, Exception},
		{"Select non-array", func(c *Context) Term { return c.Select(intc(c, "x"), c.Int(1)) }, SortError},
		{"Apply wrong arity", func(c *Context) Term {
			f := c.FuncDecl("f", []Sort{c.IntSort()}, c.IntSort())
			return c.Apply(f, c.Int(1), c.Int(2))
		}, Exception},
		{"Ite non-bool cond", func(c *Context) Term { return c.Ite(c.Int(1), c.Int(2), c.Int(3)) }, Exception},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCtx(t)
			s := c.NewSolver(testTimeout)
			s.Assert(c.Eq(intc(c, "y"), c.Int(1)))
			if got := tt.build(c); got.IsValid() {
				t.Fatalf("got a valid term %s", got)
			}
			err := c.Err()
			var ze *Error
			if !errors.As(err, &ze) || ze.Code != tt.code || ze.Msg == "" {
				t.Fatalf("Err() = %#v, want a Z3 error of code %d", err, tt.code)
			}
			t.Logf("%v", err)
			// Poisoned: later constructors return zero values, the error stays.
			if c.Int(1).IsValid() || c.IntSort().IsValid() || c.String("x").IsValid() {
				t.Errorf("constructor after error returned a valid value")
			}
			if c.Err() != err {
				t.Errorf("error not sticky: %v", c.Err())
			}
			r, cerr := s.Check()
			if r != Unknown || cerr != err {
				t.Errorf("Check after error = %v, %v; want unknown, %v", r, cerr, err)
			}
			if m, merr := s.Model(); m != nil || merr == nil {
				t.Errorf("Model after error = %v, %v", m, merr)
			}
			if r, cerr := c.NewSolver(testTimeout).Check(); r != Unknown || cerr != err {
				t.Errorf("new solver Check after error = %v, %v", r, cerr)
			}
		})
	}
}

func TestMisuseErrors(t *testing.T) {
	other := newCtx(t)
	foreign := intc(other, "z")
	tests := []struct {
		name string
		do   func(c *Context)
		z3   bool // error comes from Z3 rather than the binding
	}{
		{"zero Term", func(c *Context) { c.Not(Term{}) }, false},
		{"zero Sort", func(c *Context) { c.Const("x", Sort{}) }, false},
		{"foreign Term", func(c *Context) { c.Add(intc(c, "x"), foreign) }, false},
		{"foreign Sort", func(c *Context) { c.Const("x", other.IntSort()) }, false},
		{"foreign FuncDecl", func(c *Context) {
			c.Apply(other.FuncDecl("f", nil, other.IntSort()))
		}, false},
		{"nil BigInt", func(c *Context) { c.BigInt(nil) }, false},
		{"NUL in name", func(c *Context) { c.Const("a\x00b", c.IntSort()) }, false},
		{"Forall over non-constant", func(c *Context) {
			x := intc(c, "x")
			c.Forall([]Term{c.Add(x, c.Int(1))}, c.True())
		}, false},
		{"Forall over literal", func(c *Context) { c.Forall([]Term{c.Int(1)}, c.True()) }, false},
		{"TupleSort lengths", func(c *Context) { c.TupleSort("T", []string{"a"}, nil) }, false},
		{"Pop too many", func(c *Context) {
			s := c.NewSolver(testTimeout)
			s.Push()
			s.Pop(2)
		}, false},
		{"Assert non-Bool", func(c *Context) { c.NewSolver(testTimeout).Assert(c.Int(1)) }, true},
		{"Assert after Close", func(c *Context) {
			s := c.NewSolver(testTimeout)
			s.Close()
			s.Close()
			s.Assert(c.True())
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCtx(t)
			tt.do(c)
			err := c.Err()
			if err == nil {
				t.Fatal("no error recorded")
			}
			t.Logf("%v", err)
			var ze *Error
			if errors.As(err, &ze) && (ze.Code != 0) != tt.z3 {
				t.Errorf("Code = %d, want Z3 error: %v", ze.Code, tt.z3)
			}
			if r, cerr := c.NewSolver(0).Check(); r != Unknown || cerr != err {
				t.Errorf("Check after error = %v, %v", r, cerr)
			}
		})
	}
	if other.Err() != nil {
		t.Errorf("other context got an error: %v", other.Err())
	}
}

func TestModelMisuse(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolver(testTimeout)
	if _, err := s.Model(); err == nil {
		t.Errorf("Model before Check succeeded")
	}
	s.Assert(c.False())
	if r, err := s.Check(); r != Unsat || err != nil {
		t.Fatalf("Check = %v, %v", r, err)
	}
	if _, err := s.Model(); err == nil {
		t.Errorf("Model after unsat succeeded")
	}
	s.Reset()
	s.Assert(c.Eq(intc(c, "x"), c.Int(5)))
	m := sat(t, s)
	s.Assert(c.True())
	if _, err := s.Model(); err == nil {
		t.Errorf("Model after Assert succeeded")
	}
	// The model taken earlier stays valid after the solver is closed.
	s.Close()
	if v, ok := m.Eval(intc(c, "x")).Int64Value(); !ok || v != 5 {
		t.Errorf("x = %d, %v", v, ok)
	}
	m.Close()
	m.Close()
	if m.Eval(c.Int(1)).IsValid() || c.Err() != ErrClosed {
		t.Errorf("Eval on closed model: Err() = %v", c.Err())
	}
	// Misuse of Model() does not poison the context by itself.
	c2 := newCtx(t)
	s2 := c2.NewSolver(testTimeout)
	s2.Model()
	if c2.Err() != nil {
		t.Errorf("Model misuse poisoned the context: %v", c2.Err())
	}
}

func TestClosedContext(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	x := intc(c, "x")
	s := c.NewSolver(testTimeout)
	s.Assert(c.Eq(x, c.Int(1)))
	m := sat(t, s)
	c.Close()
	c.Close()
	c.Interrupt()
	if x.IsValid() || x.String() != "<invalid term>" || x.Sort().IsValid() {
		t.Errorf("term of closed context still valid")
	}
	if _, ok := x.Int64Value(); ok {
		t.Errorf("value of closed context")
	}
	if m.Eval(x).IsValid() || m.String() != "<invalid model>" || s.String() != "<invalid solver>" {
		t.Errorf("model/solver of closed context still usable")
	}
	if r, err := s.Check(); r != Unknown || err == nil {
		t.Errorf("Check on closed context = %v, %v", r, err)
	}
	if c.Int(1).IsValid() {
		t.Errorf("constructor on closed context")
	}
	if c.Err() != ErrClosed {
		t.Errorf("Err() = %v, want ErrClosed", c.Err())
	}
	s.Close()
	m.Close()
}
