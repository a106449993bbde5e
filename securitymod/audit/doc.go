// Package audit is ClauZ3's append-only, hash-chained audit log: every
// request, decision, receipt and redemption the approval service records,
// verifiable later with `clauz3 audit verify`.
//
// API: Append(ctx, store, Event) adds one row and returns it; Verify(ctx,
// store) recomputes the chain and returns the sequence number of the first
// broken row with a *BrokenError (0 and nil when the chain holds). Store
// is the three operations the log needs (Last, Insert, All); SQL(db)
// adapts a *sql.DB, *sql.Tx or *sql.Conn to it, over the table created by
// CreateSchema:
//
//	audit(seq INTEGER PRIMARY KEY, at TEXT, kind TEXT, request_id TEXT,
//	      actor TEXT, detail TEXT, prev_hash TEXT, hash TEXT)
//
// with every column NOT NULL and triggers that abort UPDATE and DELETE.
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
// What Append refuses (a *EventError, nothing stored): a kind that is not
// 1-64 characters of [a-z0-9_.-] starting with a letter; a request id over
// 128 bytes or an actor over 256 bytes, or either with control characters
// or invalid UTF-8; a detail over 1 MiB; and appending to a chain whose
// last row does not verify (the log is not extended past tampering). The
// actor and the detail pass through redact.String before they are stored
// and hashed, and invalid UTF-8 in the detail is replaced (U+FFFD) first,
// so what is stored is exactly what is hashed.
//
// What Verify reports as broken: a row whose content was edited (its hash
// no longer matches), a deleted, inserted or reordered row (seq out of
// step or prev_hash not the previous hash), a row with invalid UTF-8 or a
// malformed hash. A store error is returned as an error with seq 0: an
// unreadable log is a failed verification, never a passed one.
//
// Limits: the chain is unkeyed, so it proves integrity relative to an
// anchor. Deleting the newest rows, or rewriting every row from an edit
// onward with freshly computed hashes, is detected only by comparing the
// head (Store.Last: seq and hash) with a value recorded elsewhere (printed
// by audit verify, embedded in receipts). Append is not atomic by itself:
// run it inside a transaction (SQLite: BEGIN IMMEDIATE) or a single
// writer; the seq primary key makes a racing second append fail instead
// of forking the chain.
//
// Callers: the approval service (every request, decision, receipt and
// redemption), cmd/clauz3 (audit verify).
package audit
