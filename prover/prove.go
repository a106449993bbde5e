package prover

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Options tune a proof.
type Options struct {
	// Timeout bounds each solver check on the wall clock; zero means
	// DefaultTimeout. A check that runs out of time refuses its
	// obligation.
	Timeout time.Duration
	// Contexts, when set, supplies the proof's Z3 context and bounds how
	// many proofs run at once (contexts.go); without it Prove makes and
	// deletes a context itself.
	Contexts *Contexts
	// Rlimit is Z3's resource limit for each check (limits.go); zero
	// means DefaultRlimit. A check that spends it refuses its
	// obligation, at the same point on a busy machine as on an idle one.
	Rlimit uint64
	// Deadline bounds the whole proof on the wall clock; zero means
	// DefaultDeadline. The obligations not decided when it passes are
	// refused.
	Deadline time.Duration
}

// withDefaults is o with each zero limit replaced by its default.
func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Rlimit == 0 {
		o.Rlimit = DefaultRlimit
	}
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	return o
}

// DefaultTimeout is the per-check wall-clock limit when Options.Timeout
// is zero: the safety net behind the resource limit (DefaultRlimit),
// long enough that a busy machine rarely reaches it first.
const DefaultTimeout = 30 * time.Second

// Status is the outcome of one obligation.
type Status int

const (
	// Refused means the obligation could not be decided (unknown, timeout,
	// solver error): the plan is not proved.
	Refused Status = iota
	// Failed means Z3 found an execution that breaks the obligation.
	Failed
	// Proved means no execution breaks it.
	Proved
)

func (s Status) String() string {
	switch s {
	case Proved:
		return "proved"
	case Failed:
		return "failed"
	}
	return "refused"
}

// Kind says what an obligation is about.
type Kind string

const (
	KindPrecondition Kind = "precondition"
	KindGuarantee    Kind = "guarantee"
	// KindCheck is an assert or raise the plan wrote: an assert must hold
	// and a raise must be unreachable on every execution.
	KindCheck Kind = "check"
)

// Obligation is one thing the plan must satisfy, with its outcome.
type Obligation struct {
	Kind   Kind
	Name   string // the effect for a precondition, the guarantee's source otherwise
	Pos    ir.Pos // the call site, or the guarantee's decorator
	Clause string // the requires clause as written, for preconditions
	Status Status
	Reason string // why it was refused, when Status is Refused
	// Code is the kind of refusal when Status is Refused (Timeout,
	// SolverUnknown, SolverError, NoReplay, ProverLimit, Canceled,
	// Internal); callers decide on it, never on Reason's text.
	Code ir.Code
	// Counterexample is set when Status is Failed.
	Counterexample *Counterexample
}

// refuse marks the obligation refused with its code and reason.
func (o *Obligation) refuse(code ir.Code, reason string) {
	o.Status, o.Code, o.Reason = Refused, code, reason
}

// Title is the short name of an obligation, e.g.
// "precondition send_email (line 9)" or "guarantee emails.only([...])".
func (o *Obligation) Title() string {
	switch o.Kind {
	case KindPrecondition:
		return fmt.Sprintf("precondition %s (line %d)", o.Name, o.Pos.Line)
	case KindCheck:
		return fmt.Sprintf("%s (line %d)", o.Name, o.Pos.Line)
	case KindPlanPrecondition:
		return fmt.Sprintf("precondition of %s (line %d)", o.Name, o.Pos.Line)
	case KindPlanPostcondition:
		return fmt.Sprintf("postcondition of %s (line %d)", o.Name, o.Pos.Line)
	}
	if o.Kind == KindRequired {
		return "required " + o.Name
	}
	return "guarantee " + o.Name
}

// Result is the outcome of proving one plan's target.
type Result struct {
	Target string
	// Assumes are the target's own preconditions as written: what the
	// proof assumes about the target's free inputs, which every engine
	// checks before running (the human must see them).
	Assumes     []string
	Obligations []*Obligation
	Coverage    *Coverage // per used domain (coverage.go)
	// Cost is what the proof asked of Z3, for benchmarks and for tests
	// that bound it; it says nothing about the verdict.
	Cost Cost
}

// Cost counts a proof's work in Z3.
type Cost struct {
	Solvers int // solvers made; each costs milliseconds before its first check
	Checks  int // satisfiability checks run
	// Full counts the uses of the proof's solver, which holds the whole
	// encoding (x.base): a loop of many iterations takes Z3 seconds to
	// take in there, so a proof that needs it for nothing should not
	// touch it.
	Full int
}

