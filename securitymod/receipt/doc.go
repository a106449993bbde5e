// Package receipt owns the approval service's signed receipts and the
// redemption acknowledgements a sealed binary checks before its first
// effect, exactly as docs/approval-api.md fixes them.
//
// A Receipt is {"payload","signature","key_id"}: payload is the canonical
// compact JSON of a Payload (fields in the documented order, times RFC
// 3339 in UTC to the second), base64url without padding; signature is
// ed25519 over SignContext + payload bytes. A Redemption has the same
// envelope, signed over RedemptionContext + the canonical JSON of a
// RedemptionPayload.
//
// Verify checks the signature first and only then decodes the signed
// bytes; key_id and anything else outside the payload is never trusted.
// Decoding is strict: an unknown or missing field, a duplicate key, a v
// other than 1, a malformed plan hash, build_id (a payload without
// build_id, as older services signed, is refused), nonce, time or audit
// head (both payloads carry audit_head, "<seq>:<64 lowercase hex>": the
// service's audit chain head when it signed, which `clauz3 audit verify`
// checks is still in the chain), or any byte that is
// not exactly the canonical encoding of the decoded value is ErrMalformed.
// Check then refuses another plan (ErrPlanMismatch), another build
// (ErrBuildMismatch: build_id, the gen.BuildIdentity digest of the sealed
// binary the receipt admits, is not the checker's, or the checker names
// none), another target
// (ErrTargetMismatch), a decision other than approved_once / auto_approved
// (ErrNotApproved), now < issued_at (ErrNotYetValid) and now >= expires_at
// (ErrExpired). VerifyRedemption refuses an acknowledgement not signed by
// the pinned key or whose request id, receipt nonce or challenge are not
// the binary's own (ErrRedemptionMismatch). Every refusal is an *Error
// whose Unwrap is one of the sentinels, so callers use errors.Is.
//
// ProvePossession and VerifyPossession are the service's answer to a
// client's fresh challenge (GET /api/key?challenge=), signed under
// PossessionContext so it can never stand for a receipt, a redemption or
// an audit row: a client talks to the service only once it proved it
// holds the pinned key, not merely repeats its public half.
//
// key_id is the hex of the first 8 bytes of sha256(public key): a label
// for humans and logs, never a trust decision.
//
// This package is linked into sealed binaries: it imports the standard
// library only. Callers: approval (signs receipts and
// redemptions), the runtime's receipt check, cmd/clauz3 (run).
package receipt
