// Package redeem is the sealed binary's half of consent: the Gate a real
// ClauZ3 binary admits its run with, before the plan's first statement.
//
// # What it owns
//
// Gate.Admit reads the receipt file clauz3 run hands the binary, verifies
// it with the approval service's public key the binary embeds
// (securitymod/receipt: signature first, then only the signed payload;
// plan hash equal to the embedded ir.Digest, build_id equal to the
// embedded build identity (gen.BuildIdentity), target, decision, validity
// window), then redeems it: POST /api/receipts/redeem with the receipt and
// a fresh 16-byte challenge, and verifies the service's signed
// acknowledgement (same key, this receipt's request id and nonce, this
// challenge). Only then does it return the request id, which planrt holds
// as the redemption every trusted effect checks.
//
// # What it refuses
//
// Everything that is not exactly that, each as an *Error naming the step,
// its Kind (what callers and tests tell refusals apart by, with the wrapped
// receipt sentinel and the service's Status) and the reason in words:
// an unreadable or oversized receipt file, a malformed
// embedded key, a receipt that does not verify or check, a service URL
// that is not http(s) with a host, an unreachable service, a redirect,
// any status but 200 (409 already redeemed, 403 refused, 500 ...), a
// malformed or oversized answer, an acknowledgement that is unsigned,
// signed by another key, or for another receipt or challenge. A service
// that cannot sign with the embedded key cannot make a binary run.
//
// # Imports and callers
//
// The standard library and securitymod/receipt only: it is linked into
// real sealed binaries (gen writes it into the build folder; a simulation
// binary may not import it). Callers: the main package gen generates for
// a real build (planrt.Program.Gate).
package redeem
