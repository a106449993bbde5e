// Package prover decides whether a plan keeps its promises. It executes the
// IR of the target symbolically, records every trusted call as an effect
// fact (effect, arguments, the condition under which the call is reached),
// and asks Z3 (through the binding in prover/z3) two kinds of questions:
//
//   - at every reachable effect call, can the effect's requires clause be
//     false? (one precondition obligation per call site)
//   - can any execution produce a trace that violates a guarantee?
//     (one obligation per @clauz3.guarantee)
//
// Each obligation is negated and checked: unsat means proved; sat means
// refused, with a concrete counterexample read off the model; unknown, a
// timeout or any unsupported construct means refused with that reason.
// There is no answer that lets an unproved plan through.
//
// # Symbolic execution
//
// Execution is guarded rather than forked: statements run under a Bool
// guard (the path condition, conjoined with "has not returned" and "has not
// raised"), both arms of an if run, and locals are merged with if-then-else
// afterwards. A return or an exception (division by zero, reading an
// unassigned name) only strengthens the guard of what follows, so traces
// cut short are modelled exactly. Loops in this stage iterate over values
// of known length (literal lists and tuples, range with constant bounds)
// and are unrolled; helpers are inlined at each call.
//
// Values are Z3 terms for int (unbounded, as in Python), bool and str
// (sequences of code points); lists, tuples and dicts have a known length
// and hold a value per element.
//
// # Encodings
//
// Sums and counts over facts introduce one fresh integer per fact, defined
// by reached -> t = amount and not reached -> t = 0, instead of nesting
// if-then-else terms in one big sum: measured on Z3 4.8.12, the nested
// form times out around a thousand terms while this one stays under a
// second (see the project's notes on Z3).
//
// The prover imports ir and prover/z3 only; the compiler builds the IR it
// reads and the CLI prints its Result.
package prover
