package prover

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Accumulators and counters (issue 17). A loop that keeps a running total
// under a cap,
//
//	spent = 0
//	for bill in bills_due():
//	    if spent + bill.amount <= 5000:
//	        pay_bill(bill.payee, bill.amount)
//	        spent += bill.amount
//
// is unrolled like any other loop, but the sum of its facts against the
// cap is a problem Z3 does not decide from 20 copies on: every copy's guard
// reads the total of all the copies before it. So before a sum or count
// guarantee (`<=` or `<` a limit) is decided, the prover looks for an
// inductive invariant of each loop that holds the guarantee's facts,
//
//	P == v - v0  and  S + P <op> n
//
// where P is the total of the guarantee's terms (the amounts, or 1 per
// fact for a count) of the facts the loop made so far, v the value of an
// int local at the iteration boundary and v0 its value before the loop,
// S the total of the facts made before the loop, and <op> n the
// guarantee's own comparison. P == v0 - v (a count down) and the weaker
// P <= v - v0, P <= v0 - v (a local that grows at least as fast as the
// total) are tried too. The invariant holds before the loop when S <op> n
// does (one check with every assumption), and it is preserved by an
// iteration when one generic iteration preserves it: the iteration's
// definitions with the state it starts from (every local, the raised and
// returned flags, the loop's break flag) replaced by fresh constants
// (z3.Substitute), so the check says nothing about the iterations before
// it beyond the invariant. Replacing a term by a fresh constant only
// admits more models, so an unsat answer for each iteration is a proof.
// The invariant after the last iteration is then added to the goal's
// definitions as a lemma, which settles the guarantee when no fact comes
// after the loop.
//
// Nothing is lost when no invariant is found (the shape differs, a step
// check is sat, unknown or out of its resource share): the goal is decided
// on the unrolled encoding as before, and a counterexample always comes
// from there, so it is a real trace that replays.

// loopRecord is one run of an unrolled loop, for the search above.
type loopRecord struct {
	iters []iterRecord
}

// iterRecord is one iteration: the facts and assumptions it added (index
// ranges of x.facts and x.assumptions), and the state it started from and
// ended with.
type iterRecord struct {
	factStart, factEnd     int
	assumeStart, assumeEnd int
	// alive, returned and broken are x.alive, the frame's returned
	// flag and the loop's break flag when the iteration started.
	alive, returned, broken z3.Term
	// before and after are the frame's locals holding terms, by index.
	before, after map[int]z3.Term
	// exists is the condition that the iteration's element exists (the
	// list is longer than its index), the one term of an iteration
	// that reads the index (symmetry.go).
	exists z3.Term
}

// contiguous reports whether every fact the loop made is in one of its
// iterations: the step checks see only those, and the lemma sums every
// fact from the first iteration's to the last one's.
func contiguous(rec *loopRecord) bool {
	for k := 1; k < len(rec.iters); k++ {
		if rec.iters[k].factStart != rec.iters[k-1].factEnd {
			return false
		}
	}
	return true
}

// maxAccumChecks bounds the step checks one goal spends looking for
// invariants.
const maxAccumChecks = 20000

// termLocals are the locals of fr holding a term, as reads see them now.
func (x *executor) termLocals(fr *frame, skip *ir.Local) map[int]z3.Term {
	out := map[int]z3.Term{}
	for i, sl := range fr.slots {
		if skip != nil && i == skip.Index {
			continue
		}
		if t, ok := x.eff(sl).val.(z3.Term); ok && t.IsValid() {
			out[i] = t
		}
	}
	return out
}

// literal reports whether t is a Bool or an integer literal: a
// substitution must not replace it, since it stands for no state.
func literal(t z3.Term) bool {
	if _, ok := t.BoolValue(); ok {
		return true
	}
	_, ok := t.Int64Value()
	return ok
}

