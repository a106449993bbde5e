// Package clientkey binds an approval request to the client that
// submitted it (issue 11, attack E1g): any local process can list the
// service's request ids, so knowing an id must give nothing.
//
// The client (`clauz3 run`) makes a fresh ed25519 key pair per submission
// (New) and sends the public half with it (Submission.client_key). Every
// later call that reads or spends the approval carries a proof of
// possession in the Header: a signature, by that key, over the call's
// purpose (Wait, Run, Redeem), the request id, a binding (the redemption's
// challenge; empty otherwise) and the time. The service checks it with
// Verify against the key it stored with the request: the time must be
// within MaxSkew of its own clock, so a proof seen once is not good for
// long, and a proof for one purpose or request is no proof for another.
//
// The private key never leaves the client's memory: it is not written to
// disk, so another process of the same account that reads the project or
// the run's files cannot take it.
//
// Every error is an *Error whose Kind (NoProof, Malformed, Skewed,
// WrongKey, ...) says what is wrong; nothing decides on the words.
//
// Callers: approval (the service's wait, run and redeem endpoints) and
// runner (the client's side).
package clientkey
