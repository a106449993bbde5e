// Package check is the one pipeline from a plan's source to a verdict:
// compile (compiler), verify the IR (ir.Verify), then prove every
// obligation and the coverage of the used domains (prover). The callers
// that check a plan go through it, so the steps, their order and their
// refusals are the same in `clauz3 prove`, the MCP server, a layer's case
// check and an approval policy.
//
// Every error it returns is an ir.Error diagnostic with its code: the
// compiler's and the prover's own, Internal for IR that does not verify,
// Canceled when the caller's context ends the proof ("interrupted:
// nothing was proved", which still wraps the context's error for
// errors.Is). A plan with failed or refused obligations is not an error
// but a prover.Result that says so.
//
// It is safe for concurrent use: it keeps no state between calls, and
// each proof owns its Z3 context (prover.Prove makes one per call, or takes
// a fresh one from Options.Contexts in a long-lived process), so
// callers prove in parallel and never serialise proofs on a guess.
//
// What it refuses: whatever the compiler or the prover refuses, and IR
// that does not verify; it adds no rule of its own.
//
// Callers: cmd/clauz3 (prove), mcpserver (prove, run), layers/casecheck
// and policy. The runner and the approval service still compile, verify
// and prove by themselves, then render English and check the coverage
// report before a human sees the plan; those steps belong here when they
// switch.
package check
