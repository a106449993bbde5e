// Package randplan generates random, well-typed ClauZ3 plans for the
// differential harness (corpus/harness): the same plan must do the same
// thing in the IR interpreter, the compiled binary and CPython.
//
// Generated plans stay inside the subset and inside the semantics every
// engine shares: ints are kept small (every int assignment is reduced
// modulo a small number, multiplications are by small literals), so no
// 64-bit overflow occurs but on purpose: with the Edges feature, int
// literals and arguments at the edges of int64 make OverflowError cut
// traces short (every engine must raise it at the same operation), and
// str arguments and results hold U+2FFFF, the largest character the
// prover represents; divisors are non-zero literals; lists are
// never empty, so indexing modulo their length is safe; a list or dict is
// never mutated while a loop iterates it, but on purpose (the Aliasing
// feature: an append bounded by the list's length, read live by enumerate
// or a for loop; and a list held twice by a container, mutated through
// both names); loops run a handful of times;
// helpers only call earlier helpers. Exceptions and contract failures do
// occur on purpose (rare asserts and raises, addresses without "@",
// non-positive amounts, negative simulated balances), since their error
// lines and the trace up to them must agree too.
//
// Generate is deterministic in its seed and options. Features can be
// switched off one by one, so a test can disable what the compiler does
// not support yet (see Probes).
//
// Callers: its own tests. TestRandomPlans runs 30 seeded plans per `go
// test` through the interpreter and CPython (and the first 3 through the
// compiled binary unless -short); FuzzDifferential maps fuzz input to a
// seed for `go test -fuzz` (`make fuzz`). Probe compiles one small plan
// per Feature so the tests switch off what the compiler refuses.
package randplan
