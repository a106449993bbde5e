// Package prover decides whether a plan keeps its promises. It executes the
// IR of the target symbolically, records every trusted call as an effect
// fact (effect, arguments, the condition under which the call is reached),
// and asks Z3 (through the binding in prover/z3) two kinds of questions:
//
//   - at every reachable effect call, can the effect's requires clause be
//     false? (one precondition obligation per call site)
//   - can any execution produce a trace that violates a guarantee?
//     (one obligation per @clauz3.guarantee, and a second, "… when a
//     call fails", for a claim a shorter trace can break: a trusted call
//     that fails at run time ends the run; failedcall.go)
//
// Each obligation is negated and checked: unsat means proved; sat means
// refused, with a concrete counterexample read off the model; unknown, a
// timeout or any unsupported construct means refused with that reason.
// There is no answer that lets an unproved plan through.
//
// A third kind of obligation is the plan's own assert and raise statements
// (Kind "check"): an assert must hold and a raise must be unreachable on
// every execution, in main and in helpers alike. They are never assumed.
//
// # Plan-written contracts
//
// The plan's own conditions (ir.Func.Requires and Ensures, written
// @deal.pre/@deal.post or @clauz3.requires/@clauz3.ensures; plancond.go)
// are obligations, never assumptions, with one exception:
//
//   - a helper's precondition is proved at every call site (Kind "plan
//     precondition", one obligation per call site and clause), its
//     postcondition at the return of every inlined call (Kind "plan
//     postcondition", one obligation per clause). A caller keeps the
//     inlined body's values: the postcondition adds nothing to what it
//     knows. A failing condition ends the run (the interpreter raises a
//     PlanContractError there), so the executor treats it like a raise;
//     that shapes only what later obligations see, never whether the
//     condition itself is proved, and a first failing condition of any
//     execution is always a counterexample to its own obligation.
//   - a postcondition on the target is proved at its return, like a
//     helper's.
//   - the target's precondition is the only thing a plan may make the
//     prover assume: a fact about the target's free inputs (the compiler
//     lets it read nothing else). It is added to the assumptions and
//     listed in Result.Assumes, so the CLI prints "assumes: ...", and
//     every engine checks it before the target's first statement.
//
// A counterexample to a plan condition names the values the clause read
// (the arguments, or result = ...) and replays: the interpreter must end
// with a PlanContractError for that clause (and call site).
//
// # Symbolic execution
//
// Execution is guarded rather than forked: statements run under a Bool
// guard (the path condition, conjoined with "has not returned", "has not
// raised" and the break/continue flags of the running loops), both arms of
// an if run, and locals are merged with if-then-else afterwards. A return,
// break, continue or exception (division by zero, an index out of range,
// reading an unassigned name) only strengthens the guard of what follows,
// so traces cut short are modelled exactly. Helpers are inlined at each
// call, with their asserts, raises and trusted preconditions.
//
// A local keeps two values: the merged one, valid on every path, and the
// one just assigned, which reads see while the block that assigned it (an
// if arm, a loop iteration, a call) is still running, since every later
// statement of that block runs under a guard implying the assignment's.
//
// # Values
//
// Ints mean what ir/doc.go says: int64, an operation whose exact result
// does not fit raising OverflowError. The prover computes the exact
// result and raises unless it fits (+, -, *, //, unary -; % never
// overflows), like a ZeroDivisionError, so a trace an overflow cuts
// short is considered; inputs, effect results and row columns are
// assumed to be int64 (every engine decodes them so). An enumerate whose
// counter could reach the top of int64 is refused (ints.go).
//
// Evaluation is left to right, as in Python: an effect call conjoins to
// its guard whatever its statement raised before it (an earlier tuple,
// list or f-string element, a left operand, an earlier argument or
// comprehension iteration), so an effect after a raising operand is not
// in the trace. xs[i] = v evaluates v, then xs, then i.
//
// Values are Z3 terms for int, bool and str (sequences of code
// points); rows hold a term per int, str and bool
// column (other columns refuse when read); tuples and dicts have a known
// length. Python's == on dicts compares constant keys and the values
// under them; a value of type object (a dict[str, object]'s, as in the
// original's only_where) is a term whose sort is its type tag, so int and
// bool compare numerically and a str equals neither, and an integral
// float constant there is its int (value.go). A value of type T | None
// is None (noneValue) or the T's own value where every path agrees, and
// an optValue where paths disagree: a Bool tag (is it a T?) and the T
// payload, for int, str and bool Ts (optional.go; a list, dict or row
// that is None on some paths only is refused at the merge); an effect's
// T | None result of such a T, and a row's T | None column (unless
// __unique__), is a fresh tag and payload, and d.get(k)
// on a dict of constant keys is the value under k or None. ==, is None,
// truth and str read both parts as CPython does; a narrowed read
// (ir.Unwrap) adds an internal check that the tag holds there, so a
// front-end narrowing mistake fails the proof. Lists are objects shared by reference, mutated in place under a
// guard (append, xs[i] = v); a container holds the list object itself
// (outer[0] = inner, [inner], (inner,), {"k": inner}), so a later
// mutation through either name is seen through both. Two different
// lists merged at a join (or stored on one path only) are both frozen,
// so a later mutation refuses instead of losing an alias. A for loop, a
// comprehension and a loop over enumerate or zip of a list read it
// live: mutating it while they run is refused. A list
// has either a known length, a symbolic length n with one value per
// possible element (element i exists when i < n), or a sparse form where
// each element has its own existence condition (what guarded appends and
// filtered comprehensions build; iteration and concatenation are exact,
// indexing refuses).
//
// Sequence operations are exact or refused, with ir/interp as the
// executable spec: s[a:b] (step absent or 1) clamps its bounds as Python
// does, a str slice being a substr and a dense list's slice a new list of
// symbolic length; list(x) is a new object (mutating the copy leaves the
// original alone); xs.extend(ys) reads ys before xs grows; sep.join(xs)
// folds over the elements that exist. s * k concatenates k copies, for a
// symbolic k only under a proved bound of 64, and only when the operand
// is proved short enough that no run can reach the engines' MemoryError
// limit (pysem.MaxAlloc, 2**28 bytes, which the string theory cannot
// count: the prover asks for 2**26 code points); lists repeat by a
// constant.
//
// ir.BuiltinTable says, per builtin, whether the prover encodes it,
// folds it or refuses it (TestBuiltinTableProver holds the prover to
// it). Builtins without a symbolic encoding (str.lower, str.split, chr,
// sorted, ...) are decided on constant arguments by folding: the
// reference interpreter runs the call (interp.Fold) and the result is a
// constant again; a symbolic argument, and every call of a builtin the
// table marks refused, refuses with the table's words
// (ir.BuiltinInfo.ProverRefusal, foldbuiltin.go), which say that the
// language has the builtin. min and max are encoded for several ints or
// strs, or a list of them.
//
// A guarantee whose counterexample must be separable from the rows'
// columns (provenance) is first searched with every query returning at
// most one row (smallmodel.go): any model found is a real one, and the
// full search over up to 100 rows with string postconditions can run out
// of time where one row shows the violation. A distinct claim is likewise
// first searched with every query returning at most two rows, on its
// first 256 pairs as one disjunction; its missing-uniqueness hint is
// asked there on a short limit and confirmed without the bound.
//
// Trusted effects return fresh values constrained by their ensures
// clauses, one set per call, so two calls of the same query are
// independent. A list result whose effect ensures len(result) <= N (the
// literal shape, see lengthBound) has N possible elements; a list result
// without such a bound has no modelled elements, and a loop over it (or
// indexing, membership) refuses with "add an ensures bound on <effect>",
// with one exception: when iterations cannot affect each other (the body
// assigns no name used outside it, mutates no list, calls no plan
// function, has no break, continue or return, and, when it calls
// effects, cannot raise: a raise on one row would stop the effects of
// the rows after it and what follows the loop, which one row does not
// show), the loop runs once on a fresh element standing for every row. That decides properties of single
// facts exactly (all, empty, preconditions, asserts); count, sum and
// distinct over such facts refuse with the bound they need, and a
// counterexample replays with copies of the witness row.
// An ensures bound and __unique__ speak of the result itself: a list
// nested in it (list[list[Row]]) is neither bounded by the outer bound
// nor assumed to hold distinct rows, so iterating it is refused like an
// unbounded result, with that reason.
// A row schema's __unique__ columns are assumed distinct across one
// result, by distinct claims only; the interpreter, the sealed binary and
// the CPython stubs refuse a result that breaks them before the plan sees
// it (a failed postcondition), so a counterexample whose model repeats a
// unique column would not replay: its goal is decided again with the
// uniqueness of every result assumed (prove.go, decide).
//
// # Provenance
//
// A column reference in a contract (`n.addr == getattr(UserRow, "email")`,
// ir.IsColumn) holds when the value is the email field of a row a query
// returned, not when it merely equals one (provenance.go). The executor
// records where every row column term came from and every if-then-else
// a merge builds; assignments, helper returns, list elements and loop
// variables pass terms along unchanged, so the claim reads the value's
// origin off those records under the path conditions. A literal, another
// column, a str result, a concatenation or any computed value has no
// origin and fails, with a counterexample saying where the value came
// from. Column references are supported positively (under and/or) in the
// predicate of an all(); under not or !=, in a filter or a key they
// refuse. A violating value must also differ from every returned row's
// column so that the concrete replay shows it; when every violation is
// only equal to a row's column, the obligation is refused without a
// counterexample. That separation is built only once a violation is
// found, first for the one member the model violates (linear in the
// rows), and for every column reference (quadratic) only when that one
// cannot be separated.
//
// # Loops
//
// A loop runs one copy of its body per possible element, the copy for
// element i guarded by its existence, so a query result of any length up
// to its bound is covered exactly: count and sum see exactly the facts
// whose iteration reaches the effect. range with symbolic bounds gets the
// smallest number of copies the solver proves sufficient under the
// assumptions so far (past 10000 it refuses). enumerate, zip and list
// comprehensions work on the same representation.
//
// A running total or a counter under a cap (`if spent + x <= cap:
// pay(x); spent += x`, `if sent < k: send(); sent += 1`) makes every
// copy's guard read all the copies before it, which Z3 does not decide
// from about 20 copies on. Before a sum or count guarantee against a
// limit (<= or <) is decided, accum.go looks for an inductive invariant
// of each loop: the total of the guarantee's facts made by the loop so
// far equals (or is at most) the change of an int local, and the total
// so far keeps the guarantee. Each iteration is checked to preserve it
// on its own, from a state made of fresh constants (the locals the loop
// changes, the raised, returned and break flags), so the checks stay the
// size of one iteration; the invariant after the loop is then a lemma
// of the goal. A candidate that fails any check is dropped and the
// unrolled copies decide alone, as before; counterexamples always come
// from them, with guesses that only the first 2 or 8 iterations call
// the effect. When such a loop runs more than 8 times, the goal is
// first decided on the plan encoded again with every bounded query
// result cut to at most 8 elements (decidePrefix): those are runs of
// the plan, and a counterexample found there replays like any other;
// any other answer there says nothing and the full encoding decides.
// So are, after a loop of more than 8 copies, a goal whose counterexample
// must be separable (provenance) and a distinct claim that no __unique__
// column proves, whose pairs (half a million at 1000 rows) are built
// only when the short results show no counterexample.
// An invariant that implies the guarantee by itself (no
// member after the loop) decides it on a solver of its own, without the
// assumptions, so the unrolled loop, which Z3 takes seconds to take in
// at a thousand copies, is never handed to a solver (Cost.Full counts
// the checks that use it). The same havocked iteration first rules out
// each copy of a precondition inside a loop (the clause usually reads
// the row, not the running total), before any joint check: one small
// check per copy, where a disjunction of many copies' string violations
// runs out of its share; from the first copy of a loop it does not rule
// out, that loop's copies are checked on the full encoding, which also
// finds the counterexample. The copies of a loop over a query's result ask one question up to names (row k's fields, the fresh
// state) and the index in "element k exists": with that condition made
// a fresh Boolean and the constants outside the solver's context renamed
// by position, a check whose form was proved unsat once is not asked
// again (symmetry.go), so the step checks and the preconditions of 1000
// bills reach Z3 a few times each.
//
// # Encodings
//
// Sums over facts introduce one fresh integer per fact, defined by
// reached -> t = amount and not reached -> t = 0, instead of nesting
// if-then-else terms in one big sum: measured on Z3 4.8.12, the nested
// form times out around a thousand terms while this one stays under a
// second (see the project's notes on Z3). Each such term also gets bounds
// lo <= t <= hi, proved by Z3 before they are asserted (sumbounds.go): a
// bound that holds only under the fact's membership (a row guard) is
// otherwise invisible to the arithmetic until every membership literal
// is split on, and sums over 100 loop facts timed out. Against <= and <
// (>= and >) the check first tries every term at its upper (lower)
// bound, on a solver of its own with a share of the resource limit: a model found so is
// a counterexample like any other, and any other answer is dropped.
// A.shares_value(B, k) is refuted linearly: no pair shares a key exactly
// when a fresh predicate over keys holds of every key of B that exists and
// of no key of A that exists; before the full check, a side with no fact
// and every query result empty are tried as guesses.
// count() against a constant is
// a cardinality constraint (at-most/at-least), which Z3 decides for a
// thousand loop facts in well under a second. Obligations made of many
// instances (a precondition in a loop that its iterations alone do not
// rule out, an all over loop facts, distinct
// pairs) of 16 violations or more are first checked as one disjunction of
// up to 256 violations, on a second solver of the proof with a hundredth
// of the resource limit, and one violation at a time when
// that is not unsat (which is also what finds the counterexample); the
// preconditions of many call sites with few violations each are batched
// the same way before any of them is decided alone. Some encodings exist only
// because Z3 4.8.12's string solver needs them: `a in s` is
// indexof(s, a, 0) >= 0 (suffixof(x) then not(contains(x, "@")) times out,
// the indexof form does not), and each such term's equivalence to
// contains(s, a) is a lemma, which decides the problems only the contains
// form can (membership.go): a proof's obligation is asked first with the
// lemmas of the memberships that share a variable with it through the
// assumptions (none: no lemma attempt, as lemmas about unrelated strings
// only slow the search for a model) and then without; a concrete run asks
// again with every lemma when Z3 gives up; uniqueness is an injection into the
// row positions rather than a distinct over many strings. A distinct
// claim whose keys are a __unique__ column of different rows of one
// result is first proved through that injection, linearly: it maps each
// member in the relation to its row's position, so equal keys would
// share a position; the pairs of members (quadratic) are built and
// checked only when that fails. The pairwise uniqueness a goal decided
// again assumes is likewise built only when one is.
//
// # Solvers and contexts
//
// A proof makes one Z3 context and, for its obligations, one solver
// (x.base): the assumptions are asserted on it once, at scope 0, and each
// obligation, with its definitions, and each loop bound search runs in a
// scope of its own that is popped before the next, so no check sees
// another's goal. The joint checks of many violations run the same way
// on a second, quick solver (x.quickBase) with a hundredth of the
// resource limit, made on first use. Guesses, the small-model search and
// the sum bounds search keep solvers of their own, with a fifth of the
// resource limit. Every solver is Z3's incremental core
// (z3.Context.NewSolverLimits), which starts in a fraction of a
// millisecond where Z3_mk_solver's took about 10 ms; a check it gives up
// on for want of completeness is asked again the way Z3_mk_solver's
// solver would (z3.Solver.Check). A long-lived process (the approval
// service, `clauz3 mcp`) passes Options.Contexts (contexts.go): one
// context per slot, at most one proof per core at once, each context
// used by one proof at a time and recycled for the next (every term,
// solver and model of the proof released; no solver is kept, see
// prover/z3's documentation for why). Z3 numbers terms on from
// where the last proof left off, so a recycled context may find another
// counterexample than a fresh one; BenchmarkProveWarm counts the plans
// where that happens. Result.Cost counts the solvers and checks a proof
// made.
//
// # Encoding budget
//
// Building the formulas is bounded like solving them (budget.go): at
// most 20000 unrolled loop iterations in all (nested loops multiply),
// 300000 statements and expressions evaluated (every iteration and
// inlined call counted again), 10000 elements in one display or
// concatenation and 2**20 code points in a str computed from literals.
// Past any of them the plan is refused at once with a message naming
// the budget and the size reached ("encoding budget exceeded: ...").
//
// # Indeterminate answers
//
// Every check has a resource limit (Options.Rlimit, `clauz3 prove
// --rlimit`, default DefaultRlimit): Z3's count of work, so a check stops
// at the same point on a busy machine as on an idle one and the verdict
// does not depend on the load. A wall-clock timeout per check
// (Options.Timeout, `--timeout`, default 30 s) and a deadline over the
// whole proof (Options.Deadline, `--deadline`, default 5 min) are the
// safety nets behind it (limits.go). Once the deadline passes, the
// obligations left are refused without building their goals, and the
// cancelled Z3 context no longer takes pushes or assertions, so a proof
// ends soon after its deadline rather than after the encoding of checks
// that can no longer run. A solver's limits are set once:
// changing them between checks costs about 2 ms on Z3 4.8.12, so checks
// with a shorter limit (guesses, searches, joint checks) have solvers of
// their own. Unknown, a
// spent limit, a canceled context, a Z3 error while encoding and a panic
// in the encoder all refuse: the first two per obligation with a reason
// naming the limit that ran out and the flag that raises it (code
// Timeout), the others as an error from Prove.
//
// Every refusal has a code (ir.Code): a refused Obligation's Code
// (Timeout, SolverUnknown, SolverError, NoReplay, ProverLimit, Canceled,
// ...), and every error from Prove is an ir.Error whose Code is set where
// it is made (unsupported and limitf: ProverLimit; internalf: Internal)
// or, for an error from below (Z3, the context), at Prove's boundary
// (asDiagnostic). Callers, and Prove itself when it decides which
// obligations to decide again, read codes, never reasons' text.
//
// # Preconditions in order
//
// A failed precondition raises and ends the run, and the runtime checks
// a call's clauses in order, so a later call (or clause) is reached only
// where every earlier one held. The first encoding lets a call whose
// precondition fails, and what follows it, into the trace: sound for a
// proof, since more reached calls and statements only make an
// obligation harder to prove, and cheaper for Z3's string solver. Its
// counterexample to a later obligation may rest on an earlier
// precondition failing first; the replay catches that (a precondition's
// replay must fail that clause at that call), and every obligation so
// refused (code NoReplay) is decided again on an encoding where a failed
// precondition ends the run and each clause is checked only where the
// clauses before it held (prove.go, decideExactly). The first failing
// precondition is the one a counterexample reports, and its trace ends
// at that call.
//
// # Counterexamples
//
// A counterexample names the offending call's fields, the target's
// inputs, the values the trusted calls returned (named by the plan's
// variable when assigned to one, e.g. rows = [UserRow(id=1, email="")]),
// the branches taken (line numbers) and the trace of reached calls. A
// failed distinct claim says which column, declared unique, would prove
// it.
//
// # Example results
//
// ExampleResult (example.go) searches the other way, for `clauz3 simulate
// --effects auto`: a value of an effect's result type that satisfies its
// postconditions and its row schema's __unique__ columns, as simulate's
// results JSON. Lists get ExampleElems elements when allowed, wider ones
// only when the postconditions require them. A type it cannot model, no
// such value, or a solver that gives up is an error with the effect's
// position: a fixture is never made up.
//
// # Concrete execution
//
// Execute runs the same encoding on one set of concrete values instead of
// proving anything: the target's arguments are pinned, and call by call,
// in execution order, the solver decides whether the call is reached and
// with which arguments (each must be determined by what is pinned), the
// host answers it, and its result is pinned. The target's precondition
// and the effects' postconditions, assumptions of a proof, are decided
// there as every engine checks them, and __unique__ is checked as the
// interpreter does. The corpus differential runs it as one more engine
// (corpus/harness.Prover), so the encoding's semantics is compared with
// the interpreter's, the sealed binary's and CPython's on every case the
// encoding can represent; a case it keeps abstract is a
// *NotModelledError, never an outcome.
//
// The prover imports ir, ir/interp (the replays, Execute's host) and
// prover/z3; the compiler builds the IR it reads and the CLI prints its
// Result.
package prover
