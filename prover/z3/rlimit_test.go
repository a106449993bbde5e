package z3

import (
	"sync"
	"testing"
	"time"
)

// TestRlimit: a check stopped by the resource limit says so (Rlimit set,
// Z3's resource-limit reason), one stopped by the clock does not, and
// lifting the limit on the same solver decides the formula.
func TestRlimit(t *testing.T) {
	c := newCtx(t)
	s := c.NewSolverLimits(Limits{Timeout: time.Minute, Rlimit: 20000})
	s.Push()
	s.Assert(hardSum(c, 60))
	r, err := s.Check()
	ue := wantUnknown(t, r, err)
	if !ue.Rlimit || !ue.Limited || ue.Timeout || ue.Canceled {
		t.Fatalf("rlimit check = %+v, want Rlimit", ue)
	}
	s.SetLimits(Limits{Timeout: time.Minute})
	if r, err := s.Check(); r != Unsat {
		t.Fatalf("check without the rlimit = %v, %v; want unsat", r, err)
	}
	s.SetLimits(Limits{Timeout: 50 * time.Millisecond, Rlimit: 1 << 31})
	s.Pop(1)
	s.Assert(hardSum(c, 1000))
	r, err = s.Check()
	if ue := wantUnknown(t, r, err); ue.Rlimit {
		t.Fatalf("a check stopped by the clock reported the rlimit: %+v", ue)
	}
	// A limit stops the check: Z3_mk_solver's solver would not ask its
	// tactics either, and neither does Check.
	if n := c.Stats().Fallbacks; n != 0 {
		t.Fatalf("%d checks stopped by a limit were asked again", n)
	}
	// Small checks after a spent limit get the whole limit each.
	s.Reset()
	for i := range 50 {
		if r, err := check(t, s, c.Eq(intc(c, "q"), c.Int(int64(i)))); r != Sat {
			t.Fatalf("small check %d after the limit ran out: %v, %v", i, r, err)
		}
	}
}

// TestRlimitUnderLoad: the verdict under a resource limit does not depend
// on what else runs: the same formulas with the same limit give the same
// answers alone and with three copies checking in parallel.
func TestRlimitUnderLoad(t *testing.T) {
	run := func() []string {
		c, err := NewContext()
		if err != nil {
			t.Error(err)
			return nil
		}
		defer c.Close()
		s := c.NewSolverLimits(Limits{Timeout: 5 * time.Minute, Rlimit: 60000})
		var out []string
		for _, n := range []int{20, 40, 60, 80} {
			r, err := check(t, s, hardSum(c, n))
			out = append(out, r.String()+errString(err))
		}
		return out
	}
	alone := run()
	var wg sync.WaitGroup
	loaded := make([][]string, 3)
	for i := range loaded {
		wg.Add(1)
		go func() { defer wg.Done(); loaded[i] = run() }()
	}
	wg.Wait()
	t.Logf("alone: %v", alone)
	for i, got := range loaded {
		if len(got) != len(alone) {
			t.Fatalf("run %d: %v", i, got)
		}
		for j := range got {
			if got[j] != alone[j] {
				t.Errorf("run %d, formula %d: %s under load, %s alone", i, j, got[j], alone[j])
			}
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}