// Proved reports whether every obligation was proved. A result with no
// obligation at all is proved: nothing was promised and nothing is called
// under a requires clause.
func (r *Result) Proved() bool {
	for _, o := range r.Obligations {
		if o.Status != Proved {
			return false
		}
	}
	return true
}

// Prove checks every obligation of p's target. It returns an error, and no
// Result, when the plan cannot be encoded (an unsupported construct, a Z3
// error): the caller must treat that as a refusal.
func Prove(ctx context.Context, p *ir.Program, opts Options) (res *Result, err error) {
	// A panic in the encoder is a prover bug on a plan it cannot handle:
	// the plan is refused with that reason, never proved, and the caller
	// (a CLI, a service) does not die with it.
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &Error{Code: ir.Internal, Msg: fmt.Sprintf("prover: internal error while encoding %s, the plan is refused: %v", targetName(p), r)}
		}
	}()
	res, err = proveTarget(ctx, p, opts)
	if err != nil {
		return nil, asDiagnostic(ctx, err)
	}
	return res, nil
}

func targetName(p *ir.Program) string {
	if p == nil || p.Target == nil {
		return "the plan"
	}
	return p.Target.Name
}

func proveTarget(ctx context.Context, p *ir.Program, opts Options) (*Result, error) {
	if p == nil || p.Target == nil {
		return nil, errors.New("prover: program has no target")
	}
	opts = opts.withDefaults()
	var zc *z3.Context
	var err error
	if opts.Contexts != nil {
		zc, err = opts.Contexts.take(ctx)
		if err == nil {
			defer opts.Contexts.give(zc)
		}
	} else if zc, err = z3.NewContext(); err == nil {
		defer zc.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("prover: %w", err)
	}
	// Cancel, not Interrupt: an interrupt that lands between two checks
	// is lost, and the job would go on for as long as its timeouts allow.
	planCtx, endPlan := context.WithTimeout(ctx, opts.Deadline)
	defer endPlan()
	stop := context.AfterFunc(planCtx, zc.Cancel)
	defer stop()

	x := &executor{ctx: zc, prog: p, columns: map[string]column{}, timeout: opts.Timeout, rlimit: opts.Rlimit, runCtx: ctx, planCtx: planCtx, deadline: opts.Deadline}
	if err := x.run(p.Target); err != nil {
		return nil, err
	}
	goals, err := x.goals(p)
	if err != nil {
		return nil, err
	}
	required, err := x.requiredGoals(p) // coverage.go
	if err != nil {
		return nil, err
	}
	goals = append(goals, required...)
	if err := zc.Err(); err != nil {
		return nil, fmt.Errorf("prover: encoding %s: %w", p.Target.Name, err)
	}

	res := &Result{Target: p.Target.Name}
	for _, c := range p.Target.Requires {
		res.Assumes = append(res.Assumes, c.Source)
	}
	var again []int
	batched := x.provedTogether(goals)
	for i, goal := range goals {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if batched[i] {
			goal.ob.Status = Proved
			res.Obligations = append(res.Obligations, goal.ob)
			continue
		}
		var ob *Obligation
		if goal.prefixFirst || (goal.separate != nil || goal.smallFirst) && x.longLoop() {
			if ob, err = x.decidePrefix(p, i); err != nil {
				return nil, err
			}
		}
		if ob == nil {
			ob = x.decide(goal)
		}
		if ob.Status == Refused && ob.Code == ir.NoReplay {
			again = append(again, i)
		}
		res.Obligations = append(res.Obligations, ob)
	}
	if len(again) > 0 {
		if err := x.decideExactly(p, res, again); err != nil {
			return nil, err
		}
	}
	// A job abandoned during its last check is abandoned all the same.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if res.Coverage, err = coverageOf(p, res); err != nil {
		return nil, err
	}
	st := zc.Stats()
	res.Cost = Cost{Solvers: st.Solvers, Checks: st.Checks, Full: x.fullUses}
	return res, nil
}

// Batches of preconditions (provedTogether).
const (
	// batchDisjuncts bounds the violations checked in one disjunction.
	batchDisjuncts = 256
	// jointMin is the fewest violations (or obligations) checked
	// together: below it the quick solver (7 ms to start) costs more
	// than the checks it saves.
	jointMin = 16
	// batchSiteViolations: only call sites with at most this many
	// violations join a batch. A site in a loop has one per iteration,
	// and Z3 decides many string violations one at a time far faster
	// than their disjunction (see goal.violations).
	batchSiteViolations = 4
)