// accumInvariant is a candidate invariant: local idx of the frame, with P
// compared to v - v0 (sign 1) or v0 - v (sign -1) by == (eq) or <=.
type accumInvariant struct {
	idx  int
	sign int
	eq   bool
}

// accumLemmas looks for the invariants of every recorded loop over the
// goal's members (ms, each with its term and the definitions of that term)
// and returns the invariants after each loop that were proved, and
// whether the last loop with members is followed by none (then the last
// lemma implies the goal). It is only ever a help: every answer but a
// proof drops the candidate.
func (x *executor) accumLemmas(ms []member, terms []z3.Term, termDefs [][]z3.Term, op ir.CmpOp, n z3.Term) ([]z3.Term, bool, error) {
	if op != ir.LtE && op != ir.Lt || len(x.loopRecs) == 0 || len(ms) == 0 {
		return nil, false, nil
	}
	ctx := x.ctx
	factIndex := make(map[*fact]int, len(x.facts))
	for i, f := range x.facts {
		factIndex[f] = i
	}
	cmp := func(total z3.Term) z3.Term {
		if op == ir.Lt {
			return ctx.Lt(total, n)
		}
		return ctx.Le(total, n)
	}
	sum := func(ts []z3.Term) z3.Term {
		return ctx.Add(append([]z3.Term{ctx.Int(0)}, ts...)...)
	}
	var lemmas []z3.Term
	covered := false
	var s *z3.Solver
	defer func() {
		if s != nil {
			s.Close()
		}
	}()
	checks := 0
	for _, rec := range x.loopRecs {
		if !contiguous(rec) {
			continue
		}
		first, last := rec.iters[0].factStart, rec.iters[len(rec.iters)-1].factEnd
		// The members before, in and after the loop, and per iteration.
		var pre, in, post []int
		perIter := make([][]int, len(rec.iters))
		for i, m := range ms {
			fi := factIndex[m.fact]
			switch {
			case fi < first:
				pre = append(pre, i)
			case fi >= last:
				post = append(post, i)
			default:
				in = append(in, i)
				for k, it := range rec.iters {
					if fi >= it.factStart && fi < it.factEnd {
						perIter[k] = append(perIter[k], i)
					}
				}
			}
		}
		if len(in) == 0 {
			continue
		}
		pick := func(idx []int) []z3.Term {
			out := make([]z3.Term, len(idx))
			for j, i := range idx {
				out[j] = terms[i]
			}
			return out
		}
		preTotal := sum(pick(pre))
		// The base case: S <op> n with every assumption, the terms'
		// definitions and the lemmas of the loops before.
		// Simplified first: with no member before the loop it is
		// 0 <op> n, decided here rather than by the first check on the
		// proof's solver, which takes in the whole encoding (seconds
		// for a loop of 1000 iterations whose guards read the total).
		base := ctx.Simplify(cmp(preTotal))
		if v, known := base.BoolValue(); known {
			if !v {
				continue
			}
		} else {
			b := x.base()
			b.Push()
			for _, i := range pre {
				for _, d := range termDefs[i] {
					b.Assert(d)
				}
			}
			for _, l := range lemmas {
				b.Assert(l)
			}
			b.Assert(ctx.Not(base))
			r, err := b.Check()
			b.Pop(1)
			checks++
			if err = tolerateUnknown(err); err != nil {
				return nil, false, err
			}
			if r != z3.Unsat {
				continue
			}
		}
		if s == nil {
			s = ctx.NewSolverLimits(x.share(searchShare))
		}
		// What holds before the loop, for the total before it: every
		// assumption made so far and the definitions of its terms
		// (none of it reads the havocked state, so all of it still
		// holds of the real run).
		s.Push()
		held := append([]z3.Term{}, x.assumptions[:rec.iters[0].assumeStart]...)
		for _, i := range pre {
			held = append(held, termDefs[i]...)
		}
		held = append(held, lemmas...)
		for _, t := range held {
			s.Assert(t)
		}
		sym := x.newSymmetry(held)
		inv, ok, err := x.findInvariant(s, sym, rec, perIter, terms, termDefs, preTotal, cmp, &checks)
		s.Pop(1)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		v0 := rec.iters[0].before[inv.idx]
		vN := rec.iters[len(rec.iters)-1].after[inv.idx]
		lemmas = append(lemmas, x.invariant(inv, preTotal, sum(pick(in)), vN, v0, cmp))
		covered = len(post) == 0
	}
	return lemmas, covered, nil
}

