// Package corpus holds ClauZ3's test corpus: agent plans with their expected
// outcomes and the trusted layers they use, laid out as a project whose
// import root is this folder (see README.md here).
//
//   - plans/*_pass.py: plans whose every obligation must be proved;
//   - plans/*_fail.py: plans that must be refused, each with a sibling
//     .want file of lines that must appear in the output of clauz3 prove;
//   - tools/<domain>/trusted/: the trusted layers (email, bank) as Python
//     spec files.
//
// The package has no API. Its test (corpus_test.go) runs every case through
// the compiler and the prover and checks verdicts and messages; later
// stages add the differential harness (IR interpreter, sealed binary,
// CPython and the prover's encoding on the same recorded effect results;
// differential_test.go, corpus/harness). Nothing imports it.
//
// soundness_test.go (TestSoundness) runs the plans the prover proves on
// random effect results under the prover's runtime monitor; its random
// plans come from contractgen/ (contract-shaped, inside what the prover
// decides) and randplan/ (see README.md, "The soundness check").
//
// Status: proving only. Expected traces and stdout for running plans come
// with the runtime stage.
package corpus
