package z3

/*
#include <stdlib.h>
#include <string.h>
#include <z3.h>

// The solver's "rlimit count" statistic: the context's resource counter,
// which every check advances by the work it does; 0 when absent.
static unsigned long long z3go_rlimit_count(Z3_context c, Z3_solver s) {
	Z3_stats st = Z3_solver_get_statistics(c, s);
	if (Z3_get_error_code(c) != Z3_OK || st == NULL) {
		return 0;
	}
	Z3_stats_inc_ref(c, st);
	unsigned long long n = 0;
	unsigned size = Z3_stats_size(c, st);
	for (unsigned i = 0; i < size; i++) {
		if (strcmp(Z3_stats_get_key(c, st, i), "rlimit count") == 0 && Z3_stats_is_uint(c, st, i)) {
			n = Z3_stats_get_uint_value(c, st, i);
		}
	}
	Z3_stats_dec_ref(c, st);
	return n;
}
*/
import "C"

import (
	"math"
	"strings"
	"time"
)

// Result is the outcome of Solver.Check.
type Result int

// Check results. The zero Result is Unknown.
const (
	Unknown Result = iota
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// UnknownError is returned by Check when Z3 gives up. Reason is Z3's
// reason, e.g. "timeout", "canceled", "interrupted", "incomplete
// quantifiers" or "max. resource limit exceeded".
type UnknownError struct {
	// Reason is Z3's reason, or the binding's words when the binding
	// stopped the check. It is for people: callers decide on the fields
	// below, never on its text.
	Reason string
	// Rlimit is set when the check used up the solver's resource limit
	// (Limits.Rlimit): Z3 4.8.12 then says "canceled", as it does for a
	// timeout, so the binding tells them apart by the work counted.
	Rlimit bool
	// Timeout is set when the wall-clock limit (Limits.Timeout) stopped
	// the check: the binding's own timer interrupted it.
	Timeout bool
	// Canceled is set when the Context's Cancel stopped the check or
	// answered it without running Z3.
	Canceled bool
	// Limited is set when a limit or a cancellation stopped the check:
	// one of the above, or a limit Z3 names in its reason (limitReason).
	// A check that gave up for any other cause (an incomplete theory,
	// say) has it unset.
	Limited bool
}

// Limits bound each Check of a solver.
type Limits struct {
	// Timeout is the wall-clock limit; 0 means none, which callers
	// should avoid (some formulas run for minutes and use gigabytes). A
	// loaded machine reaches it sooner. The binding enforces it with a
	// Go timer that interrupts the check (Context.check), not with Z3's
	// timeout parameter: Z3 4.8.12 hands every check with that parameter
	// to a timer thread and spins on sched_yield until the thread lets
	// go, 10-20 % of a small proof's CPU on a busy machine.
	Timeout time.Duration
	// Rlimit is Z3's resource limit: units of work (not time) a check
	// may do, so a check stopped by it stops at the same point on a busy
	// machine as on an idle one; 0 means none. On Z3 4.8.12 it counts
	// from the check's start, every check getting the whole amount.
	Rlimit uint64
}

func (e *UnknownError) Error() string {
	return "z3: check returned unknown: " + e.Reason
}

// Solver is an incremental Z3 solver of a Context. It follows the
// Context's threading rules. Close it when done (Context.Close also
// releases it).
type Solver struct {
	c      *Context
	s      C.Z3_solver
	last   Result // result of the last Check, Unknown after any change
	limits Limits
	// fallback is the solver that answered the last Check when the
	// incremental one gave up (Check): the model is read from it. It is
	// released at the next change of s.
	fallback C.Z3_solver
	// scopes holds the terms asserted in each scope, the base first and
	// one more per open Push: what renew asserts on a fresh Z3 solver.
	// The count is kept here rather than asked of Z3 so that Push and Pop
	// can skip Z3 once the context is cancelled (Context.stopped) and the
	// count still matches the caller's.
	scopes [][]Term
	// stale is set when a Check of s was stopped by a limit, an
	// interrupt or a cancellation. Z3 4.8.12 can leave its incremental
	// core inconsistent then, and a later check of the same solver
	// crashed the process (see the package documentation), so the next
	// use of the solver first replaces s by a fresh one (renew).
	stale bool
}

// NewSolver makes a solver with the given timeout per Check (Limits).
// timeout <= 0 means no timeout, which callers should
// avoid: some formulas run for minutes and use gigabytes. The solver
// parameter ctrl_c is always false, so Z3 never touches the process's
// SIGINT handler (see the package documentation).
//
// After an error (see Context.Err) NewSolver returns an inert Solver whose
// Check returns Unknown with that error.
func (c *Context) NewSolver(timeout time.Duration) *Solver {
	return c.NewSolverLimits(Limits{Timeout: timeout})
}

// NewSolverLimits is NewSolver with both limits.
func (c *Context) NewSolverLimits(l Limits) *Solver {
	const op = "NewSolver"
	s := &Solver{c: c, limits: l}
	if !c.ready(op) {
		return s
	}
	// Z3_mk_solver's solver (a "combined" one) builds the tactics of
	// every logic before its first check: about 10 ms of CPU on Z3
	// 4.8.12, where its incremental core alone, which is what the
	// combined solver checks with once a scope was pushed, starts in
	// 0.4 ms. So a solver is that core (Z3_mk_simple_solver), and Check
	// does what the combined solver would do when the core gives up.
	h := C.Z3_mk_simple_solver(c.ctx)
	if !c.ok(op) || h == nil {
		c.failf(op, "Z3_mk_simple_solver failed")
		return s
	}
	C.Z3_solver_inc_ref(c.ctx, h)
	s.s = h
	s.scopes = [][]Term{nil}
	c.solvers[s] = struct{}{}
	c.stats.Solvers++
	c.setSolverParams(op, h, l)
	return s
}

// renew replaces a stale solver's Z3 solver by a fresh one holding the
// same assertions in the same scopes, with the same limits, and releases
// the old one without checking it again. It reports whether the solver
// can be used.
func (s *Solver) renew(op string) bool {
	if !s.stale {
		return true
	}
	c := s.c
	s.changed()
	h := C.Z3_mk_simple_solver(c.ctx)
	if !c.ok(op) || h == nil {
		c.failf(op, "Z3_mk_simple_solver failed")
		return false
	}
	C.Z3_solver_inc_ref(c.ctx, h)
	C.Z3_solver_dec_ref(c.ctx, s.s)
	s.s, s.stale = h, false
	c.stats.Solvers++
	c.stats.Renewed++
	if !c.setSolverParams(op, h, s.limits) {
		return false
	}
	for i, level := range s.scopes {
		if i > 0 {
			C.Z3_solver_push(c.ctx, h)
		}
		for _, t := range level {
			C.Z3_solver_assert(c.ctx, h, t.a)
		}
	}
	return c.ok(op)
}

// SetLimits changes the limits of the checks to come, so one solver can
// take a short first attempt and then a longer one.
func (s *Solver) SetLimits(l Limits) {
	if !s.live("SetLimits") || l == s.limits {
		return
	}
	if l.Rlimit == s.limits.Rlimit { // the timeout is the binding's own (Limits)
		s.limits = l
		return
	}
	if s.c.setSolverParams("SetLimits", s.s, l) {
		s.limits = l
	}
}

// Limits are the solver's limits.
func (s *Solver) Limits() Limits {
	if s == nil {
		return Limits{}
	}
	return s.limits
}

// setSolverParams sets ctrl_c=false and the limits on h. A zero limit
// is set too (as "none"), so that SetLimits can lift one.
func (c *Context) setSolverParams(op string, h C.Z3_solver, l Limits) bool {
	p := C.Z3_mk_params(c.ctx)
	if !c.ok(op) || p == nil {
		c.failf(op, "Z3_mk_params failed")
		return false
	}
	C.Z3_params_inc_ref(c.ctx, p)
	defer C.Z3_params_dec_ref(c.ctx, p)
	if sym, ok := c.symbol(op, "ctrl_c"); ok {
		C.Z3_params_set_bool(c.ctx, p, sym, C.bool(false))
	}
	// "No timeout" to Z3: check enforces l.Timeout itself (Limits).
	if sym, ok := c.symbol(op, "timeout"); ok {
		C.Z3_params_set_uint(c.ctx, p, sym, C.uint(math.MaxUint32))
	}
	// 0 is "no limit" to Z3; the parameter is 32 bits wide.
	if sym, ok := c.symbol(op, "rlimit"); ok {
		C.Z3_params_set_uint(c.ctx, p, sym, C.uint(min(l.Rlimit, math.MaxUint32)))
	}
	if !c.ok(op) {
		return false
	}
	C.Z3_solver_set_params(c.ctx, h, p)
	return c.ok(op)
}

// discardInterrupt clears a Z3_interrupt that arrived after Z3 finished
// the check it was meant for. Z3 keeps such an interrupt pending, failing
// later pushes and simplifications with "canceled", until the next check
// starts; so run a check of an empty solver (about 0.1 ms). This only
// happens after Interrupt was called during a Check.
func (c *Context) discardInterrupt() {
	if c.err != nil {
		return
	}
	if c.scratch == nil {
		h := C.Z3_mk_simple_solver(c.ctx)
		if !c.ok("Check") || h == nil {
			return
		}
		C.Z3_solver_inc_ref(c.ctx, h)
		c.scratch = h
		if !c.setSolverParams("Check", h, Limits{Timeout: time.Second}) {
			return
		}
	}
	C.Z3_solver_check(c.ctx, c.scratch)
	c.clearErr()
}

// live reports whether the solver can be used, recording ErrClosed if the
// solver was closed.
func (s *Solver) live(op string) bool {
	if s == nil || !s.c.ready(op) {
		return false
	}
	if s.s == nil {
		s.c.setErr(ErrClosed)
		return false
	}
	return s.renew(op)
}

// Push opens a backtracking scope. Once the context is cancelled it
// only counts the scope: Z3 internalizes the assertions before a push,
// seconds of work for a large encoding, and no check will read them.
func (s *Solver) Push() {
	if !s.live("Push") {
		return
	}
	s.changed()
	if s.c.stopped() {
		s.scopes = append(s.scopes, nil)
		return
	}
	C.Z3_solver_push(s.c.ctx, s.s)
	if s.c.ok("Push") {
		s.scopes = append(s.scopes, nil)
	}
}

// Pop closes n scopes (an error if fewer are open). Once the context is
// cancelled it only counts them, as Push does.
func (s *Solver) Pop(n uint) {
	if n == 0 || !s.live("Pop") {
		return
	}
	s.changed()
	if open := uint(len(s.scopes) - 1); n > open {
		s.c.failf("Pop", "cannot pop %d scopes, only %d open", n, open)
		return
	}
	if s.c.stopped() {
		s.scopes = s.scopes[:len(s.scopes)-int(n)]
		return
	}
	C.Z3_solver_pop(s.c.ctx, s.s, C.uint(n))
	if s.c.ok("Pop") {
		s.scopes = s.scopes[:len(s.scopes)-int(n)]
	}
}

// Scopes is the number of backtracking scopes open (0 when none).
func (s *Solver) Scopes() uint {
	if !s.live("Scopes") {
		return 0
	}
	return uint(len(s.scopes) - 1)
}

// PopTo closes scopes until level are left open: a caller that pushed at
// level returns the solver to where it found it however many scopes the
// work since opened.
func (s *Solver) PopTo(level uint) {
	if open := s.Scopes(); open > level {
		s.Pop(open - level)
	}
}

// Assert adds the Boolean term t to the current scope.
func (s *Solver) Assert(t Term) {
	const op = "Assert"
	if !s.live(op) || !s.c.arg(op, 0, t) {
		return
	}
	s.changed()
	if s.c.stopped() { // no check will read it (Push)
		return
	}
	C.Z3_solver_assert(s.c.ctx, s.s, t.a)
	if s.c.ok(op) {
		last := len(s.scopes) - 1
		s.scopes[last] = append(s.scopes[last], t)
	}
}

// Reset removes all assertions and scopes (the parameters stay).
func (s *Solver) Reset() {
	if !s.live("Reset") {
		return
	}
	s.changed()
	C.Z3_solver_reset(s.c.ctx, s.s)
	if s.c.ok("Reset") {
		s.scopes = [][]Term{nil}
	}
}

// Close releases the solver. It is idempotent; Models taken from it stay
// valid.
func (s *Solver) Close() {
	if s == nil || s.s == nil {
		return
	}
	s.changed()
	if s.c.ctx != nil {
		C.Z3_solver_dec_ref(s.c.ctx, s.s)
		delete(s.c.solvers, s)
	}
	s.s = nil
}

// Check decides the conjunction of the assertions. It returns Sat or Unsat
// with a nil error, or Unknown with a non-nil error: an *UnknownError with
// Z3's reason (timeout, interrupt, incompleteness), or the Context's
// recorded error, in which case Z3 is not called at all.
//
// When the solver's incremental core gives up for another reason than a
// limit or a cancellation (an incomplete theory, say), Check asks once
// more on a solver of Z3_mk_solver's kind with the same assertions and
// limits, which preprocesses them with Z3's tactics first: what that
// kind of solver does by itself in the same case, so a solver decides
// what Z3_mk_solver's would (see NewSolverLimits).
func (s *Solver) Check() (Result, error) {
	const op = "Check"
	if s == nil {
		return Unknown, ErrClosed
	}
	if !s.live(op) {
		return Unknown, s.c.Err()
	}
	s.changed()
	a, err := s.c.check(op, s.s, s.limits)
	// the check was stopped part-way (a limit, an interrupt, a
	// cancellation), so the solver is not checked again (stale); a
	// check that never reached Z3 left it as it was
	s.stale = a.limited && a.ran
	if err == nil && a.r == Unknown && !a.limited {
		if fa, ok, ferr := s.checkFallback(op); ok {
			a, err = fa, ferr
		}
	}
	if err != nil {
		return Unknown, err
	}
	s.last = a.r
	if a.r == Unknown {
		return Unknown, &UnknownError{Reason: a.reason, Rlimit: a.spent, Timeout: a.timeout, Canceled: a.canceled, Limited: a.limited}
	}
	return a.r, nil
}

// answer is the outcome of one Z3_solver_check.
type answer struct {
	r      Result
	reason string // Z3's reason when r is Unknown
	spent  bool   // the check used up its resource limit
	// timeout is set when the binding's timer (Limits.Timeout) stopped
	// the check, canceled when Cancel did.
	timeout, canceled bool
	// limited is set when an unknown answer came from a limit, an
	// interrupt or a cancellation, after which Z3_mk_solver's solver
	// would not try again either.
	limited bool
	// ran is set when Z3_solver_check was called (a cancelled job's
	// checks are answered without it).
	ran bool
}

// check runs one Z3_solver_check on h with limits l.
func (c *Context) check(op string, h C.Z3_solver, l Limits) (answer, error) {
	c.mu.Lock()
	if c.cancelled {
		c.mu.Unlock()
		return answer{reason: "canceled", canceled: true, limited: true}, nil
	}
	c.checking, c.interrupted, c.timedOut = true, false, false
	c.checkSeq++
	seq := c.checkSeq
	c.mu.Unlock()
	if l.Timeout > 0 {
		t := time.AfterFunc(l.Timeout, func() { c.timeUp(seq) })
		defer t.Stop()
	}
	c.stats.Checks++
	var before C.ulonglong
	if l.Rlimit > 0 {
		before = C.z3go_rlimit_count(c.ctx, h)
		c.clearErr()
	}
	zr := C.Z3_solver_check(c.ctx, h)
	c.mu.Lock()
	c.checking = false
	interrupted, timedOut := c.interrupted, c.timedOut
	c.mu.Unlock()
	if !c.ok(op) {
		return answer{limited: true, ran: true}, c.err
	}
	var reason string
	spent := false
	if zr != C.Z3_L_TRUE && zr != C.Z3_L_FALSE {
		reason = C.GoString(C.Z3_solver_get_reason_unknown(c.ctx, h))
		if !c.clearErr() || reason == "" {
			reason = "unknown"
		}
		if l.Rlimit > 0 && !interrupted {
			after := C.z3go_rlimit_count(c.ctx, h)
			c.clearErr()
			spent = uint64(after-before) >= min(l.Rlimit, math.MaxUint32)
		}
	}
	if interrupted {
		c.discardInterrupt()
	}
	switch zr {
	case C.Z3_L_TRUE:
		return answer{r: Sat, ran: true}, nil
	case C.Z3_L_FALSE:
		return answer{r: Unsat, ran: true}, nil
	}
	if spent {
		return answer{reason: "max. resource limit exceeded", spent: true, limited: true, ran: true}, nil
	}
	c.mu.Lock()
	cancelled := c.cancelled
	c.mu.Unlock()
	if timedOut && !cancelled {
		return answer{reason: "timeout", timeout: true, limited: true, ran: true}, nil
	}
	return answer{reason: reason, canceled: cancelled, limited: interrupted || cancelled || limitReason(reason), ran: true}, nil
}

// timeUp interrupts check number seq when its wall-clock limit has
// passed, and again every retryInterrupt while it still runs: an
// interrupt that lands while Z3 is still setting the check up is lost
// (Interrupt), and no Z3 timer stands behind this one.
func (c *Context) timeUp(seq uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx == nil || !c.checking || c.checkSeq != seq {
		return
	}
	c.timedOut, c.interrupted = true, true
	C.Z3_interrupt(c.ctx)
	time.AfterFunc(retryInterrupt, func() { c.timeUp(seq) })
}

// retryInterrupt is how often timeUp repeats its interrupt.
const retryInterrupt = 10 * time.Millisecond

// limitReason reports whether Z3's reason for an unknown answer names a
// limit or a cancellation (Z3 4.8.12 says "canceled" for a timeout and
// for a spent resource limit alike). Z3 gives the reason as text only;
// this is the one place the binding reads it, and only to err towards
// "limited" (the solver is renewed, not asked again) when its own
// counts and flags missed a limit.
func limitReason(reason string) bool {
	for _, w := range []string{"canceled", "cancelled", "timeout", "interrupted", "resource limit", "memory"} {
		if strings.Contains(reason, w) {
			return true
		}
	}
	return false
}

// checkFallback checks the solver's assertions on a new solver of
// Z3_mk_solver's kind (Check). ok is false when that solver could not be
// made; the first answer then stands.
func (s *Solver) checkFallback(op string) (a answer, ok bool, err error) {
	c := s.c
	h := C.Z3_mk_solver(c.ctx)
	if !c.ok(op) || h == nil {
		return answer{}, false, c.Err()
	}
	C.Z3_solver_inc_ref(c.ctx, h)
	s.fallback = h
	c.stats.Solvers++
	c.stats.Fallbacks++
	if !c.setSolverParams(op, h, s.limits) {
		return answer{}, false, c.Err()
	}
	as := C.Z3_solver_get_assertions(c.ctx, s.s)
	if !c.ok(op) || as == nil {
		return answer{}, false, c.Err()
	}
	C.Z3_ast_vector_inc_ref(c.ctx, as)
	n := C.Z3_ast_vector_size(c.ctx, as)
	for i := C.uint(0); i < n; i++ {
		C.Z3_solver_assert(c.ctx, h, C.Z3_ast_vector_get(c.ctx, as, i))
	}
	C.Z3_ast_vector_dec_ref(c.ctx, as)
	if !c.ok(op) {
		return answer{}, false, c.Err()
	}
	a, err = c.check(op, h, s.limits)
	return a, true, err
}

// changed records that the solver's assertions or limits change: the
// last answer no longer holds, and the fallback solver that gave it is
// released.
func (s *Solver) changed() {
	s.last = Unknown
	if s.fallback != nil && s.c.ctx != nil {
		C.Z3_solver_dec_ref(s.c.ctx, s.fallback)
	}
	s.fallback = nil
}

// Model returns the model of the last Check, which must have returned Sat
// with no change to the solver since. The Model stays valid until it or
// the Context is closed.
func (s *Solver) Model() (*Model, error) {
	const op = "Model"
	if s == nil {
		return nil, ErrClosed
	}
	if !s.live(op) {
		return nil, s.c.Err()
	}
	if s.last != Sat {
		return nil, &Error{Op: op, Msg: "no model: the last Check did not return sat or the solver changed since"}
	}
	c := s.c
	h := s.s
	if s.fallback != nil {
		h = s.fallback
	}
	m := C.Z3_solver_get_model(c.ctx, h)
	if !c.ok(op) {
		return nil, c.err
	}
	if m == nil {
		c.failf(op, "Z3 returned NULL")
		return nil, c.err
	}
	C.Z3_model_inc_ref(c.ctx, m)
	mod := &Model{c: c, m: m}
	c.models[mod] = struct{}{}
	return mod, nil
}

// String returns the solver's assertions as SMT-LIB text.
func (s *Solver) String() string {
	if s == nil || s.s == nil || s.c.ctx == nil {
		return "<invalid solver>"
	}
	str := C.GoString(C.Z3_solver_to_string(s.c.ctx, s.s))
	s.c.clearErr()
	return str
}
