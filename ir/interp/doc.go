// Package interp is the reference interpreter of the plan language: Run
// executes an *ir.Program's target exactly as CPython 3.11 would run the
// Python plan it was lowered from, so that its stdout and its trace of
// effect calls are the ones CPython would produce. It is the semantic
// reference the rest of the project is checked against.
//
// # Who calls it
//
//   - the CLI's `clauz3 simulate`, with a SimHost that returns recorded
//     effect results and writes the trace;
//   - the differential harness (corpus), which runs every runnable case
//     here, in the sealed binary and under CPython and compares traces and
//     stdout byte for byte;
//   - counterexample replay and the soundness checks: a prover
//     counterexample (argument values, effect results) runs here and must
//     produce the violating trace; proved plans run here on random effect
//     results under a guarantee monitor.
//
// # What it owns
//
// The package owns the runtime value model, Python's semantics for every
// IR construct and every builtin in ir.BuiltinTable (exactly the table's
// names and parameters: TestBuiltinSetIsTable reads the dispatch and fails
// on code for a form the table does not have), effect calls with their
// pre- and postconditions, the simulation host (SimHost, with its JSON
// results format and the JSON trace format, see TraceLine and ToJSON),
// and uses the leaves of CPython behaviour it shares with the other
// engines from package pysem (the character database, so that str
// methods, str.isX, int()/float() parsing and repr() follow CPython's
// Unicode 14 data and full case mappings rather than Go's; repr of str and
// float; checked int64 arithmetic; float divmod; round(); the MemoryError
// limit pysem.MaxAlloc).
//
// It refuses, with an error that is not a Python exception, programs it
// cannot run: IR that ir.Verify would reject (unknown builtins, locals out
// of scope, bad arities), fact fields outside contracts, and the few
// Python behaviours listed below that the subset cannot express.
//
// # Values
//
// A Value is int64 (int), float64 (float), bool, string (str, UTF-8, every
// index and length in code points), nil (None), *List (shared by
// reference, so aliasing is visible as in Python), Tuple, *Dict
// (insertion-ordered; 1, 1.0 and True are one key), *Set or *Row (a row
// of a trusted layer's row type, immutable, compared and hashed by value,
// printed like a dataclass: UserRow(email='a@x.com', consented=True)).
// Inside the interpreter range(...) is a range object, as in CPython,
// although the IR types it list[int]: it prints as range(0, 3), is
// indexed, sliced, compared and searched arithmetically, and has no list
// methods; an effect argument that holds one receives a list.
// Run checks the target's arguments and every host result against their
// IR types, so a host cannot hand the interpreter a value of the wrong
// shape.
//
// Errors: an uncaught Python exception ends the plan (the subset has no
// try) and Run returns it as *Exception, whose Error() is CPython's last
// traceback line ("ZeroDivisionError: integer division or modulo by
// zero"). A failed effect precondition or postcondition is a
// *ContractError; so is a list[Row] result in which two rows share a
// column of the row type's __unique__ (ContractError.Unique says which),
// refused before the plan sees it because the prover assumes it. A failed
// condition the plan wrote on its own function (ir.Func.Requires, checked
// when it is called, the target's before its first statement;
// ir.Func.Ensures, on the value it returns) is a *PlanContractError. An
// effect call that cannot complete is an *EffectError whose Kind says
// why: NoHost, HostFailed (the host's error wrapped, never swallowed) or
// BadResult. NewSimHost refuses an unreadable results document with a
// *ResultsError; a simulation that cannot go on is a *SimulationError.
// ctx cancellation stops the run (checked in every loop iteration and
// call) with ctx.Err().
//
// The recursion limit is CPython's 1000 frames, counted as CPython 3.11
// counts them when a script calls main(): the module frame, one frame per
// plan call, one per comprehension, two for each call of a key= lambda by
// sorted, min, max or list.sort. (The tests pin the depths CPython
// reaches this way: 998 plain calls below main, 499 through a
// comprehension, 333 through a key function.)
//
// # Deliberate differences from CPython
//
//   - int is 64-bit. Where CPython would produce an int outside int64
//     (+, -, *, **, unary -, abs, //, int(), round(), sum(), int of a
//     long digit string), the interpreter raises
//     "OverflowError: integer overflow" instead of growing a big int.
//   - Sets keep insertion order. CPython's set order is a hash-table
//     artefact; the front end refuses plans that iterate or print a set,
//     so the order is never observable. What does not depend on it
//     (len, in, ==, sorted, min, max, sum of ints, any, all, set()) gives
//     CPython's result. The JSON trace writes a set as a sorted array
//     (json.dumps would refuse it).
//   - A negative float raised to a fractional power is a complex number
//     in CPython; the subset has no complex, so it raises
//     "ValueError: negative number cannot be raised to a fractional power
//     (CPython gives a complex number, which is outside the ClauZ3
//     subset)".
//   - Floats have no identity: CPython's `x in [x]` and `[x] == [x]` are
//     true for the same NaN object; here NaN is never equal to anything
//     in comparisons and list or tuple searches, while a NaN dict key or
//     set element is found by any NaN with the same bits.
//   - chr() of a lone surrogate (U+D800..U+DFFF) cannot be held in a Go
//     string and is refused.
//   - Allocation limits: building a str of more than pysem.MaxAlloc
//     (2**28) bytes or a list of more elements by repetition, extend,
//     append, insert, zfill, center, ljust, rjust, replace, join, a
//     format spec's width or precision (f"{x:{w}.{p}f}") or list()
//     raises MemoryError, as the runtime does; the size is counted before
//     anything is built.
//   - The 'n' presentation type of format specs (locale-dependent) is
//     refused: the front end refuses it in a literal spec, and a computed
//     spec (f"{x:{t}}") with it on a number raises ValueError.
//   - Mutating a container while a builtin consumes it through a key=
//     function (min(d.values(), key=f) where f changes d) is not detected:
//     iteration helpers evaluated outside a for loop or comprehension are
//     materialised first. In for loops and comprehensions they stay lazy,
//     so appending to a list while looping over it, or resizing a dict,
//     behaves as in CPython (the latter raises RuntimeError).
//
// Float formatting (repr, str, f-strings and format specs), float
// parsing, ** on floats (computed exactly and rounded once, as glibc's
// correctly rounded pow does, where Go's math.Pow is not), round(),
// sorted() (a port of CPython's timsort, so that even NaN and failing
// comparisons behave as in CPython) and the str methods follow CPython's
// algorithms; the tests hold their expectations as literals produced by
// CPython 3.11 (gen_expect.py regenerates them from the Python source each
// case carries).
package interp