// provedTogether checks the precondition obligations of many call sites
// together, in batches: the disjunction of their violations, on the
// quick solver (a hundredth of the resource limit). Unsat proves
// every obligation of the batch at once (each violation is unsat); any
// other answer proves nothing, and those obligations are decided one by
// one as before, with their counterexamples. 5,000 calls with two
// preconditions each made 10,000 checks; batched they make 40.
func (x *executor) provedTogether(goals []goal) map[int]bool {
	proved := map[int]bool{}
	var batch []int
	var disjuncts []z3.Term
	flush := func() {
		if len(batch) >= jointMin {
			s := x.quickBase()
			s.Push()
			s.Assert(x.ctx.Or(disjuncts...))
			r, err := s.Check()
			x.release(s)
			if err == nil && r == z3.Unsat {
				for _, i := range batch {
					proved[i] = true
				}
			}
		}
		batch, disjuncts = nil, nil
	}
	for i, g := range goals {
		if g.ob.Kind != KindPrecondition || len(g.violations) == 0 || len(g.violations) > batchSiteViolations ||
			len(g.defs) > 0 || len(g.guesses) > 0 || g.separate != nil {
			continue
		}
		if len(disjuncts)+len(g.violations) > batchDisjuncts {
			flush()
		}
		batch = append(batch, i)
		for _, v := range g.violations {
			disjuncts = append(disjuncts, x.ctx.And(v...))
		}
	}
	flush()
	return proved
}

// prefixCap is the most elements a query result has in the encoding
// decidePrefix searches.
const prefixCap = 8

// decidePrefix looks for a counterexample to the goal at index i on the
// runs whose bounded query results have at most prefixCap elements: the
// plan encoded again with that cap (a second executor on the same
// context, like decideExactly's), and the same goal decided there. Such
// runs are runs of the plan, and a counterexample is replayed by the
// interpreter before it is reported (decide), so a failed obligation
// there is the plan's; any other verdict (proved over short results
// says nothing of long ones) returns nil, and the goal is decided in
// full. An encoding that cannot be built so, or whose goals do not
// match the first encoding's one for one, returns nil too.
func (x *executor) decidePrefix(p *ir.Program, i int) (*Obligation, error) {
	if x.pastDeadline() != nil { // decide refuses the goal
		return nil, nil
	}
	capped := &executor{ctx: x.ctx, prog: p, columns: map[string]column{}, timeout: x.timeout, rlimit: x.rlimit, runCtx: x.runCtx, planCtx: x.planCtx, deadline: x.deadline, resultCap: prefixCap}
	if err := capped.run(p.Target); err != nil {
		return nil, nil
	}
	goals, err := capped.goals(p)
	if err != nil {
		return nil, nil
	}
	if err := x.ctx.Err(); err != nil {
		return nil, err
	}
	if i >= len(goals) || goals[i].ob.Kind != KindGuarantee {
		return nil, nil
	}
	g := goals[i]
	g.prefixFirst = false
	ob := capped.decide(g)
	if ob.Status != Failed || ob.Counterexample == nil {
		return nil, nil
	}
	return ob, nil
}

// longLoop reports whether some loop runs more than prefixCap times. A
// goal whose counterexample is first looked for over one or two rows
// (smallSeparable, smallViolation) is then looked for on the encoding
// of short results (decidePrefix) before that: the search over two rows
// on the full encoding still hands Z3 every row of it (0.6 s of the
// provenance plan's 1.9 s at 1000 rows, and distinct over 1000 rows ran
// out of time).
func (x *executor) longLoop() bool {
	for _, rec := range x.loopRecs {
		if len(rec.iters) > prefixCap {
			return true
		}
	}
	return false
}

// longAccumulator reports whether some loop that made one of ms carries
// an int from one iteration to the next and runs more than prefixCap
// times: a goal over it is looked for on short results first.
func (x *executor) longAccumulator(ms []member) bool {
	return x.carriesInts(ms) && x.longLoop()
}

// noReplay starts the reason of an obligation whose counterexample did not
// replay (code NoReplay).
const noReplay = "internal error: the counterexample found does not replay in the interpreter"

