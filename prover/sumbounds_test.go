package prover

import (
	"math/big"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// TestSumBounds checks that the bounds found for the terms of a sum are
// the tight ones Z3 can prove, that a copy of a call site escaping the
// first one's bounds gets its own (up to maxSearches per site), and that
// none is reported when the amount is unbounded.
func TestSumBounds(t *testing.T) {
	type fixture struct {
		ms      []member
		amounts []z3.Term
	}
	cases := []struct {
		name string
		// build returns the assumptions, members and amounts.
		build func(c *z3.Context) ([]z3.Term, fixture)
		want  []termBounds
	}{
		{
			name: "guarded loop copies share the guard's bounds",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				var f fixture
				for i := 0; i < 3; i++ {
					a := c.FreshConst("amount", c.IntSort())
					f.ms = append(f.ms, member{fact: &fact{pos: pos(9)}, in: c.And(c.Lt(c.Int(0), a), c.Le(a, c.Int(5)))})
					f.amounts = append(f.amounts, a)
				}
				return nil, f
			},
			want: []termBounds{{true, true, 0, 5}, {true, true, 0, 5}, {true, true, 0, 5}},
		},
		{
			name: "negative amounts widen the lower bound only",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a := c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Ge(a, c.Int(-7)), c.Le(a, c.Int(-2))}, fixture{
					ms: []member{{fact: &fact{pos: pos(3)}, in: c.True()}}, amounts: []z3.Term{a}}
			},
			want: []termBounds{{true, true, -7, 0}},
		},
		{
			name: "an unguarded amount has no bound",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a := c.FreshConst("amount", c.IntSort())
				return nil, fixture{ms: []member{{fact: &fact{pos: pos(3)}, in: c.True()}}, amounts: []z3.Term{a}}
			},
			want: []termBounds{{}},
		},
		{
			name: "a bound on one side only",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a := c.FreshConst("amount", c.IntSort())
				return nil, fixture{ms: []member{{fact: &fact{pos: pos(3)}, in: c.Gt(a, c.Int(1000))}}, amounts: []z3.Term{a}}
			},
			want: []termBounds{{hasLo: true, lo: 0}},
		},
		{
			name: "a copy outside the first one's bounds gets a search of its own",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a, b := c.FreshConst("amount", c.IntSort()), c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(c.Int(0), a), c.Le(a, c.Int(5)), c.Le(c.Int(0), b), c.Le(b, c.Int(6))}, fixture{
					ms:      []member{{fact: &fact{pos: pos(4)}, in: c.True()}, {fact: &fact{pos: pos(4)}, in: c.True()}},
					amounts: []z3.Term{a, b}}
			},
			want: []termBounds{{true, true, 0, 5}, {true, true, 0, 6}},
		},
		{
			name: "past maxSearches copies of one site, the rest get no bounds",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				var as []z3.Term
				var f fixture
				for i := range maxSearches + 2 {
					a := c.FreshConst("amount", c.IntSort())
					as = append(as, c.Le(c.Int(0), a), c.Le(a, c.Int(int64(i))))
					f.ms = append(f.ms, member{fact: &fact{pos: pos(4)}, in: c.True()})
					f.amounts = append(f.amounts, a)
				}
				return as, f
			},
			want: func() []termBounds {
				var out []termBounds
				for i := range maxSearches + 2 {
					if i < maxSearches {
						out = append(out, termBounds{true, true, 0, int64(i)})
					} else {
						out = append(out, termBounds{})
					}
				}
				return out
			}(),
		},
		{
			name: "call sites are bounded apart",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a, b := c.FreshConst("amount", c.IntSort()), c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(c.Int(0), a), c.Le(a, c.Int(5)), c.Le(c.Int(0), b), c.Le(b, c.Int(6))}, fixture{
					ms:      []member{{fact: &fact{pos: pos(4)}, in: c.True()}, {fact: &fact{pos: pos(5)}, in: c.True()}},
					amounts: []z3.Term{a, b}}
			},
			want: []termBounds{{true, true, 0, 5}, {true, true, 0, 6}},
		},
		{
			name: "a fact never in the relation is bounded by 0",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a := c.FreshConst("amount", c.IntSort())
				return nil, fixture{ms: []member{{fact: &fact{pos: pos(3)}, in: c.False()}}, amounts: []z3.Term{a}}
			},
			want: []termBounds{{true, true, 0, 0}},
		},
		{
			name: "a first copy never in the relation does not hide the next one's bounds",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a, b := c.FreshConst("amount", c.IntSort()), c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(c.Int(1), b), c.Le(b, c.Int(4))}, fixture{
					ms:      []member{{fact: &fact{pos: pos(4)}, in: c.False()}, {fact: &fact{pos: pos(4)}, in: c.True()}},
					amounts: []z3.Term{a, b}}
			},
			want: []termBounds{{true, true, 0, 0}, {true, true, 0, 4}},
		},
		{
			name: "a copy never in the relation is bounded by 0",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a, b := c.FreshConst("amount", c.IntSort()), c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(c.Int(1), a), c.Le(a, c.Int(4))}, fixture{
					ms:      []member{{fact: &fact{pos: pos(4)}, in: c.True()}, {fact: &fact{pos: pos(4)}, in: c.False()}},
					amounts: []z3.Term{a, b}}
			},
			want: []termBounds{{true, true, 0, 4}, {true, true, 0, 0}},
		},
		{
			name: "a looser copy gets its own tight bounds",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a, b := c.FreshConst("amount", c.IntSort()), c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(c.Int(0), a), c.Le(a, c.Int(20)), c.Le(c.Int(0), b), c.Le(b, c.Int(10))}, fixture{
					ms:      []member{{fact: &fact{pos: pos(4)}, in: c.True()}, {fact: &fact{pos: pos(4)}, in: c.True()}},
					amounts: []z3.Term{a, b}}
			},
			want: []termBounds{{true, true, 0, 20}, {true, true, 0, 10}},
		},
		{
			name: "a bound past the search limit counts as none",
			build: func(c *z3.Context) ([]z3.Term, fixture) {
				a := c.FreshConst("amount", c.IntSort())
				return []z3.Term{c.Le(a, c.BigInt(new(big.Int).Lsh(big.NewInt(1), 70)))}, fixture{
					ms: []member{{fact: &fact{pos: pos(3)}, in: c.Ge(a, c.Int(0))}}, amounts: []z3.Term{a}}
			},
			want: []termBounds{{hasLo: true, lo: 0}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			zc, err := z3.NewContext()
			if err != nil {
				t.Fatal(err)
			}
			defer zc.Close()
			x := &executor{ctx: zc, timeout: 10 * time.Second}
			assumptions, f := tc.build(zc)
			x.assumptions = assumptions
			got, err := x.sumBounds(f.ms, f.amounts, ir.Eq)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d bounds, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("term %d: got %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestExtremeGuessDirection checks the guess follows the comparison: the
// upper bounds against <= and <, the lower ones against >= and >, none
// for == and != or when a bound is missing.
func TestExtremeGuessDirection(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc}
	terms := []z3.Term{zc.FreshConst("t", zc.IntSort())}
	both := []termBounds{{true, true, -1, 4}}
	for _, tc := range []struct {
		op     ir.CmpOp
		bounds []termBounds
		want   int64 // the guessed value
		none   bool  // no guess expected
	}{
		{op: ir.LtE, bounds: both, want: 4}, {op: ir.Lt, bounds: both, want: 4},
		{op: ir.GtE, bounds: both, want: -1}, {op: ir.Gt, bounds: both, want: -1},
		{op: ir.Eq, bounds: both, none: true}, {op: ir.NotEq, bounds: both, none: true},
		{op: ir.LtE, bounds: []termBounds{{hasLo: true}}, none: true},
	} {
		gs := x.extremeGuesses(tc.op, terms, tc.bounds)
		if tc.none {
			if gs != nil {
				t.Errorf("%s: got a guess %v, want none", tc.op, gs)
			}
			continue
		}
		if len(gs) != 1 || len(gs[0]) != 1 {
			t.Fatalf("%s: got guesses %v, want one of one term", tc.op, gs)
		}
		s := zc.NewSolver(time.Second)
		s.Assert(gs[0][0])
		if r, err := s.Check(); r != z3.Sat || err != nil {
			t.Fatalf("%s: %v %v", tc.op, r, err)
		}
		m, _ := s.Model()
		if got, ok := m.Eval(terms[0]).Int64Value(); !ok || got != tc.want {
			t.Errorf("%s: guessed %d, want %d", tc.op, got, tc.want)
		}
		s.Close()
	}
}
