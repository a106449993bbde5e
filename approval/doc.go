// Package approval is the user's approval service, a principal of its own
// (docs/threat-model.md): the SQLite store of requests, decisions,
// receipts, redemptions and the audit log, and the HTTP service (API and
// browser UI) that docs/approval-api.md specifies. Subpackages: wire
// (the API's JSON types, shared with every client and the test fake;
// this package names them with aliases), client
// (how `clauz3 run` finds it), state (what an instance owns on disk),
// execute (building and running approved plans on the service's side),
// layersetup (`clauz3 layers configure`: a layer's configuration and data).
//
// What it owns:
//   - Store (OpenStore, DefaultPath): modernc.org/sqlite in WAL mode with
//     synchronous=FULL, schema migrated on open (PRAGMA user_version; a
//     newer schema is refused). Writes are group-committed by one writer
//     goroutine on one connection: each runs under its own SAVEPOINT in a
//     shared BEGIN IMMEDIATE transaction together with its audit rows
//     (securitymod/audit over the same transaction), and is answered only
//     after the commit. So no state change exists without its row, a
//     failed write is undone alone, the chain never forks, and what was
//     acknowledged is on disk (the restart test kills the process with
//     SIGKILL to check). A decision is final (primary key and an UPDATE
//     trigger); a receipt is redeemed at most once, checked and marked in
//     one transaction. Every audit row is signed by the service key
//     (SetAuditKey, which New calls); a decision's receipt is issued inside
//     its transaction with the audit head that names its rows, and a
//     redemption acknowledgement likewise; VerifyAuditFile checks the
//     chain, its signatures and those heads (`clauz3 audit verify`).
//   - Service (New, Handler): the endpoints, the password login (argon2id
//     hash from the config folder, HashPassword; a doubling delay after
//     each wrong password; no login link), the HttpOnly SameSite=Strict
//     session cookie named per instance (SessionCookieName, from its key
//     id) and MACed with the instance's session secret, so a session
//     survives a restart and is none on another instance, the
//     per-session CSRF token (also answered by GET /api/session, for the
//     human's terminal verbs), the password given again with every
//     decision (a browser sends the cookie to every port of the host, so
//     a page the agent serves on another loopback port gets it: attack
//     A6; checked with a doubling delay of the session's own, so wrong
//     logins never hold a decision up), the Host/Origin guard, the long-poll wait
//     (a pending request whose client stopped waiting for
//     DefaultClientGrace expires: expiry.go),
//     receipt signing and redemption acknowledgements, and the run
//     endpoint, which hands an approved request to the injected Execute.
//     A request belongs to the client key its submission carried
//     (approval/clientkey, attack E1g): wait answers only that key's
//     proof or the human's session, run only the key, and a redemption
//     needs the key's proof unless it comes inside the service's own run
//     of that request (runs), whose sealed binary holds no key.
//   - The UI (ui/*.html, html/template, no external assets, a strict
//     Content-Security-Policy). The one script is the request list's live
//     refresh (it reads /api/requests every 3 s and rebuilds the rows
//     from text nodes), allowed by a nonce made for each answer; every
//     other page allows no script. The request page shows the card
//     Reprove computed (approval/card), in plain English for a person
//     who is not a programmer: a loud warnings box, every action the plan
//     can take said as a sentence with the promises that limit it (or NO
//     PROMISE LIMITS THIS ACTION), the inputs of this run, the layer
//     configuration the service will use, what the run will be able to
//     touch (its kernel sandbox; a warning first when it would run
//     unconfined), each guarantee in English
//     (marked when it covers nothing the plan does; its code one click
//     away), coverage in words, Approve and Deny as the primary buttons,
//     and after the run what ran and how it ended (Store.Outcome reads it
//     back from the run's audit row). Function and layer names stay in
//     the collapsed technical details. A request without a card says so.
//
// What it refuses (each a 4xx with {"error": reason, "code": kind}, the
// code one of wire.ErrorCodes that a client decides by, and an audit row
// for every refused submission, decision, redemption, login and foreign
// Host/Origin): a Host or Origin that is not the service's own; a body
// that is not application/json (or, for a decision, a form), is over 1
// MiB, has unknown fields, trailing data or invalid UTF-8; a decision
// without a valid session, with a wrong or missing CSRF token, with a
// value outside the four human decisions, without the human's password
// or with a wrong one, or on a decided request; a
// submission whose re-proof fails, whose plan hash or target differ from
// the service's own, or that leaves a required_gap (recorded as refused,
// 422); a wait, run or redemption without the submitting client's proof
// (above); a redemption whose receipt does not verify with the service's key,
// was not issued by it, is for another plan or target, does not authorise
// a run, is expired, or was redeemed before. A failure of the service
// itself (store, audit log, randomness) is a 500 with code "internal".
// The package's tests go through one helper that checks every error
// answer they reach carries words and a known code, and they tell
// refusals apart by status and code, not by the words.
//
// What it does not do: prove or build. Reprove (compiler + prover against
// the service's own layer store), Decide (approval policies) and Execute
// (package execute) are injected by approval/serve, which keeps this package
// free of compiler and prover imports. The service shows the human only what Reprove returned;
// the client's claims are kept in the raw record.
//
// Performance: BenchmarkRunners (bench_test.go) drives submit, long-poll,
// browser decision and redeem from up to 200 concurrent runners on
// loopback and reports throughput, p50/p99 per step and CPU per cycle.
//
// Callers: approval/serve (service run), cmd/clauz3 (audit verify); tests and the
// benchmark in this package.
package approval
