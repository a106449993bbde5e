package prover

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// maxUnroll bounds the iterations of one unrolled loop and maxInline the
// depth of inlined helper calls; past either the plan is refused.
const (
	maxUnroll = 10000
	maxInline = 64
)

// executor runs the target symbolically and collects what the obligations
// need: effect facts, precondition sites, assumptions and free inputs.
type executor struct {
	ctx   *z3.Context
	prog  *ir.Program
	alive z3.Term // no exception has been raised so far
	// raised lists the conjuncts of alive in the order raiseUnless
	// added them.
	raised []z3.Term
	// stmtRaised is len(raised) when the innermost running statement
	// started: the raises its expressions added since then are the
	// operands evaluated before the current one (left to right) that may
	// have cut the trace short, and every effect call conjoins them.
	stmtRaised int

	// scopes are the active block instances, innermost last; lastScope
	// numbers them.
	scopes    []int
	lastScope int

	facts       []*fact
	sites       []*precondition
	checks      []*check
	branches    []branch
	assumptions []z3.Term
	inputs      []input
	depth       int
	// callSite names the helper calls being executed, outermost first
	// (their positions), "" in the target's own body. Facts keep it: the
	// copies of one effect call made through different helper calls
	// (settle(batch, 20) and settle(batch, 10)) are bounded apart in a
	// sum (sumBounds).
	callSite string
	// cut, when valid, is the seq of the call whose failure ends the run
	// (an Int constant): a guarantee's goal built while it is set reads
	// only the facts up to it (inTrace). See failedCallGoal.
	cut z3.Term

	// columns maps the fresh term of a row field to its column.
	columns map[string]column
	// uniqueness holds the __unique__ constraints of query results,
	// assumed by distinct claims only.
	uniqueness []z3.Term
	// injections are the functions uniqueness defines (injectiveKeys).
	injections []injection
	// uniqueRetry are the same columns, for a goal decided again
	// because its model repeated a unique column (uniqueRetryTerms).
	uniqueRetry []uniqueColumn
	// generic lists the generic iterations of loops over unbounded
	// results.
	generic []genericGroup
	// rowLists are the list[Row] results of queries, in call order.
	rowLists []*seqValue
	// timeout bounds each solver check on the wall clock, rlimit in Z3's
	// units of work (limits.go).
	timeout time.Duration
	rlimit  uint64
	// planCtx ends when the proof's deadline (of length deadline) passes
	// or runCtx ends; its end cancels every check.
	planCtx  context.Context
	deadline time.Duration
	// shared is the proof's one solver (x.base): the assumptions are
	// asserted on it once, at scope 0, and every check that needs them
	// runs in a scope of its own. Measured on Z3 4.8.12, a fresh solver
	// costs 7 ms before its first check, more than most checks here.
	shared *z3.Solver
	// sharedAsserted is how many of assumptions shared holds.
	sharedAsserted int
	// fullUses counts the calls of base (Cost.Full).
	fullUses int
	// quick and quickAsserted are the same for the joint checks, with a
	// short resource limit (quickBase).
	quick         *z3.Solver
	quickAsserted int
	// runCtx is Prove's context, for replays.
	runCtx context.Context
	// stopAtFailedRequires makes a call whose requires clause fails end
	// the run before the effect, as the runtime does, instead of letting
	// it and what follows into the trace. It is exact but slows Z3's
	// string solver down, so Prove encodes with it only to decide again
	// an obligation whose counterexample did not replay, as when the run
	// stopped at an earlier failed precondition (decideExactly).
	stopAtFailedRequires bool
	// resultCap, when positive, gives every bounded list result of an
	// effect at most resultCap elements: an encoding of the plan's runs
	// over short results only, which can find counterexamples (each one
	// replayed like any other) and never proves anything (decidePrefix).
	resultCap int
	// memberships are the `a in s` atoms over strings (membership.go).
	memberships []membership
	// links joins the symbols that occur together in an assumption
	// (membership.go, relevantLemmas); linked is how many assumptions
	// it has joined so far.
	links  map[uint32]uint32
	linked int

	// Provenance of values (provenance.go): where each row column term
	// came from, the if-then-else terms merges built, and what column
	// references need for counterexamples.
	origins     map[z3.Term]*origin
	originList  []*origin
	choices     map[z3.Term]choice
	columnNotes []columnNote
	// pendingRows are per-row postconditions not assumed yet: a row's
	// are assumed when the plan first reads one of its fields
	// (lazyrows.go).
	pendingRows map[*rowValue][]pendingRow
	// pendingInt64 are the int64 ranges of row columns the plan has not
	// read yet, by row and field index (lazyrows.go).
	pendingInt64 map[*rowValue]map[int]z3.Term
	// planConds are the evaluations of the plan's own conditions
	// (plancond.go).
	planConds []*planCondition
	// monitorRows, set when the executor monitors a concrete trace, holds
	// the rows its queries returned.
	monitorRows *monitorRows
	// monitorSolveOnly makes monitor decide every trace with a solver,
	// never by folding (the reference of the monitor's tests), and
	// monitorSolved, when set, counts the traces it sent to a solver.
	monitorSolveOnly bool
	monitorSolved    *int
	// budget is what the encoding has spent (budget.go).
	budget budget
	// targetRequires is the range [start, end) of assumptions that are
	// the target's own precondition, which Execute decides rather than
	// assumes.
	targetRequires [2]int
	// resultAssumed are the indices of the assumptions that are an
	// effect's postcondition on its result (its ensures, a length
	// bound), which Execute decides rather than assumes: every engine
	// checks them when the result arrives.
	resultAssumed []int
	// loopRecs are the runs of unrolled loops, iteration by iteration,
	// for the invariants of accumulators (accum.go).
	loopRecs []*loopRecord
}