// decideExactly decides the obligations at indices again once more (any
// kind whose counterexample did not replay), on an encoding where a
// failed precondition ends the run and a call's clauses are checked in
// order. The first encoding lets a call whose precondition fails into
// the trace and the run go on past it (sound for a proof: such a plan
// fails that precondition's own obligation, and more facts and more
// reached statements only make a later obligation harder to prove); its
// counterexample may then rest on a call, a later precondition, a later
// clause of the same call or an assert the run never reaches, because
// an earlier precondition failed first, which the replay catches. The
// exact encoding decides each of them on the paths where every earlier
// precondition held; its verdict, replayed as well, replaces the
// refusal: proved when the obligation can fail only after an earlier
// precondition did (that one is then the plan's failure), failed with a
// counterexample that replays otherwise.
func (x *executor) decideExactly(p *ir.Program, res *Result, again []int) error {
	if x.pastDeadline() != nil { // those obligations stay refused
		return nil
	}
	exact := &executor{ctx: x.ctx, prog: p, columns: map[string]column{}, timeout: x.timeout, rlimit: x.rlimit, runCtx: x.runCtx, planCtx: x.planCtx, deadline: x.deadline, stopAtFailedRequires: true}
	if err := exact.run(p.Target); err != nil {
		return err
	}
	goals, err := exact.goals(p)
	if err != nil {
		return err
	}
	required, err := exact.requiredGoals(p)
	if err != nil {
		return err
	}
	goals = append(goals, required...)
	if len(goals) != len(res.Obligations) {
		return fmt.Errorf("prover: internal error: the exact encoding of %s has %d obligations, the first %d", p.Target.Name, len(goals), len(res.Obligations))
	}
	for _, i := range again {
		if err := x.runCtx.Err(); err != nil {
			return err
		}
		res.Obligations[i] = exact.decide(goals[i])
	}
	return nil
}

// goal is an obligation before it is decided: holds must be valid under
// the solver's assumptions plus defs. holds is only ever asserted negated
// (here and by the monitor in replay.go), so a symbol free in it is
// existential there; sharedKey relies on that.
type goal struct {
	ob    *Obligation
	holds z3.Term
	defs  []z3.Term
	// explain reads a counterexample off a model that violates holds.
	explain func(m *z3.Model) *Counterexample
	// violations, when set, are the ways holds can fail: not holds is
	// exactly the disjunction of their conjunctions. They are checked one
	// at a time, which Z3 decides far faster than the disjunction of many
	// string constraints (one per loop iteration), each conjunct asserted
	// on its own, premises first and the negated claim last: measured on
	// Z3 4.8.12, suffixof(s, x) asserted before not(contains(x, "@")) is
	// unsat in 13 ms, the other order times out.
	violations [][]z3.Term
	// local, when set, gives per violation the loop iteration it is
	// in (or nil): a violation is first ruled out on that iteration
	// alone (accum.go, localChecks).
	local []*iterLoc
	// guesses, when set, are tried in turn before the violations: a
	// model of a violation that also satisfies a guess is a
	// counterexample found early; any other answer under a guess is
	// dropped and the violations are checked as usual (sumbounds.go,
	// sharesValueGoal).
	guesses [][]z3.Term
	// cond is the plan condition a KindPlanPrecondition or
	// KindPlanPostcondition goal is about (for the replay).
	cond *ir.Condition
	// guarantee is the guarantee a KindGuarantee goal is about (for the
	// replay's monitor).
	guarantee *ir.Guarantee
	// diagnose, when set, may add a hint to a failed obligation; it runs
	// with the negated goal still asserted on s.
	// When the violation was found by a bounded search (smallViolation),
	// s is that search's solver and confirm the proof's solver with the
	// same violation and no bound: a hint found on s holds only if it
	// holds on confirm too (nil: s has no bound).
	diagnose func(s, confirm *z3.Solver) string
	// separate, when set, is asked of a counterexample before it is
	// replayed: a value that is not a row's column must also differ from
	// every returned row's column, or a concrete trace cannot show the
	// violation (provenance.go). It is built only once a violation is
	// found, since it is quadratic in the rows in full.
	separate *separation
	// sufficient, when set, are the violations of a condition that
	// implies holds under defs and is linear where violations are
	// quadratic (injectiveKeys): when none of them can hold, the goal is
	// proved without checking the violations.
	sufficient [][]z3.Term
	// smallFirst, when set, looks for a counterexample with every query
	// returning at most two rows first (smallViolation).
	smallFirst bool
	// expand, when set, builds the goal in full (holds, violations,
	// explain): a goal with sufficient leaves them out until they are
	// needed.
	expand func() (goal, error)
	// uniqueAssumed is set when defs hold the __unique__ constraints
	// of every query result (x.uniqueRetryTerms).
	uniqueAssumed bool
	// implied, when set, are proved lemmas (an accumulator's invariant
	// after its loop, accum.go) that imply holds by themselves: holds is
	// first checked against them alone, on a solver of its own with no
	// assumption, and unsat proves the goal (dropping assumptions only
	// admits more models). The full encoding of a loop whose guards read
	// a running total is what Z3 takes seconds to take in (its first
	// push on the proof's solver, 12 s of a 24 s proof at 1000 bills);
	// the invariant was proved without it. Any other answer proves
	// nothing and the goal is decided in full.
	implied []z3.Term
	// prefixFirst, when set, has a counterexample looked for first on
	// the runs whose query results have at most prefixCap elements
	// (decidePrefix): a sum or count over a loop that keeps a running
	// total, with no invariant, is a goal Z3 does not decide on the
	// unrolled loop of a thousand copies (refused after minutes), while
	// a running total that breaks its cap does so within a few rows.
	prefixFirst bool
	// cut, when valid, is the call whose failure ends the run in a
	// failed-call obligation (failedCallGoal): the replay fails that
	// call.
	cut z3.Term
}