// invariant is the candidate inv over the total before the loop s, the
// loop's total so far p, the local's value v and its value before the
// loop v0.
func (x *executor) invariant(inv accumInvariant, s, p, v, v0 z3.Term, cmp func(z3.Term) z3.Term) z3.Term {
	ctx := x.ctx
	d := ctx.Sub(v, v0)
	if inv.sign < 0 {
		d = ctx.Sub(v0, v)
	}
	rel := ctx.Le(p, d)
	if inv.eq {
		rel = ctx.Eq(p, d)
	}
	return ctx.And(rel, cmp(ctx.Add(s, p)))
}

// findInvariant tries the candidates of every int local the loop changes
// and returns the first one every iteration preserves.
func (x *executor) findInvariant(s *z3.Solver, sym *symmetry, rec *loopRecord, perIter [][]int, terms []z3.Term, termDefs [][]z3.Term, preTotal z3.Term, cmp func(z3.Term) z3.Term, checks *int) (accumInvariant, bool, error) {
	ctx := x.ctx
	first := rec.iters[0]
	changed := changedLocals(rec)
	var cands []accumInvariant
	for idx, v0 := range first.before {
		if v0.Sort().Kind() != ctx.IntSort().Kind() || !changed[idx] {
			continue
		}
		// The induction needs each iteration to start from the value
		// the one before ended with.
		everywhere := true
		for k, it := range rec.iters {
			_, okA := it.after[idx]
			b, okB := it.before[idx]
			everywhere = everywhere && okA && okB
			if k > 0 && everywhere {
				everywhere = b == rec.iters[k-1].after[idx]
			}
		}
		if !everywhere {
			continue
		}
		for _, eq := range []bool{true, false} {
			for _, sign := range []int{1, -1} {
				cands = append(cands, accumInvariant{idx: idx, sign: sign, eq: eq})
			}
		}
	}
	for _, c := range cands {
		ok, err := x.preserved(s, sym, rec, perIter, terms, termDefs, preTotal, cmp, c, changed, checks)
		if err != nil || ok {
			return c, ok, err
		}
	}
	return accumInvariant{}, false, nil
}

