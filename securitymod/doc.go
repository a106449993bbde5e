// Package securitymod is ClauZ3's security module: what every trusted layer
// shares and what the approval loop's security rests on.
//
// It owns approval receipts and their keys (ed25519 signatures over a
// canonical payload, single-use redemption), the approval store and the
// approval service (localhost web UI, session and CSRF checks, Host/Origin
// checks), the append-only hash-chained audit log, the path, command and
// egress floors that refuse credential and system locations, shell
// expansion and private or metadata addresses even when a layer's own
// policy would allow them, credential redaction of outputs, logs and audit
// rows, and secrets kept in the OS keyring with a clearly reported
// fallback.
//
// It refuses by default: an indeterminate answer (unreachable service, bad
// signature, expired or mismatched receipt, unknown decision) is a
// refusal with a typed error, never an approval.
//
// Callers: cmd/clauz3 (approval-service, audit verify), the runtime package
// planrt and trusted layers' Go implementations (the runtime half: receipt
// redemption and the floors).
//
// Status: later stage. At this stage the package is empty.
package securitymod