// expanded is g built in full (goal.expand), with what g carries about
// itself rather than about its claim: the obligation, the definitions,
// and what the caller set after building g (the guarantee or plan
// condition the replay checks). A full goal that lost its guarantee had
// every counterexample refused as one that does not replay ("no
// guarantee to monitor"; contractgen seeds 263 and 1177).
// TestExpandedKeepsIdentity lists every field of goal as either kept
// here or built by expand.
func (g goal) expanded() (goal, error) {
	if g.expand == nil {
		return g, nil
	}
	full, err := g.expand()
	if err != nil {
		return goal{}, err
	}
	full.ob, full.defs, full.uniqueAssumed = g.ob, g.defs, g.uniqueAssumed
	full.guarantee, full.cond, full.cut = g.guarantee, g.cond, g.cut
	return full, nil
}

func (x *executor) decide(g goal) *Obligation {
	ob := g.ob
	// Past the deadline no check runs (the context is cancelled), so
	// building the goal's full encoding (a loop's pairs of rows, its
	// lemmas) would only delay the refusal, by tens of seconds on a
	// long loop.
	if err := x.pastDeadline(); err != nil {
		ob.refuse(x.checkCode(err), x.gaveUpReason(err))
		return ob
	}
	if g.implied != nil && x.impliedAlone(g) {
		ob.Status = Proved
		return ob
	}
	if g.sufficient != nil {
		// Any answer but unsat proves nothing, and the goal is decided
		// in full below.
		r, s, err := x.violateWith(goal{ob: ob, defs: g.defs, violations: g.sufficient}, nil)
		x.release(s)
		if err == nil && r == z3.Unsat {
			ob.Status = Proved
			return ob
		}
	}
	if g.expand != nil {
		full, err := g.expanded()
		if err != nil {
			ob.refuse(ir.CodeOf(err, ir.ProverLimit), err.Error())
			return ob
		}
		g = full
	}
	r, s, separated, found, err := x.violateSmallFirst(g) // smallmodel.go
	if s != nil {
		defer x.release(s)
	}
	if err == nil && r == z3.Sat && g.separate != nil && !separated && !x.separable(s, g, ob) {
		return ob // ob says why (provenance.go)
	}
	switch {
	case err != nil:
		ob.refuse(x.checkCode(err), x.gaveUpReason(err))
	case r == z3.Unsat:
		ob.Status = Proved
	case r == z3.Sat:
		if code, why := x.withPendingRows(s); why != "" { // lazyrows.go
			ob.refuse(code, why)
			break
		}
		m, err := s.Model()
		if err != nil {
			ob.refuse(ir.SolverError, "counterexample unavailable: "+err.Error())
			break
		}
		if err := x.replay(x.runCtx, m, g); err != nil {
			var dup *duplicateRowsError
			if errors.As(err, &dup) && !g.uniqueAssumed {
				// Most goals leave __unique__ out (result.go), so
				// the model may repeat a unique column; runs never
				// do (the runtime refuses such a result), so the
				// goal is decided again with every result's
				// uniqueness assumed.
				g.uniqueAssumed = true
				g.defs = append(append([]z3.Term{}, g.defs...), x.uniqueRetryTerms()...)
				x.release(s) // the next decision starts at scope 0
				return x.decide(g)
			}
			var unknown *z3.UnknownError
			if errors.As(err, &unknown) {
				// The monitor gave up on the replayed trace: a
				// limit stopped the proof, not a spurious model.
				ob.refuse(x.checkCode(err), "a counterexample was found but its replay could not be checked: "+x.gaveUpReason(err))
				break
			}
			ob.refuse(ir.NoReplay, noReplay+", so it is not shown: "+err.Error())
			break
		}
		ob.Status = Failed
		ob.Counterexample = g.explain(m)
		if g.diagnose != nil && ob.Counterexample != nil {
			ds, confirm := s, (*z3.Solver)(nil)
			if found != nil {
				// A hint is optional: it is asked with the small
				// search's bound on the quick solver (the joint
				// checks' short limit), so a column that does
				// not rule the violation out (a satisfiable
				// check, slow over many rows' strings) costs no
				// more than that, and confirmed on the proof's
				// solver without the bound. (Changing the small
				// solver's limits instead made Z3 4.8.12 crash
				// in a later check.)
				ds = x.quickBase()
				ds.Push()
				for _, t := range append(append(append([]z3.Term{}, g.defs...), found...), x.smallResults(smallPairBound)...) {
					ds.Assert(t)
				}
				defer x.release(ds)
				confirm = x.base()
				confirm.Push()
				for _, t := range append(append([]z3.Term{}, g.defs...), found...) {
					confirm.Assert(t)
				}
				defer x.release(confirm)
			}
			if hint := g.diagnose(ds, confirm); hint != "" {
				ob.Counterexample.Summary = strings.TrimPrefix(ob.Counterexample.Summary+"; "+hint, "; ")
			}
		}
	default:
		ob.refuse(ir.SolverUnknown, "solver answered "+r.String())
	}
	return ob
}