// check is an assert or a raise the plan wrote: an obligation of the
// plan, never an assumption. An assert must hold and a raise must be
// unreachable wherever execution reaches it.
type check struct {
	pos     ir.Pos
	what    string // "assert" or "raise ValueError"
	reached z3.Term
	holds   z3.Term
}

// fact is one trusted call in the trace.
type fact struct {
	effect *ir.Effect
	args   []value
	// attempted is the guard of the call; reached is when the effect
	// runs, which under stopAtFailedRequires adds its requires clauses:
	// a call whose precondition fails stops the run before the effect
	// (the runtime checks it first), so it is not in the trace, and
	// neither is anything after it.
	attempted z3.Term
	reached   z3.Term
	// requires are the effect's requires clauses over the arguments:
	// where one is false the run stops at this call (a counterexample's
	// trace ends here). Kept apart rather than conjoined: Z3 orders
	// some terms by creation, so a new term can change the models of
	// every check, and these are only read off models.
	requires []z3.Term
	pos      ir.Pos
	// callSite is the executor's callSite when the call was made.
	callSite string
	// seq is the fact's index in x.facts: its place in the trace of any
	// run that reaches it (facts are recorded in execution order, and
	// facts on different paths never share a run).
	seq    int
	result value
	label  string // the plan's name for the result, when assigned to one
}

// branch is one evaluation of an if's condition, for the path a
// counterexample takes.
type branch struct {
	pos     ir.Pos
	reached z3.Term
	cond    z3.Term
}

// precondition is one requires clause at one call site.
type precondition struct {
	fact *fact
	cond *ir.Condition
	// attempted is when the clause is checked: the call's guard and,
	// under stopAtFailedRequires, the clauses before it, which the
	// runtime checks first (a failed one ends the run there).
	attempted z3.Term
	// holds is the clause over the call's arguments.
	holds z3.Term
}

// input is a free input of the target (one of its parameters).
type input struct {
	name string
	typ  ir.Type
	term z3.Term
}

// scope resolves the locals an expression reads.
type scope interface {
	read(l *ir.Local) (slot, bool)
}

// lambdaScope binds a lambda's parameters (and a contract's parameters) to
// values, and fact parameters to the facts FactField reads.
type lambdaScope struct {
	vals  map[*ir.Local]value
	facts map[*ir.Local]*fact
}

func (sc *lambdaScope) read(l *ir.Local) (slot, bool) {
	v, ok := sc.vals[l]
	return slot{val: v}, ok
}

// frame is one activation of a plan function.
type frame struct {
	fn       *ir.Func
	outer    *frame // for a nested function: the frame of fn.Outer it runs inside
	slots    []slot
	ret      value
	returned z3.Term
	loops    []*loopState // the loops running in this frame, innermost last
}

// loopState holds the flags of one running loop: broken once a break ran
// (on the guard it ran under), continued once a continue ran in the
// current iteration.
type loopState struct {
	broken, continued z3.Term
}

// slot is a local's value and the condition under which it is assigned.
//
// val is the value on every path (merged with what the local held before
// on paths where the assignment did not run). exact is the value just
// assigned, and scope the block instance (an arm of an if, an iteration
// of a loop, a call) that assigned it: every later statement of that
// block runs under a guard that implies the assignment's, so while the
// block is active a read sees exact. That keeps each iteration's terms
// about its own values instead of if-then-else chains over all earlier
// iterations, which Z3's string solver cannot cope with.
type slot struct {
	val     value
	defined z3.Term
	exact   value
	scope   int
}

// enter opens a block instance and returns the function that closes it.
func (x *executor) enter() func() {
	x.lastScope++
	x.scopes = append(x.scopes, x.lastScope)
	return func() { x.scopes = x.scopes[:len(x.scopes)-1] }
}

// eff is the value a read sees now: exact while its block is active.
func (x *executor) eff(sl slot) slot {
	if sl.exact != nil && slices.Contains(x.scopes, sl.scope) {
		return slot{val: sl.exact, defined: x.ctx.True()}
	}
	return slot{val: sl.val, defined: sl.defined}
}

// set stores a value assigned on the current block's guard.
func (x *executor) set(fr *frame, l *ir.Local, val value, defined z3.Term, exact value) {
	fr.slots[l.Index] = slot{val: val, defined: defined, exact: exact, scope: x.scopes[len(x.scopes)-1]}
}

func (x *executor) run(target *ir.Func) error {
	x.alive = x.ctx.True()
	defer x.enter()()
	fr := x.newFrame(target)
	for _, p := range target.Params {
		sort, err := x.sortOf(p.Pos, p.Type)
		if err != nil {
			return err
		}
		t := x.ctx.Const(p.Name, sort)
		if ir.IsBasic(p.Type, ir.KindInt) {
			x.assumeInt64(t)
		}
		x.inputs = append(x.inputs, input{name: p.Name, typ: p.Type, term: t})
		fr.slots[p.Index] = slot{val: t, defined: x.ctx.True()}
	}
	args := make([]value, len(target.Params))
	for i, in := range x.inputs {
		args[i] = in.term
	}
	if err := x.assumeTargetRequires(target, args); err != nil {
		return err
	}
	if err := x.stmts(fr, target.Body, x.ctx.True()); err != nil {
		return err
	}
	if len(target.Ensures) == 0 {
		return nil
	}
	var ret value = noneValue{}
	if fr.ret != nil {
		ret = fr.ret
	}
	return x.ensuresAtReturn(target.Pos, target, ret, x.ctx.True())
}

func (fr *frame) read(l *ir.Local) (slot, bool) {
	if o := fr.owner(l); o != nil {
		return o.slots[l.Index], true
	}
	return slot{}, false
}

// readLocal is what a LocalRef sees in sc.
func (x *executor) readLocal(sc scope, l *ir.Local) (slot, bool) {
	sl, ok := sc.read(l)
	if _, isFrame := sc.(*frame); isFrame && ok {
		sl = x.eff(sl)
	}
	return sl, ok
}

