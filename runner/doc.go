// Package runner is `clauz3 run`: the agent's one path from a plan to its
// effects, as a client of the user's approval service. It proves the
// plan (through check, the pipeline every caller shares), submits it (with the target's inputs) to the service, waits for
// the human's decision, checks the receipt with the key the client
// configuration pins, and asks the service to build and run the approved
// plan (POST /api/requests/{id}/run); the service builds the sealed
// binary from its own layer store and runs it with its own layer
// configuration, and sends back the output and effect trace, which Run
// prints like the seed's transcript (`prove ✓`, `submit →`, `wait`,
// `decision`, `receipt`, `build`, `execute ✓ send_email(...)`, `result`,
// `done.`). Nothing of the runner's files or environment reaches the
// sealed binary.
//
// Progress: the wait says where the human decides (the request's page
// on the approval service); while the service builds and runs the
// approved plan a line says so every Options.ProgressEvery (a cold sealed
// build takes about 20 s); afterwards a `result` line sums up the effects
// done and the one that failed. A request the service expired (its
// client went away) is not approved.
//
// The service is found, never chosen: cmd/clauz3 makes a Service only
// from package approval/client (Found), whose HTTP client reaches only
// that service (a real installation's Unix socket with its peer uid
// checked, or a dev installation's pinned loopback address). A dev
// service makes the transcript say DEV MODE. Before it submits, Run has
// whatever answers there sign a fresh challenge with the pinned key
// (checkPossession): a process that took the address (a dev port while
// the service is down) gets no plan, and no page of it is named to the
// human (ExitNotApproved, "not submitted").
//
// # What it refuses
//
// Every step fails closed, with the reason printed and an exit status
// that says what happened (see the Exit constants):
//
//   - a plan the prover does not prove is never submitted (ExitRefused);
//   - an unreachable service, any status but the documented one, a
//     malformed or oversized answer, an answer for another request id, an
//     unknown decision value, an approval without a receipt, or a receipt
//     that does not verify with the pinned key, is for another plan,
//     target or request, or whose signed decision contradicts the
//     unsigned status: ExitNotApproved, nothing built or run;
//   - rejected, reject_contract, need_more_info, auto_rejected, refused:
//     ExitNotApproved with the decision and its reason;
//   - no decision within the approval timeout: ExitTimeout;
//   - the sealed binary refusing its receipt (exit 3: not admitted) is
//     ExitNotApproved; the plan raising, a failed run-time contract check
//     or an effect error is ExitFailed, as is a service that refuses or
//     fails to build and run the plan. The transcript marks a call ✗ when
//     the run's trace holds the runtime's failure record right after it
//     (renderTrace), never by the text of stderr; a trace that does not
//     read is a refusal, its calls marked "?". A run the kernel sandbox
//     stopped (exit 4, and the failed call's SandboxError record when an
//     effect's operation was refused) is ExitFailed and the transcript
//     says "the kernel sandbox refused <call>" or "the kernel sandbox
//     stopped the run" from those records, not from stderr's text.
//
// Inputs: a target with parameters gets them as Options.Args
// ("name=JSON", from `clauz3 run --arg`), checked up front (every
// parameter exactly once, no other name, JSON of the parameter's type; a
// mistake is ExitUsage before anything is submitted), submitted with the
// plan, and passed by the service to the sealed binary as --arg flags. The approval does not bind them: the
// proof holds for every input that satisfies the target's own
// preconditions (the one assumption a plan may ask for), and the sealed
// binary checks those itself after reading its inputs, before it redeems
// the receipt and before any effect; an input that breaks them ends the
// run with ContractError (ExitFailed) and no effect.
//
// The request is bound to this run: Run makes a fresh client key per
// submission (approval/clientkey), sends its public half with the plan and
// keeps the private half in memory only; the wait and the run carry its
// proof, so another process that knows the request id is answered
// nothing.
//
// The receipt is checked here and again, independently, by the sealed
// binary (securitymod/redeem), which also redeems it: runner never
// redeems, so a receipt it checked is still single-use.
//
// Coverage: required contracts are proof obligations, so a plan with a
// required_gap is refused at the prove step (check refuses a proved plan
// whose report is missing or has one) and never submitted; the
// submission carries the coverage report (one entry per used domain).
// The guarantees' English renderings the human sees are the service's
// own; the submission's (check.Explain) are only kept in its record.
//
// # Imports and callers
//
// compiler's output (ir), check, prover (its result types),
// approval/client, approval/clientkey, approval/wire (every body it
// sends and reads), securitymod/receipt
// and net/http. Callers: cmd/clauz3 (run), which parses flags and finds
// the service (Found), and mcpserver.
package runner
