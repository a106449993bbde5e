// Package securitymod is ClauZ3's security module: what every trusted layer
// and the approval service (package approval) share, and what the approval loop's security
// rests on. The package itself holds no code; each job is a sub-package
// with one owner and one API, so a sealed binary links only the parts it
// uses (the runtime half: pathfloor, egress, redact, sandbox; secrets pulls in the
// OS keyring client and is for the CLI and the service).
//
//   - pathfloor: resolves a path (symlinks and ".." included) and refuses
//     credential and system locations, traversal out of the roots, broken
//     or looping links, even when a layer's own policy would allow them.
//   - egress: http/https only; refuses IP literals and any URL whose host
//     resolves to a loopback, private, link-local, metadata, CGNAT,
//     reserved or NAT64-of-private address; connects only to the address it
//     vetted and re-checks redirects.
//   - redact: replaces provider tokens, JWTs, PEM private keys, bearer,
//     cookie and URL credentials and labelled key=value secrets with
//     [REDACTED:<kind>] in outputs, logs and audit rows.
//   - secrets: the OS keyring through github.com/zalando/go-keyring, or an
//     explicitly reported AES-GCM file fallback; Scoped stores for layers.
//   - audit: the append-only, hash-chained audit log and its verifier.
//   - sandbox: the kernel sandbox a sealed binary applies to itself
//     (Landlock, seccomp, rlimits) from the policy gen derives from its
//     layers' configuration; golang.org/x/sys and go-landlock besides the
//     standard library.
//   - receipt: signed approval receipts and redemption acknowledgements
//     (ed25519 over a canonical payload); standard library only, linked
//     into sealed binaries.
//
// Every sub-package fails closed: an unknown, unresolvable, malformed or
// indeterminate input is a refusal with a typed error carrying the reason
// (pathfloor.Refusal, egress.Refusal, secrets.Error, audit.EventError and
// audit.BrokenError), never a pass and never only a log line. redact has
// no refusals: it is total and idempotent.
//
// Still to come here: the command floor for a shell layer.
//
// Callers: approval and cmd/clauz3 (service run, audit verify), the runtime
// package planrt and the trusted layers' Go implementations.
package securitymod