// owner is the frame among fr and its enclosing frames that holds l, or
// nil.
func (fr *frame) owner(l *ir.Local) *frame {
	for ; fr != nil; fr = fr.outer {
		if l.Index >= 0 && l.Index < len(fr.fn.Locals) && fr.fn.Locals[l.Index] == l {
			return fr
		}
	}
	return nil
}

func (x *executor) newFrame(fn *ir.Func) *frame {
	fr := &frame{fn: fn, slots: make([]slot, len(fn.Locals)), returned: x.ctx.False()}
	for i := range fr.slots {
		fr.slots[i].defined = x.ctx.False()
	}
	return fr
}

// guard is the condition under which the next statement of fr runs, given
// the path condition path.
func (x *executor) guard(fr *frame, path z3.Term) z3.Term {
	conj := []z3.Term{path, x.ctx.Not(fr.returned), x.alive}
	for _, l := range fr.loops {
		conj = append(conj, x.ctx.Not(l.broken), x.ctx.Not(l.continued))
	}
	return x.ctx.And(conj...)
}

// raiseUnless records that the plan raises, on the current guard, unless ok.
func (x *executor) raiseUnless(g, ok z3.Term) {
	if ok == x.ctx.True() { // Z3 shares terms: nothing can raise here
		return
	}
	t := x.ctx.Implies(g, ok)
	x.alive = x.ctx.And(x.alive, t)
	x.raised = append(x.raised, t)
}

// raiseUnlessAssigned is raiseUnless for reading a local, which raises
// when the name is not assigned on this path. The compiler refuses a read
// that is not preceded by an assignment on every path, so this never
// fires in a compiled plan; it is kept in alive (for hand-built IR) but
// not in raised, whose terms effectCall conjoins to a call's guard, where
// they only cost solver time (db_provenance_fallback_fail: 0.8 s to 4 s).
func (x *executor) raiseUnlessAssigned(g, defined z3.Term) {
	if defined == x.ctx.True() {
		return
	}
	x.alive = x.ctx.And(x.alive, x.ctx.Implies(g, defined))
}

func (x *executor) stmts(fr *frame, ss []ir.Stmt, path z3.Term) error {
	for _, s := range ss {
		if err := x.stmt(fr, s, path); err != nil {
			return err
		}
	}
	return nil
}

func (x *executor) stmt(fr *frame, s ir.Stmt, path z3.Term) error {
	if err := x.step(s.Position()); err != nil {
		return err
	}
	g := x.guard(fr, path)
	// g holds alive as it is now; what the statement's own expressions
	// raise is in raised[stmtRaised:] (effectCall). A helper's statements
	// start their own count, and the caller's resumes after the call.
	outer := x.stmtRaised
	x.stmtRaised = len(x.raised)
	defer func() { x.stmtRaised = outer }()
	switch s := s.(type) {
	case *ir.Assign:
		nfacts := len(x.facts)
		v, err := x.expr(fr, s.Value, g)
		if err != nil {
			return err
		}
		if _, isCall := s.Value.(*ir.EffectCall); isCall && len(x.facts) > nfacts {
			x.facts[len(x.facts)-1].label = s.Dest.Name
		}
		return x.assign(fr, s.Pos, s.Dest, v, g)
	case *ir.ExprStmt:
		_, err := x.expr(fr, s.X, g)
		return err
	case *ir.Return:
		var v value = noneValue{}
		if s.Value != nil {
			var err error
			if v, err = x.expr(fr, s.Value, g); err != nil {
				return err
			}
		}
		if fr.ret == nil {
			fr.ret = v
		} else {
			merged, err := x.merge(s.Pos, g, v, fr.ret)
			if err != nil {
				return err
			}
			fr.ret = merged
		}
		fr.returned = x.ctx.Or(fr.returned, g)
		return nil
	case *ir.If:
		cv, err := x.expr(fr, s.Cond, g)
		if err != nil {
			return err
		}
		c, err := x.truthy(s.Pos, s.Cond.Type(), cv)
		if err != nil {
			return err
		}
		x.branches = append(x.branches, branch{pos: s.Pos, reached: g, cond: c})
		before := append([]slot(nil), fr.slots...)
		leave := x.enter()
		err = x.stmts(fr, s.Then, x.ctx.And(path, c))
		leave()
		if err != nil {
			return err
		}
		afterThen := fr.slots
		fr.slots = before
		leave = x.enter()
		err = x.stmts(fr, s.Else, x.ctx.And(path, x.ctx.Not(c)))
		leave()
		if err != nil {
			return err
		}
		return x.join(fr, s.Pos, c, afterThen)
	case *ir.For:
		return x.loop(fr, s, path, g)
	case *ir.Break:
		if len(fr.loops) == 0 {
			return internalf(s.Pos, "break outside a loop")
		}
		l := fr.loops[len(fr.loops)-1]
		l.broken = x.ctx.Or(l.broken, g)
		return nil
	case *ir.Continue:
		if len(fr.loops) == 0 {
			return internalf(s.Pos, "continue outside a loop")
		}
		l := fr.loops[len(fr.loops)-1]
		l.continued = x.ctx.Or(l.continued, g)
		return nil
	case *ir.Assert:
		cv, err := x.expr(fr, s.Cond, g)
		if err != nil {
			return err
		}
		c, err := x.truthy(s.Pos, s.Cond.Type(), cv)
		if err != nil {
			return err
		}
		if s.Msg != nil {
			// The message is evaluated only when the assert fails.
			if _, err := x.expr(fr, s.Msg, x.ctx.And(g, x.ctx.Not(c))); err != nil {
				return err
			}
		}
		x.checks = append(x.checks, &check{pos: s.Pos, what: "assert", reached: g, holds: c})
		x.raiseUnless(g, c)
		return nil
	case *ir.Raise:
		if s.Msg != nil {
			if _, err := x.expr(fr, s.Msg, g); err != nil {
				return err
			}
		}
		x.checks = append(x.checks, &check{pos: s.Pos, what: "raise " + s.Class, reached: g, holds: x.ctx.False()})
		x.raiseUnless(g, x.ctx.False())
		return nil
	case *ir.SetIndex:
		return x.setIndex(fr, s, g)
	}
	return unsupported(s.Position(), stmtName(s)+" in a proof")
}

