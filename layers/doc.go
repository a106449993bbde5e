// Package layers holds the bundled trusted layers that `clauz3 install`
// copies into a project: for each domain, the Python spec files (effects,
// contracts, schemas, policy, in the original Python ClauZ3 format) and the
// Go implementation of its effects, embedded in the clauz3 binary.
//
// A layer's Go code may import only the standard library, the runtime
// (planrt) and securitymod; every effect checks the approval receipt, runs
// its precondition again and the security floors before it acts.
//
// Callers: cmd/clauz3 (install) and sealed binaries built by gen.
//
// Status: later stage. At this stage the package is empty. The email and
// bank layers used by the prover's tests are spec files only, under
// corpus/tools/; they have no Go implementation yet, so they can be proved
// against but not built.
package layers
