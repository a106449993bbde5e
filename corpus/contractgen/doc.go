// Package contractgen generates random contract-shaped plans for the
// soundness check (corpus/soundness_test.go): plans over the corpus's
// trusted layers (corpus/tools: email, bank, db, home, shop, legacy,
// files, and groups for the nested results) that stay mostly inside what
// the prover decides, each decorated with
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
// refuses is counted as such by the caller. It avoids what it knows the
// prover does not encode (optionals, sets, floats, slices, dict
// mutation, most str methods) so that refusals stay rare; the caller
// reports the ones that remain.
//
// Besides, about a third of the plans hold one edge shape of issue 12
// (Plan.Shape, one of Shapes), each a shape the prover once proved
// although a run breaks the guarantee, with a guarantee it would break:
// loops over the inner lists of a list[list[Row]] result (the groups
// layer), whose length no ensures bounds and whose rows nobody checks for
// __unique__; a comprehension, or a loop over enumerate or zip, whose
// element calls a helper that calls an effect and appends (at most up to
// three elements) to the list being read; and a loop over an unbounded
// result whose body calls an effect on one row and may raise
// (ZeroDivisionError) on another before an effect after the loop. The
// shape is drawn from a second generator seeded from the seed, so plans
// without one are what they were before shapes existed. The soundness
// check's random host returns inner lists longer than any outer bound,
// repeating unique columns, so a run shows what such a proof missed.
//
// Generate is deterministic in its seed. Strings is the pool of string
// literals the plans compare against, so that a random host can return
// values that take both arms of their branches.
//
// Callers: corpus/soundness_test.go (TestSoundness, `make test` and, with
// -soundness.plans, `make fuzz`) and this package's own tests.
package contractgen