// preserved checks that every iteration of rec preserves candidate c,
// each from a havocked state that satisfies it. The checks of
// iterations that differ only in names are answered once (sym,
// symmetry.go).
func (x *executor) preserved(s *z3.Solver, sym *symmetry, rec *loopRecord, perIter [][]int, terms []z3.Term, termDefs [][]z3.Term, sPre z3.Term, cmp func(z3.Term) z3.Term, c accumInvariant, changed map[int]bool, checks *int) (bool, error) {
	ctx := x.ctx
	v0 := rec.iters[0].before[c.idx]
	// Whether the over-approximation serves is the candidate's own
	// matter: a wrong candidate's failure says nothing of the next.
	sym.noGeneral = false
	check := func(conj []z3.Term) (bool, error) {
		if *checks >= maxAccumChecks {
			return false, nil
		}
		*checks++
		s.Push()
		for _, t := range conj {
			s.Assert(t)
		}
		r, err := s.Check()
		s.Pop(1)
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if err = tolerateUnknown(err); err != nil {
			return false, err
		}
		return r == z3.Unsat, nil
	}
	for k, it := range rec.iters {
		// The state the iteration starts from, each piece a fresh
		// constant.
		from, to, h := x.havocIteration(it, changed, c.idx)
		sub := func(t z3.Term) z3.Term { return ctx.Substitute(t, from, to) }
		p := ctx.FreshConst("sofar", ctx.IntSort())
		step := []z3.Term{p}
		var conj []z3.Term
		for _, a := range x.assumptions[it.assumeStart:it.assumeEnd] {
			conj = append(conj, sub(a))
		}
		for _, i := range perIter[k] {
			for _, d := range termDefs[i] {
				conj = append(conj, sub(d))
			}
			step = append(step, sub(terms[i]))
		}
		conj = append(conj, x.invariant(c, sPre, p, h, v0, cmp))
		conj = append(conj, ctx.Not(x.invariant(c, sPre, ctx.Add(step...), sub(it.after[c.idx]), v0, cmp)))
		ok, err := sym.unsat(it, conj, check)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// prefixGuesses are guesses at a violation of a sum or count over loop
// facts made by the first few iterations of every loop only (the members
// of the later ones out of the relation): a running total that breaks
// its cap usually does so within a handful of bills, and on the unrolled
// encoding of a thousand Z3 takes minutes to find them. Like every guess
// (goal.guesses) a model found under one is a counterexample of the
// full encoding, and any other answer is dropped.
func (x *executor) prefixGuesses(ms []member) [][]z3.Term {
	if len(x.loopRecs) == 0 || len(ms) == 0 {
		return nil
	}
	factIndex := make(map[*fact]int, len(x.facts))
	for i, f := range x.facts {
		factIndex[f] = i
	}
	var out [][]z3.Term
	for _, k := range []int{2, 8} {
		var guess []z3.Term
		for _, rec := range x.loopRecs {
			if len(rec.iters) <= k {
				continue
			}
			from, to := rec.iters[k].factStart, rec.iters[len(rec.iters)-1].factEnd
			for _, m := range ms {
				if fi := factIndex[m.fact]; fi >= from && fi < to {
					guess = append(guess, x.ctx.Not(m.in))
				}
			}
		}
		if len(guess) > 0 {
			out = append(out, guess)
		}
	}
	return out
}

// changedLocals are the locals some iteration of rec changes: the state
// an iteration starts from. The others hold the same term in every
// iteration and stay as they are (a cap read from an input must stay the
// guarantee's own).
func changedLocals(rec *loopRecord) map[int]bool {
	changed := map[int]bool{}
	for _, it := range rec.iters {
		for idx, b := range it.before {
			if a, ok := it.after[idx]; !ok || a != b {
				changed[idx] = true
			}
		}
	}
	return changed
}

// havocIteration is the substitution that replaces the state iteration
// it starts from (the changed locals, the raised, returned and break
// flags) by fresh constants, and the fresh constant of local idx (or the
// local's literal value) when idx >= 0.
func (x *executor) havocIteration(it iterRecord, changed map[int]bool, idx int) (from, to []z3.Term, h z3.Term) {
	havoc := func(t z3.Term, name string) z3.Term {
		if literal(t) {
			return t
		}
		for i, f := range from {
			if f == t {
				return to[i]
			}
		}
		fresh := x.ctx.FreshConst(name, t.Sort())
		from, to = append(from, t), append(to, fresh)
		return fresh
	}
	if idx >= 0 {
		h = havoc(it.before[idx], "accum")
	}
	for i, t := range it.before {
		if changed[i] {
			havoc(t, "state")
		}
	}
	for _, t := range []z3.Term{it.alive, it.returned, it.broken} {
		if t.IsValid() {
			havoc(t, "flag")
		}
	}
	return from, to, h
}

// iterLoc is the iteration of a loop run a fact was made in.
type iterLoc struct {
	rec *loopRecord
	k   int
}

// iterationOf finds the innermost recorded iteration that made the fact
// at index fi of x.facts.
func (x *executor) iterationOf(fi int) *iterLoc {
	var out *iterLoc
	for _, rec := range x.loopRecs {
		for k, it := range rec.iters {
			if fi >= it.factStart && fi < it.factEnd {
				out = &iterLoc{rec: rec, k: k}
			}
		}
	}
	return out
}

// localChecks rules out violations inside a loop's iteration on that
// iteration alone: what held before the loop, the iteration's own
// assumptions and the violation, with the state the iteration starts
// from havocked as for the invariants above. Replacing terms by fresh
// constants and dropping assumptions only admits more models, so unsat
// there is unsat on the full encoding; any other answer says nothing. A
// precondition whose clause does not depend on earlier iterations (a
// row's amount is positive) was checked one copy at a time on the full
// encoding, a second per copy when every copy's guard reads a running
// total; here each check is the size of one iteration, and the copies'
// checks that differ only in names reach Z3 once (symmetry.go):
// `"@" in row.email + ".evil.com"` given `"@" in row.email` took Z3 0.04
// to 9 s per row, and it gave up on the seventh of 100 rows after 17 s.
type localChecks struct {
	x     *executor
	loops map[*loopRecord]*localLoop
}

// localLoop is what localChecks keeps per loop: a solver holding what
// held before the loop, the locals the loop changes, and the cache of
// checks alike.
type localLoop struct {
	s       *z3.Solver
	changed map[int]bool
	sym     *symmetry
}

func (x *executor) newLocalChecks() *localChecks {
	return &localChecks{x: x, loops: map[*loopRecord]*localLoop{}}
}

func (lc *localChecks) close() {
	for _, l := range lc.loops {
		l.s.Close()
	}
}

// unsat reports whether violation v (its conjuncts) is ruled out on the
// iteration at loc alone; an error is the context's.
func (lc *localChecks) unsat(loc *iterLoc, v []z3.Term) (bool, error) {
	x := lc.x
	l, ok := lc.loops[loc.rec]
	if !ok {
		held := x.assumptions[:loc.rec.iters[0].assumeStart]
		l = &localLoop{s: x.ctx.NewSolverLimits(x.share(searchShare)), changed: changedLocals(loc.rec), sym: x.newSymmetry(held)}
		for _, a := range held {
			l.s.Assert(a)
		}
		lc.loops[loc.rec] = l
	}
	it := loc.rec.iters[loc.k]
	from, to, _ := x.havocIteration(it, l.changed, -1)
	var conj []z3.Term
	for _, a := range x.assumptions[it.assumeStart:it.assumeEnd] {
		conj = append(conj, x.ctx.Substitute(a, from, to))
	}
	for _, t := range v {
		conj = append(conj, x.ctx.Substitute(t, from, to))
	}
	return l.sym.unsat(it, conj, func(ts []z3.Term) (bool, error) {
		l.s.Push()
		defer l.s.Pop(1)
		for _, t := range ts {
			l.s.Assert(t)
		}
		r, err := l.s.Check()
		if cerr := x.ctx.Err(); cerr != nil {
			return false, cerr
		}
		return r == z3.Unsat, tolerateUnknown(err)
	})
}

// carriesInts reports whether some loop that made one of ms changes an int
// local from one iteration to the next: a running total or a counter,
// whose copies' guards read every copy before them. The bound search of a
// sum's terms (sumbounds.go) then costs minutes at 100 copies; without
// an invariant the goal goes straight to its guesses and the full check.
func (x *executor) carriesInts(ms []member) bool {
	factIndex := make(map[*fact]int, len(x.facts))
	for i, f := range x.facts {
		factIndex[f] = i
	}
	for _, rec := range x.loopRecs {
		first, last := rec.iters[0].factStart, rec.iters[len(rec.iters)-1].factEnd
		in := false
		for _, m := range ms {
			if fi := factIndex[m.fact]; fi >= first && fi < last {
				in = true
				break
			}
		}
		if !in {
			continue
		}
		for idx := range changedLocals(rec) {
			if t, ok := rec.iters[0].before[idx]; ok && t.Sort().Kind() == x.ctx.IntSort().Kind() {
				return true
			}
		}
	}
	return false
}
