// Package check is the one pipeline from a plan's source to a verdict a
// human may see: compile (compiler), verify the IR (ir.Verify), prove
// every obligation and the coverage of the used domains (prover), refuse
// a proved plan whose coverage report is missing or has a required gap,
// and render the guarantees and assumptions in English (Explain, with
// ir/english). Every caller that checks a plan goes through it, so the
// steps, their order and their refusals are the same in `clauz3 prove`,
// the MCP server, `clauz3 run` (runner), the approval service's re-proof,
// a layer's case check and an approval policy. TestOnlyCheckProves keeps
// it so: no other package proves, checks a coverage report or renders a
// clause for a human by itself (the approval card only rewords
// guarantees with the layers' labels).
//
// Every error it returns is an ir.Error diagnostic with its code: the
// compiler's and the prover's own, Internal for IR that does not verify,
// Canceled when the caller's context ends the proof ("interrupted:
// nothing was proved", which still wraps the context's error for
// errors.Is), Internal for a proved plan whose coverage report is missing
// or has a required gap (a prover bug; it wraps a *CoverageError that
// says which, for errors.As). A plan with failed or refused
// obligations is not an error but a prover.Result that says so. A clause
// english cannot render is not an error either: Explain gives its reason
// and the clause is shown as code only.
//
// It is safe for concurrent use: it keeps no state between calls, and
// each proof owns its Z3 context for its duration (prover.Prove makes one
// per call, or takes one from Options.Contexts in a long-lived process,
// used by no other proof at the same time and recycled with nothing of
// the last proof left in it), so
// callers prove in parallel and never serialise proofs on a guess.
//
// What it refuses: whatever the compiler or the prover refuses, IR that
// does not verify, and a proved plan whose coverage report is missing or
// has a required gap (required contracts are obligations, so only a
// prover bug gets there); it adds no rule about plans of its own.
//
// Options pass through to the prover untouched, so a caller's prover
// options (a timeout, and whatever else prover.Options carries) reach
// every proof the same way.
//
// Callers: cmd/clauz3 (prove, and the approval service's re-proof and
// policy decisions), mcpserver (prove, run), runner (run), layers/casecheck
// and policy.
package check
