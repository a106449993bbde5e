package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

// The default Z3 error handler prints "Error: ..." and calls exit(1).
// This one does nothing; the binding reads Z3_get_error_code after each call.
static void z3go_noop_error_handler(Z3_context c, Z3_error_code e) {
	(void)c;
	(void)e;
}

static void z3go_install_noop_error_handler(Z3_context c) {
	Z3_set_error_handler(c, z3go_noop_error_handler);
}

// Releases the arena's references, newest first, in one cgo call.
static void z3go_dec_refs(Z3_context c, size_t n, Z3_ast const *as) {
	while (n > 0) {
		Z3_dec_ref(c, as[--n]);
	}
}
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// ErrClosed is recorded (and returned) when a closed Context, Solver or
// Model is used.
var ErrClosed = errors.New("z3: use of closed context, solver or model")

// Error is an error reported by Z3 (Code != 0) or detected by the binding
// before calling Z3 (Code == 0).
type Error struct {
	Op   string // binding operation, e.g. "Add" or "Check"
	Code int    // Z3_error_code; 0 if the binding detected the problem
	Msg  string // Z3's message (copied) or the binding's
}

func (e *Error) Error() string {
	return "z3: " + e.Op + ": " + e.Msg
}

// Z3's error codes (Z3_error_code) that the binding's callers and tests
// decide on, so none reads Z3's message to learn what went wrong.
const (
	// SortError: a term of the wrong sort, arity or type given to a
	// constructor (Z3_SORT_ERROR).
	SortError = int(C.Z3_SORT_ERROR)
	// Exception: Z3 raised an exception of its own (Z3_EXCEPTION); Z3
	// 4.8.12 raises most sort mismatches and a string constant with a
	// character it cannot hold this way.
	Exception = int(C.Z3_EXCEPTION)
)

// Context owns one Z3 context (Z3_mk_context_rc) and every Sort, Term,
// FuncDecl, Solver and Model made from it. Use one Context per
// verification job.
//
// A Context is not safe for concurrent use: all methods except Interrupt
// and Cancel must be called from one goroutine at a time (the goroutine
// may change, LockOSThread is not needed). Interrupt and Cancel may be
// called from any goroutine.
type Context struct {
	mu          sync.Mutex // guards ctx, checking, interrupted, timedOut, checkSeq and cancelled
	ctx         C.Z3_context
	checking    bool   // a Z3_solver_check is running
	interrupted bool   // Interrupt called Z3_interrupt during that check
	timedOut    bool   // the check's wall-clock limit interrupted it (check)
	checkSeq    uint64 // numbers the checks, so a late timer stops nothing
	cancelled   bool   // Cancel was called: no check runs any more

	scratch C.Z3_solver // empty solver used to discard a late interrupt

	// arena holds one entry per Z3_inc_ref taken on an AST (term, sort or
	// declaration); all are released together by Close.
	arena []C.Z3_ast

	err error // sticky first error

	solvers map[*Solver]struct{}
	models  map[*Model]struct{}

	stats Stats
}

// Stats counts what a Context did: the work a job costs, which callers
// report and tests bound (a fresh solver costs milliseconds before its
// first check).
type Stats struct {
	Solvers int // solvers made by NewSolver
	Checks  int // calls of Solver.Check that reached Z3
	// Fallbacks counts the checks asked again on a solver of
	// Z3_mk_solver's kind (Solver.Check); each also counts as a solver
	// and a check.
	Fallbacks int
	// Renewed counts the Z3 solvers made to replace one whose check a
	// limit, an interrupt or a cancellation stopped (Solver.Check); each
	// also counts as a solver.
	Renewed int
}

// Stats returns the counts so far.
func (c *Context) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	return c.stats
}

