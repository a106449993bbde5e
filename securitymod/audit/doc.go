// Package audit is ClauZ3's append-only, hash-chained audit log: every
// request, decision, receipt and redemption the approval service records,
// verifiable later with `clauz3 audit verify`.
//
// API: Append(ctx, store, key, Event) adds one row signed with the
// service's ed25519 key and returns it; Verify(ctx, store, pub,
// anchors...) recomputes the chain, checks every signature with the
// service's public key and that every anchor (a Head recorded in a receipt
// or a redemption acknowledgement) names a row of the chain; it returns
// the sequence number of the first broken row with a *BrokenError, or an
// *AnchorError (0 and nil when all holds); each carries a Kind (BrokenKind,
// AnchorKind) that says how the chain broke, so nothing reads the Reason's
// words to tell. Store is the three operations
// the log needs (Last, Insert, All); SQL(db) adapts a *sql.DB, *sql.Tx or
// *sql.Conn to it, over the table created by CreateSchema:
//
//	audit(seq INTEGER PRIMARY KEY, at TEXT, kind TEXT, request_id TEXT,
//	      actor TEXT, detail TEXT, prev_hash TEXT, hash TEXT, sig TEXT)
//
// with every column NOT NULL and triggers that abort UPDATE and DELETE.
// CreateSchema adds sig to a table made before rows were signed; those
// old rows are reported "not signed" (start a new log).
//
// The chain: row n has seq n (from 1, no gaps), prev_hash = hash of row
// n-1 (Genesis, 64 zeros, for row 1) and
//
//	hash = hex(sha256(prev_hash || canonical JSON))
//
// where prev_hash is its 64 lowercase hex characters and the canonical
// JSON is encoding/json's Marshal of {"seq","at","kind","request_id",
// "actor","detail"} in that order (no spaces; <, > and & escaped as
// \u003c, \u003e, \u0026). at is RFC 3339 with nanoseconds, in UTC.
//
//	sig = base64(ed25519.Sign(service key, "clauz3 audit v1\n" || hash))
//
// A head is written "<seq>:<hash>" (Head.String, ParseHead).
//
// What Append refuses (nothing stored): no signing key; (a *EventError) a kind that is not
// 1-64 characters of [a-z0-9_.-] starting with a letter; a request id over
// 128 bytes or an actor over 256 bytes, or either with control characters
// or invalid UTF-8; a detail over 1 MiB; and appending to a chain whose
// last row does not verify, signature included (the log is not extended
// past tampering). The
// actor and the detail pass through redact.String before they are stored
// and hashed, and invalid UTF-8 in the detail is replaced (U+FFFD) first,
// so what is stored is exactly what is hashed.
//
// What Verify reports as broken: a row whose content was edited (its hash
// no longer matches), a deleted, inserted or reordered row (seq out of
// step or prev_hash not the previous hash), a row with invalid UTF-8 or a
// malformed hash, a row that is unsigned or whose signature does not
// verify with the service's public key (deleting a request's rows and
// re-hashing the chain needs the service key; attack G1). An anchor whose
// row is gone, has another hash, or lies past the end of the chain is an
// *AnchorError. A store error, or no public key, is returned as an error
// with seq 0: an unreadable log is a failed verification, never a passed
// one.
//
// Limits: whoever holds the service key can rewrite the chain from an edit
// onward and re-sign it; that is detected only through anchors recorded
// after the edit (every receipt and redemption acknowledgement carries the
// head at its issue). Deleting the newest rows after the last anchor is
// not detected by Verify alone: compare the head it prints with one
// recorded elsewhere. Append is not atomic by itself:
// run it inside a transaction (SQLite: BEGIN IMMEDIATE) or a single
// writer; the seq primary key makes a racing second append fail instead
// of forking the chain.
//
// Callers: the approval service (every request, decision, receipt and
// redemption), cmd/clauz3 (audit verify).
package audit