// impliedAlone reports whether g.implied rules out every violation of
// g.holds without the assumptions (goal.implied), on a solver of its own
// with a share of the resource limit; any answer but unsat is false.
func (x *executor) impliedAlone(g goal) bool {
	s := x.ctx.NewSolverLimits(x.share(searchShare))
	defer s.Close()
	for _, t := range g.implied {
		s.Assert(t)
	}
	s.Assert(x.ctx.Not(g.holds))
	r, err := s.Check()
	return err == nil && r == z3.Unsat
}

// goals builds one goal per requires clause per call site, then one per
// guarantee, in that order.
func (x *executor) goals(p *ir.Program) ([]goal, error) {
	var out []goal
	// A call site inside a loop records one fact per iteration; its
	// requires clause is one obligation covering all of them.
	grouped := groupBySite(x.sites, func(s *precondition) (ir.Pos, *ir.Condition) { return s.fact.pos, s.cond })
	factIndex := make(map[*fact]int, len(x.facts))
	for i, f := range x.facts {
		factIndex[f] = i
	}
	for _, sites := range grouped {
		first := sites[0]
		conj := []z3.Term{x.ctx.True()}
		broken := make([]z3.Term, len(sites))
		violations := make([][]z3.Term, len(sites))
		local := make([]*iterLoc, len(sites))
		for i, site := range sites {
			conj = append(conj, x.ctx.Implies(site.attempted, site.holds))
			broken[i] = x.ctx.And(site.attempted, x.ctx.Not(site.holds))
			violations[i] = []z3.Term{site.attempted, x.ctx.Not(site.holds)}
			if fi, ok := factIndex[site.fact]; ok {
				local[i] = x.iterationOf(fi)
			}
		}
		out = append(out, goal{
			ob: &Obligation{
				Kind:   KindPrecondition,
				Name:   first.fact.effect.Name,
				Pos:    first.fact.pos,
				Clause: first.cond.Source,
			},
			holds:      x.ctx.And(conj...),
			violations: violations,
			local:      local,
			explain: func(m *z3.Model) *Counterexample {
				var offending []*fact
				for i, t := range broken {
					if isTrue(m, t) {
						offending = append(offending, sites[i].fact)
						break
					}
				}
				return x.explainFacts(m, offending, lambdaFields(first.cond.Pred), "")
			},
		})
	}
	// Likewise an assert or raise in a loop or a helper called several
	// times is one obligation per source position.
	checkAt := map[ir.Pos]int{}
	var checkGroups [][]*check
	for _, ck := range x.checks {
		i, ok := checkAt[ck.pos]
		if !ok {
			i = len(checkGroups)
			checkAt[ck.pos] = i
			checkGroups = append(checkGroups, nil)
		}
		checkGroups[i] = append(checkGroups[i], ck)
	}
	for _, cks := range checkGroups {
		conj := []z3.Term{x.ctx.True()}
		broken := make([][]z3.Term, len(cks))
		for i, ck := range cks {
			conj = append(conj, x.ctx.Implies(ck.reached, ck.holds))
			broken[i] = []z3.Term{ck.reached, x.ctx.Not(ck.holds)}
		}
		out = append(out, goal{
			ob:         &Obligation{Kind: KindCheck, Name: cks[0].what, Pos: cks[0].pos},
			holds:      x.ctx.And(conj...),
			violations: broken,
			explain: func(m *z3.Model) *Counterexample {
				return x.explainFacts(m, nil, nil, "")
			},
		})
	}
	out = append(out, x.planConditionGoals()...)
	for _, gr := range p.Guarantees {
		g, err := x.guarantee(gr)
		if err != nil {
			return nil, err
		}
		g.guarantee = gr
		out = append(out, g)
		fg, ok, err := x.failedCallGoal(gr)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, fg)
		}
	}
	return out, nil
}

