// Package contractgen generates random contract-shaped plans for the
// soundness check (corpus/soundness_test.go): plans over the corpus's
// trusted layers (corpus/tools: email, bank, db, home, shop, legacy,
// files) that stay inside what the prover decides, each decorated with
// random guarantees drawn from the contracts of the layers it uses.
//
// A plan loops over bounded query results (directly, via a variable,
// nested, with enumerate and zip, with break, continue and return),
// branches on row fields and on the target's str, int and bool inputs,
// calls helpers that assert and raise, calls effects that return values,
// appends to lists, concatenates strings, tests membership, accumulates
// counts and sums, and writes fluents with computed keys. Guarantee
// thresholds (counts, sums, lengths) are drawn around a static estimate
// of the plan's worst case, so that both verdicts occur: most plans are
// decided, proved or failed with a counterexample.
//
// The generator refuses nothing and knows nothing of the prover: what it
// emits is plain plan source, and a plan the compiler or the prover
// refuses is counted as such by the caller. It avoids only what it knows
// the prover does not encode (optionals, sets, floats, slices, dict
// mutation, most str methods, unbounded loops whose iterations interact)
// so that refusals stay rare; the caller reports the ones that remain.
//
// Generate is deterministic in its seed. Strings is the pool of string
// literals the plans compare against, so that a random host can return
// values that take both arms of their branches.
//
// Callers: corpus/soundness_test.go (TestSoundness, `make test` and, with
// -soundness.plans, `make fuzz`) and this package's own tests.
package contractgen