// NewContext creates a reference-counted Z3 context with an error handler
// that does not exit the process.
func NewContext() (*Context, error) {
	cfg := C.Z3_mk_config()
	if cfg == nil {
		return nil, &Error{Op: "NewContext", Msg: "Z3_mk_config returned NULL"}
	}
	ctx := C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	if ctx == nil {
		return nil, &Error{Op: "NewContext", Msg: "Z3_mk_context_rc returned NULL"}
	}
	C.z3go_install_noop_error_handler(ctx)
	// Print ASTs as SMT-LIB 2 text (shared subterms as let bindings).
	C.Z3_set_ast_print_mode(ctx, C.Z3_PRINT_SMTLIB2_COMPLIANT)
	return &Context{
		ctx:     ctx,
		solvers: make(map[*Solver]struct{}),
		models:  make(map[*Model]struct{}),
	}, nil
}

// Close releases the solvers and models that are still open and deletes
// the Z3 context, which frees every term, sort and declaration made from
// it. Values made from the context must not be used afterwards (their
// methods return zero values). Close is idempotent. It must not run
// concurrently with other methods except Interrupt.
func (c *Context) Close() {
	if c == nil || c.ctx == nil {
		return
	}
	c.release()
	c.mu.Lock()
	ctx := c.ctx
	c.ctx = nil
	C.Z3_del_context(ctx)
	c.mu.Unlock()
}

// release releases the solvers, models and terms of c, leaving the Z3
// context itself.
func (c *Context) release() {
	for s := range c.solvers {
		s.changed()
		C.Z3_solver_dec_ref(c.ctx, s.s)
		s.s = nil
	}
	for m := range c.models {
		C.Z3_model_dec_ref(c.ctx, m.m)
		m.m = nil
	}
	c.solvers, c.models = nil, nil
	if c.scratch != nil {
		C.Z3_solver_dec_ref(c.ctx, c.scratch)
		c.scratch = nil
	}
	// Z3_del_context frees ASTs that still have references in rounds, one
	// nesting level per round, each round scanning every AST of the
	// context: a chain of 400 nested stores took 0.55 s. Releasing the
	// references first lets ordinary reference counting free them (0.3 ms
	// for the same chain).
	if len(c.arena) > 0 {
		C.z3go_dec_refs(c.ctx, C.size_t(len(c.arena)), &c.arena[0])
	}
	c.arena = nil
}

// Recycle ends c's job and hands its Z3 context to a new Context for the
// next one, which saves making a context (about 3 ms of CPU, 80 ms for
// the first of a process). It releases every solver, model, term, sort
// and declaration of c, as Close does, and closes c: its values are
// invalid from then on, as after Close, and a late Interrupt or Cancel
// of c reaches nothing. What the next job sees is a Z3 context with no
// reference left from this one, whose memory Z3 reuses; Z3 still numbers
// its new terms from where this job left off (see the package
// documentation).
//
// A context that recorded an error is not recycled: Close it and make a
// new one (Recycle returns the error). Recycle must not run concurrently
// with other methods except Interrupt and Cancel.
func (c *Context) Recycle() (*Context, error) {
	if c == nil || c.ctx == nil {
		return nil, ErrClosed
	}
	if c.err != nil {
		return nil, c.err
	}
	c.release()
	c.mu.Lock()
	ctx := c.ctx
	c.ctx = nil
	c.mu.Unlock()
	// No check runs (the caller owns c), and an interrupt that came
	// after its check was cleared by Check (discardInterrupt); the error
	// code of a query that found no value may be left.
	C.Z3_set_error(ctx, C.Z3_OK)
	return &Context{
		ctx:     ctx,
		solvers: make(map[*Solver]struct{}),
		models:  make(map[*Model]struct{}),
	}, nil
}

// Err returns the first error recorded since the context was created, or
// nil. Once an error is recorded every operation that makes a value returns
// the zero value without calling Z3, and Solver.Check returns Unknown with
// this error.
func (c *Context) Err() error {
	if c == nil {
		return ErrClosed
	}
	return c.err
}