// violate checks whether g can be violated, on a solver holding the
// assumptions and g's definitions: with g.violations, one violation at a
// time in its own scope, stopping at the first that is not unsat. The
// solver of that check is returned for the model (the caller closes it).
func (x *executor) violate(g goal) (z3.Result, *z3.Solver, error) {
	// With string memberships that bear on g (relevantLemmas), the
	// encoding with the contains form of each as a lemma (membership.go)
	// goes first. Tried second, after the plain encoding spent the whole
	// resource limit, it gave up too on layers/db's
	// emails_not_example_fail: what Z3 4.8.12 made of the first attempt
	// stayed in the context and slowed the second. (That case is now
	// refused at the default limit either way: a solver the limit stopped
	// is renewed before its next check, and from a fresh solver its
	// counterexample needs three to four times the default.)
	g, err := x.ruleOutLocally(g)
	if err != nil {
		return z3.Unknown, nil, err
	}
	if g.violations != nil && len(g.violations) == 0 {
		return z3.Unsat, nil, nil
	}
	lemmas := x.relevantLemmas(x.goalTerms(g))
	if len(lemmas) == 0 {
		return x.violateWith(g, nil)
	}
	r, s, err := x.violateWith(g, lemmas)
	if x.gaveUp(r, err) {
		x.release(s)
		r, s, err = x.violateWith(g, nil)
	}
	return r, s, err
}

// ruleOutLocally drops from g the violations that the loop iteration
// they are in rules out on its own (localChecks), before any check on
// the full encoding: each local check is the size of one iteration,
// where the joint check of a loop's string violations on the full
// encoding spent its whole share without an answer (the send_email
// preconditions of the provenance plan at 1000 rows: 8 joint checks and
// their lemmas, a third of the proof's CPU, none unsat). When none
// remains, neither the lemmas nor the proof's solver are needed. The
// iterations of one loop have the same shape, so after the first
// violation a loop's iteration cannot rule out, the rest of that loop's
// go straight to the full encoding, as they did before; local is nil in
// the goal returned.
func (x *executor) ruleOutLocally(g goal) (goal, error) {
	if g.local == nil {
		return g, nil
	}
	lc := x.newLocalChecks()
	defer lc.close()
	failed := map[*loopRecord]bool{}
	vs := [][]z3.Term{}
	for i, v := range g.violations {
		if loc := g.local[i]; loc != nil && !failed[loc.rec] {
			ok, err := lc.unsat(loc, v)
			if err != nil {
				return g, err
			}
			if ok {
				continue
			}
			failed[loc.rec] = true
		}
		vs = append(vs, v)
	}
	g.violations, g.local = vs, nil
	return g, nil
}

// goalTerms are the terms violate asserts for g beside the assumptions.
func (x *executor) goalTerms(g goal) []z3.Term {
	ts := append([]z3.Term{}, g.defs...)
	if g.violations == nil || g.holds.IsValid() {
		ts = append(ts, g.holds)
	}
	for _, v := range g.violations {
		ts = append(ts, v...)
	}
	for _, guess := range g.guesses {
		ts = append(ts, guess...)
	}
	return ts
}

// violateWith is violate with the lemmas given asserted beside g.
func (x *executor) violateWith(g goal, lemmas []z3.Term) (z3.Result, *z3.Solver, error) {
	vs := g.violations
	if vs == nil {
		vs = [][]z3.Term{{x.ctx.Not(g.holds)}}
	}
	if len(vs) == 1 {
		for _, guess := range g.guesses {
			r, gs, err := x.tryGuess(g, vs[0], guess, lemmas)
			if err != nil || r == z3.Sat {
				return r, gs, err
			}
		}
	}
	s := x.base()
	s.Push()
	for _, l := range lemmas {
		s.Assert(l)
	}
	for _, d := range g.defs {
		s.Assert(d)
	}
	// what s holds beside the assumptions
	premises := append(append([]z3.Term{}, lemmas...), g.defs...)
	for start := 0; start < len(vs); start += batchDisjuncts {
		chunk := vs[start:min(start+batchDisjuncts, len(vs))]
		if x.unsatTogether(premises, chunk) {
			continue
		}
		for _, v := range chunk {
			s.Push()
			for _, t := range v {
				s.Assert(t)
			}
			r, err := s.Check()
			if err != nil || r != z3.Unsat {
				return r, s, err
			}
			s.Pop(1)
		}
	}
	x.release(s)
	return z3.Unsat, nil, nil
}

