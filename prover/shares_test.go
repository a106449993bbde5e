package prover

import (
	"math/rand"
	"testing"
	"time"

	"github.com/clauz3/clauz3/prover/z3"
)

// TestSharedKeyEncoding checks the linear encoding of "some member of A
// and some member of B have equal keys" against its definition, the
// disjunction over pairs: symbolically, no violation of the linear form
// has a shared pair; and on random concrete memberships and keys, the
// linear form is violable exactly when no pair shares a key.
func TestSharedKeyEncoding(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc}
	s := zc.NewSolver(10 * time.Second)
	defer s.Close()
	check := func(assertions ...z3.Term) z3.Result {
		t.Helper()
		s.Push()
		defer s.Pop(1)
		for _, a := range assertions {
			s.Assert(a)
		}
		r, err := s.Check()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	side := func(n int, in func(int) z3.Term, key func(int) z3.Term) ([]member, []value) {
		ms, ks := make([]member, n), make([]value, n)
		for i := range n {
			ms[i], ks[i] = member{fact: &fact{pos: pos(i)}, in: in(i)}, key(i)
		}
		return ms, ks
	}
	pairs := func(as, bs []member, ka, kb []value) z3.Term {
		or := []z3.Term{zc.False()}
		for i := range as {
			for j := range bs {
				or = append(or, zc.And(as[i].in, bs[j].in, zc.Eq(ka[i].(z3.Term), kb[j].(z3.Term))))
			}
		}
		return zc.Or(or...)
	}

	freshBool := func(int) z3.Term { return zc.FreshConst("in", zc.BoolSort()) }
	freshInt := func(int) z3.Term { return zc.FreshConst("k", zc.IntSort()) }
	as, ka := side(3, freshBool, freshInt)
	bs, kb := side(4, freshBool, freshInt)
	linear, err := x.sharedKey(pos(1), as, bs, ka, kb)
	if err != nil {
		t.Fatal(err)
	}
	if r := check(zc.Not(linear), pairs(as, bs, ka, kb)); r != z3.Unsat {
		t.Fatalf("a violation of the linear form has a shared pair (%v)", r)
	}

	r := rand.New(rand.NewSource(1))
	for round := range 100 {
		na, nb := r.Intn(4), r.Intn(4)
		in := func(int) z3.Term { return zc.Bool(r.Intn(3) > 0) }
		key := func(int) z3.Term { return zc.Int(int64(r.Intn(4))) }
		as, ka := side(na, in, key)
		bs, kb := side(nb, in, key)
		linear, err := x.sharedKey(pos(1), as, bs, ka, kb)
		if err != nil {
			t.Fatal(err)
		}
		shared := check(pairs(as, bs, ka, kb)) == z3.Sat
		violable := check(zc.Not(linear)) == z3.Sat
		if violable == shared {
			t.Fatalf("round %d: |A|=%d |B|=%d: shared %v but the linear form violable %v", round, na, nb, shared, violable)
		}
	}
}

// TestSharedKeyPairsFallback checks the pairs encoding used for keys that
// are not scalar terms (None here).
func TestSharedKeyPairsFallback(t *testing.T) {
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc}
	for _, tc := range []struct {
		inA, inB bool
		want     bool
	}{{true, true, true}, {true, false, false}, {false, true, false}} {
		as := []member{{fact: &fact{}, in: zc.Bool(tc.inA)}}
		bs := []member{{fact: &fact{}, in: zc.Bool(tc.inB)}}
		holds, err := x.sharedKey(pos(1), as, bs, []value{noneValue{}}, []value{noneValue{}})
		if err != nil {
			t.Fatal(err)
		}
		s := zc.NewSolver(time.Second)
		s.Assert(zc.Not(holds))
		res, err := s.Check()
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := res == z3.Unsat; got != tc.want {
			t.Errorf("in A %v, in B %v: holds %v, want %v", tc.inA, tc.inB, got, tc.want)
		}
	}
}