// Interrupt stops a Solver.Check that is running on this context; the
// Check then returns Unknown with reason "interrupted" (or "canceled"). It
// is safe to call from any goroutine, also concurrently with Close.
//
// Interrupt has no effect when no Check is running: it does not cancel
// later Checks, so a caller abandoning a job must also stop issuing them.
// (Z3 itself would keep an idle interrupt pending and fail the next Push
// or simplification with "canceled"; the binding prevents that.) An
// Interrupt that arrives while Z3 is still setting up a Check can be lost,
// in which case the Check runs until its timeout; repeat the call if that
// matters.
func (c *Context) Interrupt() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx != nil && c.checking {
		c.interrupted = true
		C.Z3_interrupt(c.ctx)
	}
}

// Cancel stops the job for good: a Check running now is interrupted, and
// every later Check returns Unknown with reason "canceled" without
// calling Z3. Unlike Interrupt it cannot be lost to timing, so a caller
// whose job was abandoned (a context deadline) gets refusals, not answers
// that took as long as their own timeouts. Safe from any goroutine.
func (c *Context) Cancel() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cancelled = true
	if c.ctx != nil && c.checking {
		c.interrupted = true
		C.Z3_interrupt(c.ctx)
	}
}

// stopped reports whether Cancel was called: from then on no check runs,
// so work that only prepares checks (Solver.Push, Pop, Assert) is
// skipped, and a job that runs past its deadline ends promptly.
func (c *Context) stopped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cancelled
}

// Version returns Z3's full version string.
func Version() string {
	return C.GoString(C.Z3_get_full_version())
}

// Fail records an error the caller detected, as the binding records its
// own: the context is poisoned from then on (see Err), so a job that
// finds its own state inconsistent refuses every later check instead of
// deciding on that state.
func (c *Context) Fail(op, msg string) {
	if c == nil {
		return
	}
	c.failf(op, "%s", msg)
}

// setErr records err if no error was recorded yet.
func (c *Context) setErr(err error) {
	if c.err == nil {
		c.err = err
	}
}

func (c *Context) failf(op, format string, args ...any) {
	c.setErr(&Error{Op: op, Msg: fmt.Sprintf(format, args...)})
}

// ready reports whether an operation may call Z3.
func (c *Context) ready(op string) bool {
	if c == nil {
		return false
	}
	if c.err != nil {
		return false
	}
	if c.ctx == nil {
		c.err = ErrClosed
		return false
	}
	return true
}

// ok reads Z3's error code after a call and records a Z3 error.
func (c *Context) ok(op string) bool {
	code := C.Z3_get_error_code(c.ctx)
	if code == C.Z3_OK {
		return true
	}
	msg := C.GoString(C.Z3_get_error_msg(c.ctx, code))
	c.setErr(&Error{Op: op, Code: int(code), Msg: msg})
	return false
}

// clearErr resets Z3's error code after a query whose failure only means
// "no value" and must not become sticky.
func (c *Context) clearErr() bool {
	if C.Z3_get_error_code(c.ctx) == C.Z3_OK {
		return true
	}
	C.Z3_set_error(c.ctx, C.Z3_OK)
	return false
}

// term checks the error code, then takes a reference for the arena. The
// order matters: Z3_inc_ref resets the error code and crashes on NULL.
func (c *Context) term(op string, a C.Z3_ast) Term {
	if !c.ok(op) {
		return Term{}
	}
	if a == nil {
		c.failf(op, "Z3 returned NULL")
		return Term{}
	}
	c.keep(a)
	return Term{c: c, a: a}
}

// keep takes a reference on a for the arena.
func (c *Context) keep(a C.Z3_ast) {
	C.Z3_inc_ref(c.ctx, a)
	c.arena = append(c.arena, a)
}

func (c *Context) sort(op string, s C.Z3_sort) Sort {
	if !c.ok(op) {
		return Sort{}
	}
	if s == nil {
		c.failf(op, "Z3 returned NULL")
		return Sort{}
	}
	c.keep(C.Z3_sort_to_ast(c.ctx, s))
	return Sort{c: c, s: s}
}