// unsatTogether checks the violations vs (at least jointMin) as one
// disjunction under premises, on the quick solver (a hundredth of the
// resource limit): unsat
// rules every one of them out in one check (an obligation over a loop's
// facts has one violation per iteration). Any other answer proves
// nothing, and the caller checks them one at a time, which is what finds
// a counterexample, and what Z3 decides faster for many string
// constraints (see goal.violations); the share bounds what the attempt
// can waste.
func (x *executor) unsatTogether(premises []z3.Term, vs [][]z3.Term) bool {
	if len(vs) < jointMin {
		return false
	}
	disjuncts := make([]z3.Term, len(vs))
	for i, v := range vs {
		disjuncts[i] = x.ctx.And(v...)
	}
	s := x.quickBase()
	defer x.release(s)
	s.Push()
	for _, p := range premises {
		s.Assert(p)
	}
	s.Assert(x.ctx.Or(disjuncts...))
	r, err := s.Check()
	return err == nil && r == z3.Unsat
}

// base is the proof's shared solver with every assumption made so far
// asserted at scope 0. A caller pushes a scope before asserting anything
// of its own and ends with release, which pops back to scope 0, so no
// check ever sees another's goal or definitions. Assumptions only grow
// (the executor appends them), so asserting the new ones at scope 0 keeps
// shared holding exactly x.assumptions.
func (x *executor) base() *z3.Solver {
	x.fullUses++
	if x.shared == nil {
		x.shared = x.ctx.NewSolverLimits(x.limits())
	}
	if n := x.shared.Scopes(); n != 0 {
		// A scope left open would leak one check's goal into the
		// next; Pop records the misuse as the context's error, so
		// every later check refuses rather than decide wrongly.
		x.ctx.Fail("Solver", fmt.Sprintf("internal error: the proof's solver has %d scopes open where it should have none", n))
	}
	for _, a := range x.assumptions[x.sharedAsserted:] {
		x.shared.Assert(a)
	}
	x.sharedAsserted = len(x.assumptions)
	return x.shared
}

// quickBase is base for the joint checks (unsatTogether,
// provedTogether): a second solver of the proof, made on first use,
// whose checks get a hundredth of the resource limit. Changing a
// solver's limits between checks costs about 2 ms on Z3 4.8.12 (more
// than most checks), so the short limit has a solver of its own.
func (x *executor) quickBase() *z3.Solver {
	if x.quick == nil {
		x.quick = x.ctx.NewSolverLimits(x.share(jointShare))
	}
	if n := x.quick.Scopes(); n != 0 {
		x.ctx.Fail("Solver", fmt.Sprintf("internal error: the proof's quick solver has %d scopes open where it should have none", n))
	}
	for _, a := range x.assumptions[x.quickAsserted:] {
		x.quick.Assert(a)
	}
	x.quickAsserted = len(x.assumptions)
	return x.quick
}

// release ends a check's use of s: the shared solvers are popped back
// to scope 0, a solver of the check's own is closed.
func (x *executor) release(s *z3.Solver) {
	if s == nil {
		return
	}
	if s == x.shared || s == x.quick {
		s.PopTo(0)
		return
	}
	s.Close()
}

// tryGuess checks the violation v together with guess on a solver of its
// own with a share of the resource limit (searchShare), so that a guess Z3 cannot settle costs at most
// that. On sat the solver is returned for the model; on unsat or unknown
// it is closed and the answer means nothing. An error other than Z3
// giving up is returned.
func (x *executor) tryGuess(g goal, v, guess, lemmas []z3.Term) (z3.Result, *z3.Solver, error) {
	s := x.ctx.NewSolverLimits(x.share(searchShare))
	for _, a := range x.assumptions {
		s.Assert(a)
	}
	for _, l := range lemmas {
		s.Assert(l)
	}
	for _, t := range append(append(append([]z3.Term{}, g.defs...), v...), guess...) {
		s.Assert(t)
	}
	r, err := s.Check()
	if r == z3.Sat {
		return r, s, nil
	}
	s.Close()
	return r, nil, tolerateUnknown(err)
}

// groupBySite groups the evaluations of conditions by call site and
// clause, in order of first appearance: a site inside a loop or a helper
// called twice is evaluated many times but is one obligation.
func groupBySite[T any](items []T, site func(T) (ir.Pos, *ir.Condition)) [][]T {
	type key struct {
		pos  ir.Pos
		cond *ir.Condition
	}
	at := map[key]int{}
	var groups [][]T
	for _, it := range items {
		pos, cond := site(it)
		i, ok := at[key{pos, cond}]
		if !ok {
			i = len(groups)
			at[key{pos, cond}] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], it)
	}
	return groups
}
