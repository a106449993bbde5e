// Package z3 is the project's small cgo binding to the Z3 C API (built and
// tested against Debian's libz3 4.8.12; it links with -lz3).
//
// # What the package owns
//
// A Context owns one Z3 context made with Z3_mk_context_rc. Every Sort,
// Term, FuncDecl, Solver and Model is made from, and belongs to, exactly one
// Context; mixing values of two contexts is an error. Context.Close deletes
// the Z3 context and with it everything made from it; values of a closed
// context are invalid (their IsValid is false and their methods return zero
// values without calling Z3).
//
// # Errors
//
// Z3's default error handler prints a message and calls exit(1). NewContext
// installs a no-op handler written in C instead, and the binding reads
// Z3_get_error_code after every call that can fail. The first error (Z3's
// message, e.g. for a sort mismatch, or a misuse the binding detects
// itself) is kept in Context.Err. From then on the context is poisoned:
// constructors return the zero Term, Sort or FuncDecl without calling Z3,
// and Solver.Check returns Unknown with that error. Callers therefore build
// a whole formula and check Err (or the error of Check) once. The error is
// an *Error whose Code is Z3's error code (SortError, Exception, ...; 0 for
// a misuse the binding found), which callers decide on; Msg is for people.
//
// # Reference counting: the arena
//
// Z3 ASTs (terms, sorts, function declarations) get one Z3_inc_ref when
// the binding hands them out, and the Context remembers it. Nothing is
// released while the Context is open; Close releases all of these
// references in one C loop and then calls Z3_del_context. Go finalizers
// are not used: they would run dec_ref on another thread, racing with the
// context, and 4.8.12 has no Z3_enable_concurrent_dec_ref. Z3 hash-conses
// ASTs, so building the same term again costs no Z3 memory (only 8 bytes
// for the remembered reference), but a Context grows with every distinct
// term; use one Context per verification job and close it, or recycle
// it (Context.Recycle): that releases every reference of the job and
// hands the Z3 context to a new Context for the next job, whose memory
// then stays flat over thousands of jobs (TestRecycleMemory). The reference
// is taken only after the error code was read, because Z3_inc_ref(NULL)
// crashes and resets the error code.
//
// Releasing the references before Z3_del_context matters: with references
// still held, Z3_del_context frees ASTs one nesting level per round and
// scans every AST of the context in each round, so deleting a context with
// a chain of 400 nested stores took 0.55 s (0.3 ms with the release).
//
// Solvers and models hold their own references (Z3_solver_inc_ref,
// Z3_model_inc_ref), released by Solver.Close and Model.Close, or by
// Context.Close for those still open. Parameter sets are released at once.
//
// # Strings
//
// Z3 4.8.12 strings are sequences of characters from U+0000 to U+2FFFF
// (MaxRune). Go strings are UTF-8. Z3_mk_string would read raw UTF-8 bytes
// as sign-extended single characters ("café" would get length 5), so
// Context.String encodes the text: printable ASCII (0x20 to 0x7E) except
// the backslash is kept as is, and every other rune, the backslash
// included, is written as \u{hex} (for example "café" is sent as
// caf\u{e9}, a backslash as \u{5c}, a newline as \u{a}). Z3 then counts
// characters, not bytes: Length("café") is 4, Length("日本") is 2 and
// Length("😀") is 1. A rune above U+2FFFF (Z3 would reject it with
// "unicode characters outside of byte range are not supported") or invalid
// UTF-8 is not sent to Z3: String records an error in Err instead.
//
// Term.StringValue decodes a string literal (such as a model value) from
// Z3_get_string, which writes non-printable and non-ASCII characters as
// \u{hex} but does not escape the backslash. The text \u{41} is therefore
// ambiguous: it is either the one character 'A' or the six characters
// backslash, 'u', '{', '4', '1', '}'. StringValue resolves this exactly:
// if the text contains \u{ and Z3 reports that the value contains a
// backslash, it asks Z3 (by simplifying str.at at that index) whether each
// such position holds a literal backslash. Values without a backslash, the
// common case, cost a single extra simplification. A value holding a
// surrogate code point (which Z3 may choose for unconstrained strings) has
// no UTF-8 form; StringValue then reports ok == false.
//
// # Threads
//
// A Context and everything made from it must be used by one goroutine at a
// time; use one Context per goroutine (runtime.LockOSThread is not
// needed). The only exception is Context.Interrupt, which may be called
// from any goroutine to stop a running Check. Different contexts may be
// used in parallel.
//
// # Timeouts, interrupts and unknown
//
// NewSolver takes a timeout per Check (0 means none, but callers should
// always set one: some formulas run for minutes and use gigabytes). Check
// never returns Sat or Unsat together with an error; when Z3 gives up it
// returns Unknown and an *UnknownError whose Reason is Z3's, for example
// "interrupted"/"canceled" (after Interrupt), or "timeout" when the
// check's wall-clock limit ran out. Reason is for people: what stopped the
// check is in the error's fields (Rlimit, Timeout, Canceled, Limited),
// which callers decide on. That limit is a Go timer that
// interrupts the check, not Z3's timeout parameter, with which Z3 4.8.12
// spends a timer thread and a sched_yield spin on every check. A timed-out or
// interrupted Check does not poison the Context; the solver can be used
// again.
//
// Interrupt only acts on a Check that is running. Z3 itself keeps an
// interrupt that arrives while no check runs pending, and the next Push or
// simplification then fails with "canceled" until some check starts; so
// the binding calls Z3_interrupt only during a Check, and if an interrupt
// may have landed just after Z3 finished, it clears it by checking an empty
// scratch solver (about 0.1 ms).
//
// Cancel ends a job for good: a running Check is interrupted, later
// Checks return Unknown "canceled" without calling Z3, and Push, Pop and
// Assert only keep the solver's count of scopes (Solver.Scopes is that
// count), since a push can spend seconds internalizing a large encoding
// that no check will read.
//
// Z3's solver parameter ctrl_c defaults to true, which makes Z3 install its
// own SIGINT handler during a check and then restore Go's handler without
// SA_ONSTACK, after which a SIGINT can crash the Go runtime. Every Solver
// is made with ctrl_c=false, so the process's signal handling is never
// touched; cancel with Interrupt instead.
//
// # Checks a limit stopped
//
// A Solver whose Check was stopped part-way (the resource limit, the
// timeout, Interrupt or Cancel) is never checked again in Z3: its next
// use first moves its assertions, scope by scope, to a fresh Z3 solver
// with the same limits and releases the old one (Stats.Renewed counts
// these; the Solver keeps the terms of each scope for this). A fresh
// solver costs about 0.4 ms, and the assertions are taken in again at its
// next check: one re-encoding per stopped check. The checks of a
// cancelled context, answered without calling Z3, renew nothing.
//
// Why: Z3 4.8.12 crashed the process with SIGSEGV inside Z3_solver_check
// on a solver checked again after such checks. The prover's accumulator
// lemmas (prover/accum.go) check one solver many times under a tenth of
// the default resource limit, and on loops of about 150 unrolled
// iterations a dozen of those checks ran out of it; a later check then
// crashed. That killed 2 of the first 4 chunks (500 plans each) of a
// 10,000-plan sweep; contractgen seed 444 crashed every time alone, after
// 15 stopped checks of one solver (corpus TestZ3CrashPlans). With
// glibc's MALLOC_PERTURB_=204 the crash reads 0x33333333 as a literal:
// memory Z3 allocated and never wrote, not memory freed (0xcc). The
// binding writes into no memory of Z3's, holds a reference to every term
// of a job until Close or Recycle and uses a context from one goroutine,
// so the fault is taken to be Z3's. It is sensitive to the search: the
// same run with Z3_open_log on, or with an extra solver taking in the
// same assertions beside the stopped one, did not crash, so seed 444 no
// longer crashing shows the renewal avoids this instance, not that it
// avoids every one; the sweep (make fuzz) is the measure. A crash is
// never a verdict: the process dies (`clauz3 prove` exits 2, a sweep
// shard prints no summary and fails), and the approval service, which
// proves in its own process, records and approves nothing of the
// submission it was proving (approval TestProverCrashApprovesNothing).
//
// # Which solver
//
// Z3_mk_solver makes a "combined" solver: Z3's tactics for every logic
// (built before its first check: about 10 ms of CPU on 4.8.12) in front
// of its incremental core, which is what it checks with once a scope was
// pushed, falling back to the tactics when the core gives up for another
// reason than a limit. NewSolver makes the core alone
// (Z3_mk_simple_solver, 0.4 ms to its first answer) and Check does that
// fallback itself: an unknown answer that no limit, interrupt or
// cancellation caused is asked once more on a Z3_mk_solver solver with
// the same assertions and limits (Stats.Fallbacks counts them). On the
// corpus the verdicts are those of Z3_mk_solver's solvers; a model, and
// so a counterexample's values, may differ for a check that its solver
// made without a scope, which went to the tactics first.
//
// # No solver is kept from one job to the next
//
// Recycle hands on the Z3 context but no solver: every job makes its own.
// A new solver costs about 0.2 ms of CPU to set up (its first Push), and
// a small string check on it about 0.5 ms more in all than on a solver
// used before: what keeping one would save. But a solver emptied
// by popping the scope a job worked in is not like a fresh one on Z3
// 4.8.12: its string solver keeps, across the pop, what makes later
// satisfiable string checks slower. The same check repeated in push/pop
// scopes on one solver (a string owner, the lemma `(str.indexof owner "@"
// 0) >= 0` iff `(str.contains owner "@")`, length above 3, no "@"; sat)
// takes no measurable CPU once, 0.11 s twice, 0.28 s four times and 1.36 s
// six times with the z3 command alone, where an unsatisfiable variant (the
// index also 2) checked eight times takes 0.01 s.
//
// A solver kept per pooled context and resource limit, with one scope per
// job, was tried (issue 17) and measured on every corpus plan (benchmarks'
// BenchmarkProveWarm): the median proof was no cheaper (2.64 to 3.49 ms
// against 2.47 to 3.45 ms, interleaved runs at load 2 to 4), the plans'
// summed CPU rose from 30-35 s to 44-49 s, and single plans became up to
// 690 times slower (an 8 ms proof took 5.7 s), by an amount that depends
// on every proof the solver served before. Within a job, a solver checked
// again and again (the prover's shared solver, one obligation after
// another) can be slowed the same way: a satisfiable string check there
// makes the next ones dearer.
//
// # Cost
//
// Measured on 2 shared vCPUs: NewContext plus Close costs about 3.5 ms of
// CPU, a new solver's first small check about 0.4 ms (10 to 15 ms with
// Z3_mk_solver); Push, Assert of a small string formula, Check and Pop
// on a reused solver take 0.1 to 0.8 ms. A long-lived process recycles
// its contexts (Context.Recycle) instead of making one per job.
package z3