func (c *Context) funcDecl(op string, d C.Z3_func_decl) FuncDecl {
	if !c.ok(op) {
		return FuncDecl{}
	}
	if d == nil {
		c.failf(op, "Z3 returned NULL")
		return FuncDecl{}
	}
	c.keep(C.Z3_func_decl_to_ast(c.ctx, d))
	return FuncDecl{c: c, d: d}
}

// arg validates a Term argument (made from this context and valid).
func (c *Context) arg(op string, i int, t Term) bool {
	switch {
	case t.a == nil || t.c == nil:
		c.failf(op, "argument %d is not a valid Term", i+1)
		return false
	case t.c != c:
		c.failf(op, "argument %d belongs to another Context", i+1)
		return false
	}
	return true
}

// args checks readiness and converts Term arguments to a C array.
func (c *Context) args(op string, ts ...Term) ([]C.Z3_ast, bool) {
	if !c.ready(op) {
		return nil, false
	}
	as := make([]C.Z3_ast, len(ts))
	for i, t := range ts {
		if !c.arg(op, i, t) {
			return nil, false
		}
		as[i] = t.a
	}
	return as, true
}

func (c *Context) sortArgs(op string, ss ...Sort) ([]C.Z3_sort, bool) {
	if !c.ready(op) {
		return nil, false
	}
	out := make([]C.Z3_sort, len(ss))
	for i, s := range ss {
		switch {
		case s.s == nil || s.c == nil:
			c.failf(op, "sort argument %d is not a valid Sort", i+1)
			return nil, false
		case s.c != c:
			c.failf(op, "sort argument %d belongs to another Context", i+1)
			return nil, false
		}
		out[i] = s.s
	}
	return out, true
}

// symbol makes a Z3 string symbol. Symbols are not reference counted.
func (c *Context) symbol(op, name string) (C.Z3_symbol, bool) {
	cs, ok := c.cname(op, name)
	if !ok {
		return nil, false
	}
	defer C.free(unsafe.Pointer(cs))
	sym := C.Z3_mk_string_symbol(c.ctx, cs)
	if !c.ok(op) {
		return nil, false
	}
	return sym, true
}

// Helpers for fixed-arity constructors.

func (c *Context) un(op string, a Term, f func(C.Z3_ast) C.Z3_ast) Term {
	as, ok := c.args(op, a)
	if !ok {
		return Term{}
	}
	return c.term(op, f(as[0]))
}

func (c *Context) bin(op string, a, b Term, f func(x, y C.Z3_ast) C.Z3_ast) Term {
	as, ok := c.args(op, a, b)
	if !ok {
		return Term{}
	}
	return c.term(op, f(as[0], as[1]))
}

func (c *Context) tri(op string, a, b, d Term, f func(x, y, z C.Z3_ast) C.Z3_ast) Term {
	as, ok := c.args(op, a, b, d)
	if !ok {
		return Term{}
	}
	return c.term(op, f(as[0], as[1], as[2]))
}

// nary calls f with a non-empty argument array.
func (c *Context) nary(op string, ts []Term, f func(n C.uint, p *C.Z3_ast) C.Z3_ast) Term {
	as, ok := c.args(op, ts...)
	if !ok {
		return Term{}
	}
	return c.term(op, f(C.uint(len(as)), &as[0]))
}

// interruptNowForTest calls Z3_interrupt even when no check runs, as a
// late Interrupt would (tests only).
func (c *Context) interruptNowForTest() {
	C.Z3_interrupt(c.ctx)
}

// Allocated is Z3's estimate of the memory it holds, in bytes, over every
// context of the process: what a long-lived process watches to see that
// recycled contexts do not grow.
func Allocated() uint64 {
	return uint64(C.Z3_get_estimated_alloc_size())
}