// stmtName names a statement kind for refusals.
func stmtName(s ir.Stmt) string {
	switch s.(type) {
	case *ir.Break:
		return "break"
	case *ir.Continue:
		return "continue"
	case *ir.Assert:
		return "assert"
	case *ir.Raise:
		return "raise"
	case *ir.SetIndex:
		return "item assignment"
	}
	return fmt.Sprintf("statement %T", s)
}

// join merges the locals after an if: thenSlots hold on c, fr.slots on not c.
func (x *executor) join(fr *frame, pos ir.Pos, c z3.Term, thenSlots []slot) error {
	for i := range fr.slots {
		if thenSlots[i] == fr.slots[i] {
			continue // neither arm assigned it
		}
		a, b := x.eff(thenSlots[i]), x.eff(fr.slots[i])
		switch {
		case a.val == nil && b.val == nil:
			continue
		case a.val == nil:
			fr.slots[i] = slot{val: b.val, defined: x.ctx.And(x.ctx.Not(c), b.defined)}
		case b.val == nil:
			fr.slots[i] = slot{val: a.val, defined: x.ctx.And(c, a.defined)}
		default:
			v, err := x.merge(pos, c, a.val, b.val)
			if err != nil {
				return err
			}
			fr.slots[i] = slot{val: v, defined: x.ctx.Ite(c, a.defined, b.defined)}
		}
	}
	return nil
}

// assign stores v into l on guard g, keeping the old value elsewhere.
func (x *executor) assign(fr *frame, pos ir.Pos, l *ir.Local, v value, g z3.Term) error {
	// A nested function may assign a local of an enclosing frame. That
	// frame is not snapshotted by the nested function's ifs: the store is
	// guarded by g, which is sound on its own.
	if o := fr.owner(l); o != nil {
		fr = o
	} else {
		return internalf(pos, "%s is not in scope", l.Name)
	}
	old := x.eff(fr.slots[l.Index])
	if old.val == nil {
		x.set(fr, l, v, g, v)
		return nil
	}
	merged, err := x.merge(pos, g, v, old.val)
	if err != nil {
		return err
	}
	vt, newTerm := v.(z3.Term)
	ot, oldTerm := old.val.(z3.Term)
	if o, isOpt := merged.(optValue); isOpt && len(fr.loops) > 0 {
		// The same flat definition for the tag and the payload of a
		// T | None carried across iterations.
		ns, nv, _ := x.optParts(v)
		os, ov, _ := x.optParts(old.val)
		o.some = x.define(l.Name+"_is_T", g, ns, os, o.some)
		if nv.IsValid() && ov.IsValid() {
			o.val = x.define(l.Name, g, nv, ov, o.val)
		}
		merged = o
	}
	if t, isTerm := merged.(z3.Term); isTerm && newTerm && oldTerm && len(fr.loops) > 0 {
		// A value carried across iterations would nest one if-then-else
		// per iteration; a fresh name defined by implications keeps the
		// formula flat (see doc.go). Only for two terms: a T | None
		// local merges None (no term) with a T into one term, which
		// stays as merged.
		merged = x.define(l.Name, g, vt, ot, t)
	}
	x.set(fr, l, merged, x.ctx.Or(g, old.defined), v)
	return nil
}

