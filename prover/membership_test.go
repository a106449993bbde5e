package prover

import (
	"fmt"
	"testing"
	"time"

	"github.com/clauz3/clauz3/prover/z3"
)

// rowsWithAt builds, on a fresh executor, what a loop over a query's
// rows assumes of them: n rows whose email contains "@" (a membership),
// guarded by the result's length, as db_query's postcondition gives.
func rowsWithAt(t *testing.T, n int) (*executor, z3.Term, []z3.Term) {
	t.Helper()
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(zc.Close)
	// The resource limit decides, not the wall clock: a loaded machine
	// made the 2 s timeout this test had give up where an idle one did not.
	x := &executor{ctx: zc, timeout: time.Minute, rlimit: DefaultRlimit}
	length := zc.Const("len", zc.IntSort())
	x.assumptions = append(x.assumptions, zc.Ge(length, zc.Int(0)), zc.Le(length, zc.Int(int64(n))))
	emails := make([]z3.Term, n)
	for i := range emails {
		emails[i] = zc.Const(fmt.Sprintf("row[%d].email", i), zc.StringSort())
		at := x.member(zc.String("@"), emails[i])
		x.assumptions = append(x.assumptions, zc.Implies(zc.Lt(zc.Int(int64(i)), length), at))
	}
	return x, length, emails
}

// TestRelevantLemmas checks which memberships' lemmas a goal gets: those
// whose symbols the goal reaches through assumptions, and no other.
func TestRelevantLemmas(t *testing.T) {
	x, length, emails := rowsWithAt(t, 3)
	c := x.ctx
	other := c.Const("other", c.IntSort())
	loose := c.Const("loose", c.StringSort())
	inGoal := x.member(c.String("x"), loose) // occurs in no assumption
	tests := []struct {
		name string
		goal []z3.Term
		want int
	}{
		{"a constant goal", []z3.Term{c.True()}, 0},
		{"a goal over an unrelated variable", []z3.Term{c.Eq(other, c.Int(3))}, 0},
		{"a goal over one row's email reaches every row through the length", []z3.Term{c.Eq(emails[1], c.String("a@b"))}, 3},
		{"a goal over the length", []z3.Term{c.Gt(length, c.Int(1))}, 3},
		{"a membership of the goal itself", []z3.Term{c.Not(inGoal)}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := x.relevantLemmas(tt.goal); len(got) != tt.want {
				t.Errorf("%d lemmas, want %d: %v", len(got), tt.want, got)
			}
			if err := c.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestViolateSkipsIrrelevantLemmas is the shape of
// corpus/migration/newsletter's only_where_*_fail plans: a goal about a
// constant (the query's filter) violated outright, beside 100 rows whose
// email contains "@". With every membership's lemma Z3 4.8.12 spent the
// whole wall clock (10-40 s) and gave up before the plain encoding found
// the counterexample; violate must decide it in its first check.
func TestViolateSkipsIrrelevantLemmas(t *testing.T) {
	x, _, _ := rowsWithAt(t, 100)
	c := x.ctx
	other := c.Const("other", c.IntSort())
	for _, g := range []goal{
		{holds: c.False()},
		{holds: c.Eq(other, c.Int(3))},
	} {
		before := c.Stats().Checks
		r, s, err := x.violate(g)
		x.release(s)
		if err != nil || r != z3.Sat {
			t.Fatalf("violate(%v) = %v, %v; want sat", g.holds, r, err)
		}
		if n := c.Stats().Checks - before; n != 1 {
			t.Errorf("violate(%v) took %d checks, want 1", g.holds, n)
		}
	}
}
