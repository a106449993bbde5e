// Package casecheck proves a layer's bundled cases and compares the
// verdicts with the expected ones.
//
// A case is a plan file in the layer's cases/ folder named *_pass.py
// (expected: every guarantee and precondition proved) or *_fail.py
// (expected: refused). A _fail case must say why it fails, with one or
// more `# expect: TEXT` lines; every TEXT must appear in the refusal (the
// prover's report, or the compiler's error), so a plan refused for a
// different reason (an unsupported construct, a typo) disagrees instead of
// passing for the wrong reason. A case file named otherwise is an error,
// as is a layer with no cases. Each such refusal is an *Error whose Kind
// says which (KindOf reads it through wrapping); an Outcome's
// Disagreement says how a verdict disagrees, its Problem says it for
// people.
//
// cases/pending/ holds cases written for what the prover cannot decide
// yet (query results, list mutation, ...), labelled with the verdict the
// plan really deserves. They are proved and reported like the others, but
// a disagreement there is not a failure; one that agrees should move up
// into cases/.
//
// Run installs the layer into a fresh temporary project
// (tools/<domain>/trusted, with layers.Install), compiles each case with
// the compiler against it and proves it with the real prover (Z3).
//
// Callers: cmd/clauz3 (test) and the tests of package layers.
package casecheck