func (x *executor) exprs(sc scope, es []ir.Expr, g z3.Term) ([]value, error) {
	out := make([]value, len(es))
	for i, e := range es {
		v, err := x.expr(sc, e, g)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// expr evaluates e on guard g. Calls inside e record facts on g.
func (x *executor) expr(sc scope, e ir.Expr, g z3.Term) (value, error) {
	if err := x.step(e.Position()); err != nil {
		return nil, err
	}
	c := x.ctx
	switch e := e.(type) {
	case *ir.Const:
		return x.constant(e)
	case *ir.LocalRef:
		sl, ok := x.readLocal(sc, e.Local)
		if !ok {
			return nil, internalf(e.Pos, "%s is not in scope", e.Local.Name)
		}
		if sl.val == nil {
			return nil, planErrorf(e.Pos, ir.Unassigned, "%s is read before it is assigned", e.Local.Name)
		}
		// Reading a name not assigned on this path raises in Python.
		if sl.defined.IsValid() {
			x.raiseUnlessAssigned(g, sl.defined)
		}
		return sl.val, nil
	case *ir.BinOp:
		return x.binOp(sc, e, g)
	case *ir.UnOp:
		v, err := x.expr(sc, e.X, g)
		if err != nil {
			return nil, err
		}
		if e.Op == ir.Neg {
			// -MinInt64 overflows.
			if k, ok := v.(z3.Term).Int64Value(); ok && k != math.MinInt64 {
				return c.Int(-k), nil
			}
			return x.checkedInt(g, c.Neg(v.(z3.Term))), nil
		}
		t, err := x.truthy(e.Pos, e.X.Type(), v)
		if err != nil {
			return nil, err
		}
		return c.Not(t), nil
	case *ir.BoolOp:
		a, err := x.expr(sc, e.X, g)
		if err != nil {
			return nil, err
		}
		ta, err := x.truthy(e.Pos, e.X.Type(), a)
		if err != nil {
			return nil, err
		}
		// The right operand runs only when the left does not decide.
		rightRuns := ta
		if e.Op == ir.Or {
			rightRuns = c.Not(ta)
		}
		b, err := x.expr(sc, e.Y, c.And(g, rightRuns))
		if err != nil {
			return nil, err
		}
		return x.merge(e.Pos, rightRuns, b, a)
	case *ir.Compare:
		return x.compare(sc, e, g)
	case *ir.Call:
		return x.call(sc, e, g)
	case *ir.EffectCall:
		return x.effectCall(sc, e, g)
	case *ir.Builtin:
		return x.builtin(sc, e, g)
	case *ir.ListLit:
		if err := elements(e.Pos, "list display", len(e.Elems)); err != nil {
			return nil, err
		}
		elems, err := x.exprs(sc, e.Elems, g)
		return &seqValue{typ: e.T, elems: elems}, err
	case *ir.TupleLit:
		if err := elements(e.Pos, "tuple display", len(e.Elems)); err != nil {
			return nil, err
		}
		elems, err := x.exprs(sc, e.Elems, g)
		return &seqValue{typ: e.T, elems: elems}, err
	case *ir.DictLit:
		return x.dict(sc, e, g)
	case *ir.Range:
		return x.rangeValue(sc, e, g)
	case *ir.FString:
		return x.fstring(sc, e, g)
	case *ir.Comprehension:
		return x.comprehension(sc, e, g)
	case *ir.Attr:
		v, err := x.expr(sc, e.X, g)
		if err != nil {
			return nil, err
		}
		return x.attr(e.Pos, v, e.Field)
	case *ir.Index:
		return x.index(sc, e, g)
	case *ir.Slice:
		return x.slice(sc, e, g)
	case *ir.CondExpr:
		cv, err := x.expr(sc, e.Cond, g)
		if err != nil {
			return nil, err
		}
		cond, err := x.truthy(e.Pos, e.Cond.Type(), cv)
		if err != nil {
			return nil, err
		}
		a, err := x.expr(sc, e.Then, c.And(g, cond))
		if err != nil {
			return nil, err
		}
		b, err := x.expr(sc, e.Else, c.And(g, c.Not(cond)))
		if err != nil {
			return nil, err
		}
		return x.merge(e.Pos, cond, a, b)
	case *ir.Unwrap:
		v, err := x.expr(sc, e.X, g)
		if err != nil {
			return nil, err
		}
		return x.unwrap(e, v, g)
	case *ir.IsColumn:
		return x.isColumn(sc, e, g)
	case *ir.FactField:
		ls, ok := sc.(*lambdaScope)
		if !ok || ls.facts[e.Fact] == nil {
			return nil, internalf(e.Pos, "fact %s is not bound", e.Fact.Name)
		}
		f := ls.facts[e.Fact]
		for i, p := range f.effect.Params {
			if p.Name == e.Field {
				return f.args[i], nil
			}
		}
		return nil, internalf(e.Pos, "effect %s has no field %s", f.effect.Name, e.Field)
	}
	if _, isSet := e.(*ir.SetLit); isSet {
		// Sets are builtins' business: the same words as set() and the
		// set methods in ir.BuiltinTable.
		return nil, &Error{Pos: e.Position(), Code: ir.Unsupported, Msg: "the prover cannot decide a set display yet: the prover has no model of sets yet"}
	}
	return nil, unsupported(e.Position(), fmt.Sprintf("expression %T", e))
}

func (x *executor) constant(e *ir.Const) (value, error) {
	switch v := e.Value.(type) {
	case int64:
		return x.ctx.Int(v), nil
	case bool:
		return x.ctx.Bool(v), nil
	case string:
		return x.ctx.String(v), nil
	case nil:
		return noneValue{}, nil
	}
	return nil, unsupported(e.Pos, fmt.Sprintf("a %s constant in a proof", e.T))
}

func (x *executor) binOp(sc scope, e *ir.BinOp, g z3.Term) (value, error) {
	if _, isSet := e.X.Type().(*ir.Set); isSet {
		return nil, unsupported(e.Pos, fmt.Sprintf("set operator %s in a proof", e.Op))
	}
	a, err := x.expr(sc, e.X, g)
	if err != nil {
		return nil, err
	}
	b, err := x.expr(sc, e.Y, g)
	if err != nil {
		return nil, err
	}
	if sa, ok := a.(*seqValue); ok && e.Op == ir.Repeat {
		tt, isTuple := e.T.(*ir.Tuple)
		if !isTuple {
			return x.repeat(e.Pos, e, a, b, g)
		}
		// t * constant: the count is part of the tuple's type
		var elems []value
		for range len(tt.Elems) / max(len(sa.elems), 1) {
			elems = append(elems, sa.elems...)
		}
		return &seqValue{typ: e.T, elems: elems}, nil
	}
	if sa, ok := a.(*seqValue); ok {
		sb, ok := b.(*seqValue)
		if e.Op != ir.Add || !ok {
			return nil, unsupported(e.Pos, fmt.Sprintf("operator %s on a %s in a proof", e.Op, e.X.Type()))
		}
		for _, s := range []*seqValue{sa, sb} {
			if err := bounded(e.Pos, s, "concatenation"); err != nil {
				return nil, err
			}
		}
		if err := elements(e.Pos, "concatenation", len(sa.elems)+len(sb.elems)); err != nil {
			return nil, err
		}
		elems := append(append([]value(nil), sa.elems...), sb.elems...)
		out := &seqValue{typ: e.T, elems: elems}
		if sa.n.IsValid() || sb.n.IsValid() || sa.present != nil || sb.present != nil {
			// Order-preserving: the elements of a that exist, then
			// those of b.
			for i := range sa.elems {
				out.present = append(out.present, x.exists(sa, i))
			}
			for i := range sb.elems {
				out.present = append(out.present, x.exists(sb, i))
			}
		}
		return out, nil
	}
	c := x.ctx
	ta, tb := a.(z3.Term), b.(z3.Term)
	switch e.Op {
	case ir.Repeat:
		return x.repeat(e.Pos, e, a, b, g)
	case ir.Add, ir.Sub, ir.Mul:
		if e.Op == ir.Add && ir.IsBasic(e.T, ir.KindStr) {
			r := c.Concat(ta, tb)
			return r, strFits(e.Pos, r)
		}
		if r, ok := x.foldInt(e.Op, ta, tb); ok {
			return x.checkedInt(g, r), nil
		}
		var r z3.Term
		switch e.Op {
		case ir.Add:
			r = c.Add(ta, tb)
		case ir.Sub:
			r = c.Sub(ta, tb)
		default:
			r = c.Mul(ta, tb)
		}
		return x.checkedInt(g, r), nil
	case ir.FloorDiv, ir.Mod:
		zero := c.Int(0)
		x.raiseUnless(g, c.Not(c.Eq(tb, zero)))
		// SMT-LIB div floors for a positive divisor; Python floors for
		// both signs, and floor(a/b) == floor(-a/-b).
		q := c.Ite(c.Gt(tb, zero), c.Div(ta, tb), c.Div(c.Neg(ta), c.Neg(tb)))
		if e.Op == ir.FloorDiv {
			// MinInt64 // -1 is the one quotient that overflows; the
			// remainder never does.
			if ka, okA := ta.Int64Value(); okA {
				if kb, okB := tb.Int64Value(); okB && !(ka == math.MinInt64 && kb == -1) {
					return q, nil
				}
			}
			return x.checkedInt(g, q), nil
		}
		return c.Sub(ta, c.Mul(tb, q)), nil
	}
	return nil, unsupported(e.Pos, fmt.Sprintf("operator %s on %s in a proof", e.Op, e.X.Type()))
}

func (x *executor) compare(sc scope, e *ir.Compare, g z3.Term) (value, error) {
	c := x.ctx
	left, err := x.expr(sc, e.Operands[0], g)
	if err != nil {
		return nil, err
	}
	links := []z3.Term{c.True()}
	for i, op := range e.Ops {
		// A chain stops at its first false link: later operands are
		// evaluated only when every earlier link held.
		right, err := x.expr(sc, e.Operands[i+1], c.And(g, c.And(links...)))
		if err != nil {
			return nil, err
		}
		link, err := x.compareLink(e.Pos, op, e.Operands[i].Type(), left, right)
		if err != nil {
			return nil, err
		}
		links = append(links, link)
		left = right
	}
	return c.And(links...), nil
}

func (x *executor) compareLink(pos ir.Pos, op ir.CmpOp, leftType ir.Type, a, b value) (z3.Term, error) {
	c := x.ctx
	switch op {
	case ir.Eq:
		return x.equal(pos, a, b)
	case ir.NotEq:
		eq, err := x.equal(pos, a, b)
		return c.Not(eq), err
	case ir.In, ir.NotIn:
		in, err := x.contains(pos, a, b)
		if op == ir.NotIn {
			in = c.Not(in)
		}
		return in, err
	case ir.Is, ir.IsNot:
		// One side is the constant None (ir.Verify); a value that may be
		// None on some paths only is refused when paths merge, so the
		// answer is known here.
		both := c.And(x.isNone(a), x.isNone(b))
		if op == ir.IsNot {
			return c.Not(both), nil
		}
		return both, nil
	}
	ta, ok1 := a.(z3.Term)
	tb, ok2 := b.(z3.Term)
	if !ok1 || !ok2 {
		return z3.Term{}, unsupported(pos, "ordering comparison of sequences")
	}
	if ir.IsBasic(leftType, ir.KindStr) {
		switch op {
		case ir.Lt:
			return c.StrLt(ta, tb), nil
		case ir.LtE:
			return c.StrLe(ta, tb), nil
		case ir.Gt:
			return c.StrLt(tb, ta), nil
		case ir.GtE:
			return c.StrLe(tb, ta), nil
		}
	}
	switch op {
	case ir.Lt:
		return c.Lt(ta, tb), nil
	case ir.LtE:
		return c.Le(ta, tb), nil
	case ir.Gt:
		return c.Gt(ta, tb), nil
	case ir.GtE:
		return c.Ge(ta, tb), nil
	}
	return z3.Term{}, internalf(pos, "comparison %s", op)
}

// contains is Python's `a in b`.
func (x *executor) contains(pos ir.Pos, a, b value) (z3.Term, error) {
	c := x.ctx
	switch b := b.(type) {
	case z3.Term:
		return x.member(a.(z3.Term), b), nil
	case *seqValue:
		if err := bounded(pos, b, "membership"); err != nil {
			return z3.Term{}, err
		}
		members := b.elems
		if b.keys != nil {
			members = b.keys
		}
		disj := []z3.Term{c.False()}
		for i, m := range members {
			eq, err := x.equal(pos, a, m)
			if err != nil {
				return z3.Term{}, err
			}
			if b.keys == nil {
				eq = c.And(x.exists(b, i), eq)
			}
			disj = append(disj, eq)
		}
		return c.Or(disj...), nil
	}
	return z3.Term{}, internalf(pos, "membership in %T", b)
}

func (x *executor) dict(sc scope, e *ir.DictLit, g z3.Term) (value, error) {
	if err := elements(e.Pos, "dict display", len(e.Keys)); err != nil {
		return nil, err
	}
	out := &seqValue{typ: e.T}
	// A repeated key keeps its first position and takes the last value,
	// as in Python; keys must be constants for the length to be known.
	position := map[any]int{}
	for i := range e.Keys {
		kc, ok := e.Keys[i].(*ir.Const)
		if !ok {
			return nil, unsupported(e.Keys[i].Position(), "a dict display with a computed key")
		}
		k, err := x.expr(sc, kc, g)
		if err != nil {
			return nil, err
		}
		v, err := x.dictValue(sc, e, i, g)
		if err != nil {
			return nil, err
		}
		if j, dup := position[kc.Value]; dup {
			out.elems[j] = v
			continue
		}
		position[kc.Value] = len(out.keys)
		out.keys = append(out.keys, k)
		out.elems = append(out.elems, v)
	}
	return out, nil
}

// dictValue evaluates the value of entry i of dict display e. The prover
// has no float sort, but a value of type object (a dict[str, object]'s)
// is observed in a proof only through Python's == (the front end refuses
// any other read, and counterexamples are replayed by the interpreter),
// under which an integral float constant is indistinguishable from its
// int: 1.0 == 1 == True, 1.0 != "1". So such a float is the int term;
// any other float is refused.
func (x *executor) dictValue(sc scope, e *ir.DictLit, i int, g z3.Term) (value, error) {
	v := e.Values[i]
	if e.T != nil && ir.Identical(e.T.Value, ir.Object) && ir.IsBasic(v.Type(), ir.KindFloat) {
		f, ok := floatConst(v)
		if !ok {
			return nil, &Error{Pos: v.Position(), Code: ir.Unsupported, Msg: "the prover cannot decide a computed float in a dict[str, object] yet: it has no model of float (a float constant with an integral value is compared as that int, as Python's == does)"}
		}
		if f != math.Trunc(f) || math.Abs(f) >= 1<<62 {
			return nil, &Error{Pos: v.Position(), Code: ir.Unsupported, Msg: fmt.Sprintf("the prover cannot decide the float %v in a dict[str, object] yet: it has no model of float (a float constant with an integral value is compared as that int, as Python's == does)", f)}
		}
		return x.ctx.Int(int64(f)), nil
	}
	return x.expr(sc, v, g)
}

// floatConst is the value of a float constant, or of its negation.
func floatConst(e ir.Expr) (float64, bool) {
	switch e := e.(type) {
	case *ir.Const:
		f, ok := e.Value.(float64)
		return f, ok
	case *ir.UnOp:
		if e.Op == ir.Neg {
			f, ok := floatConst(e.X)
			return -f, ok
		}
	}
	return 0, false
}

func (x *executor) rangeValue(sc scope, e *ir.Range, g z3.Term) (value, error) {
	step, ok := constInt(e.Step)
	if !ok {
		return nil, unsupported(e.Step.Position(), "range with a step that is not a constant")
	}
	if step == 0 {
		return nil, planErrorf(e.Pos, ir.PlanError, "range() arg 3 must not be zero")
	}
	start, okStart := constInt(e.Start)
	stop, okStop := constInt(e.Stop)
	out := &seqValue{typ: e.Type()}
	if okStart && okStop {
		for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
			if len(out.elems) >= maxUnroll {
				return nil, unsupported(e.Pos, fmt.Sprintf("a loop of more than %d iterations", maxUnroll))
			}
			out.elems = append(out.elems, x.ctx.Int(i))
		}
		return out, nil
	}
	// Symbolic bounds: the length is a term, and the number of copies
	// of a loop body is the largest length the solver cannot exceed.
	bounds, err := x.exprs(sc, []ir.Expr{e.Start, e.Stop}, g)
	if err != nil {
		return nil, err
	}
	c := x.ctx
	lo, hi := bounds[0].(z3.Term), bounds[1].(z3.Term)
	span, stride := c.Sub(hi, lo), c.Int(step)
	if step < 0 {
		span, stride = c.Sub(lo, hi), c.Int(-step)
	}
	// ceil(span / stride) for a positive stride, and 0 when span <= 0.
	count := c.Div(c.Add(span, c.Sub(stride, c.Int(1))), stride)
	out.n = c.Ite(c.Gt(span, c.Int(0)), count, c.Int(0))
	capacity, err := x.upperBound(e.Pos, out.n, g)
	if err != nil {
		return nil, err
	}
	for i := range capacity {
		out.elems = append(out.elems, c.Add(lo, c.Int(int64(i)*step)))
	}
	return out, nil
}

// upperBound finds a K such that n <= K on every execution reaching g,
// asking the solver under the assumptions made so far (postconditions of
// the effects called before). Any answer but unsat counts as "may exceed",
// so the bound is sound; past maxUnroll the plan is refused.
func (x *executor) upperBound(pos ir.Pos, n, g z3.Term) (int, error) {
	s := x.base()
	defer x.release(s)
	s.Push()
	s.Assert(g)
	exceeds := func(k int) (bool, error) {
		s.Push()
		defer s.Pop(1)
		s.Assert(x.ctx.Gt(n, x.ctx.Int(int64(k))))
		r, err := s.Check()
		if err != nil {
			return true, err
		}
		return r != z3.Unsat, nil
	}
	refuse := func(err error) (int, error) {
		msg := fmt.Sprintf("a loop whose number of iterations the prover cannot bound by %d: bound it with a length from a query with an ensures bound, or a constant", maxUnroll)
		if err != nil {
			msg += " (" + err.Error() + ")"
		}
		return 0, limitf(pos, "%s", msg)
	}
	if over, err := exceeds(maxUnroll); over || err != nil {
		return refuse(err)
	}
	lo, hi := -1, maxUnroll // n may exceed lo, n never exceeds hi
	for lo+1 < hi {
		mid := (lo + hi) / 2
		over, err := exceeds(mid)
		if err != nil {
			return refuse(err)
		}
		if over {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi, nil
}

func constInt(e ir.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ir.Const:
		n, ok := e.Value.(int64)
		return n, ok
	case *ir.UnOp:
		if e.Op == ir.Neg {
			n, ok := constInt(e.X)
			return -n, ok
		}
	}
	return 0, false
}

func (x *executor) call(sc scope, e *ir.Call, g z3.Term) (value, error) {
	if x.depth >= maxInline {
		return nil, unsupported(e.Pos, fmt.Sprintf("helper calls nested more than %d deep", maxInline))
	}
	args, err := x.exprs(sc, e.Args, g)
	if err != nil {
		return nil, err
	}
	callee := x.newFrame(e.Func)
	if o := e.Func.Outer; o != nil {
		// The nested function reads the locals of the frame of its
		// enclosing function that the caller runs inside (late binding:
		// their values at this call).
		fr, _ := sc.(*frame)
		for ; fr != nil && fr.fn != o; fr = fr.outer {
		}
		if fr == nil {
			return nil, unsupported(e.Pos, fmt.Sprintf("a call of the nested function %s from here in a proof", e.Func.Name))
		}
		callee.outer = fr
	}
	for i, p := range e.Func.Params {
		callee.slots[p.Index] = slot{val: args[i], defined: x.ctx.True()}
	}
	if err := x.helperRequires(e.Pos, e.Func, args, g); err != nil {
		return nil, err
	}
	x.depth++
	site := x.callSite
	x.callSite = site + "/" + e.Pos.String()
	leave := x.enter()
	err = x.stmts(callee, e.Func.Body, g)
	leave()
	x.callSite = site
	x.depth--
	if err != nil {
		return nil, err
	}
	if callee.ret == nil {
		if err := x.ensuresAtReturn(e.Pos, e.Func, noneValue{}, g); err != nil {
			return nil, err
		}
		return noneValue{}, nil
	}
	if !ir.IsBasic(e.Func.Result, ir.KindNone) {
		// Falling off the end returns None, which a typed helper cannot;
		// the compiler guarantees a return on every path, so this is
		// only a check that paths without one are unreachable. It is an
		// obligation rather than part of alive: every later guard would
		// carry it, and large guards slow Z3's string solver down.
		x.checks = append(x.checks, &check{pos: e.Pos, what: "internal check: " + e.Func.Name + " returns a value", reached: x.ctx.And(g, x.alive), holds: callee.returned})
	}
	if err := x.ensuresAtReturn(e.Pos, e.Func, callee.ret, g); err != nil {
		return nil, err
	}
	return callee.ret, nil
}

func (x *executor) effectCall(sc scope, e *ir.EffectCall, g z3.Term) (value, error) {
	args, err := x.exprs(sc, e.Args, g)
	if err != nil {
		return nil, err
	}
	if len(x.raised) > x.stmtRaised {
		// Python evaluates left to right: anything evaluated before the
		// call in its statement (an earlier element of a tuple, list or
		// f-string, a left operand, an earlier argument, an earlier
		// iteration of a comprehension, the call's own arguments) may
		// have raised, and then the call is not reached. Only what the
		// statement added is conjoined: g already holds alive as the
		// statement began, and the whole of alive would grow every
		// guard after it, which slows Z3's string solver down
		// (db_provenance_fallback_fail: 0.8 s becomes 4 s).
		g = x.ctx.And(append([]z3.Term{g}, x.raised[x.stmtRaised:]...)...)
	}
	for i := range args {
		args[i] = snapshot(args[i])
	}
	f := &fact{effect: e.Effect, args: args, attempted: g, reached: g, pos: e.Pos, callSite: x.callSite}
	allHold := []z3.Term{x.ctx.True()}
	for _, cond := range e.Effect.Requires {
		sc := &lambdaScope{vals: map[*ir.Local]value{}}
		for _, p := range cond.Pred.Params {
			for i, prm := range e.Effect.Params {
				if prm.Name == p.Name {
					sc.vals[p] = args[i]
				}
			}
		}
		holds, err := x.predicate(cond.Pred, sc)
		if err != nil {
			return nil, err
		}
		attempted := g
		if x.stopAtFailedRequires && len(allHold) > 1 {
			attempted = x.ctx.And(append([]z3.Term{g}, allHold...)...)
		}
		x.sites = append(x.sites, &precondition{fact: f, cond: cond, holds: holds, attempted: attempted})
		allHold = append(allHold, holds)
	}
	f.requires = allHold[1:]
	if x.stopAtFailedRequires && len(allHold) > 1 {
		ok := x.ctx.And(allHold...)
		f.reached = x.ctx.And(g, ok)
		x.raiseUnless(g, ok)
	}
	f.seq = len(x.facts)
	x.facts = append(x.facts, f)
	f.result = noneValue{}
	if !ir.IsBasic(e.Effect.Result, ir.KindNone) {
		res, err := x.freshResult(e.Pos, e.Effect, e.Effect.Result, e.Effect.Name)
		if err != nil {
			return nil, err
		}
		f.result = res
		for _, cond := range e.Effect.Ensures {
			if x.deferEach(cond, res, g) { // lazyrows.go
				continue
			}
			sc := &lambdaScope{vals: map[*ir.Local]value{cond.Pred.Params[0]: res}}
			post, err := x.predicate(cond.Pred, sc)
			if err != nil {
				return nil, err
			}
			x.assumeOfResult(x.ctx.Implies(g, post))
		}
	}
	return f.result, nil
}

// lambda evaluates a lambda in sc, whose bindings must cover its
// parameters. Lambda bodies cannot call plan functions or effects, so the
// guard does not matter and nothing is recorded.
func (x *executor) lambda(l *ir.Lambda, sc *lambdaScope) (value, error) {
	for _, p := range l.Params {
		if _, ok := sc.read(p); !ok {
			return nil, internalf(l.Pos, "lambda parameter %s is not bound", p.Name)
		}
	}
	return x.expr(sc, l.Body, x.ctx.True())
}

// predicate evaluates a Bool lambda.
func (x *executor) predicate(l *ir.Lambda, sc *lambdaScope) (z3.Term, error) {
	v, err := x.lambda(l, sc)
	if err != nil {
		return z3.Term{}, err
	}
	t, ok := v.(z3.Term)
	if !ok {
		return z3.Term{}, internalf(l.Pos, "predicate is not a bool")
	}
	return t, nil
}
