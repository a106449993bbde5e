// Package layersetup turns an administrator's settings for a bundled
// layer into the approval service's configuration of that layer, and
// creates the data the layer works on, so no one writes Go to set up a
// layer (`clauz3 layers configure NAME`, issue 14).
//
// The configuration is <config>/layers/<domain>.json, {"env": {...}}:
// the CLAUZ3_* settings the service gives the sealed binaries of plans
// that use that layer, and nothing else (approval/execute). Write
// replaces a layer's whole file, owner-only, through a rename.
//
//   - Email: the SMTP server (host:port), the TLS mode (starttls or
//     implicit), the sender, and an optional CA file, which is checked to
//     hold certificates and copied into the config folder
//     (layers/email-ca.pem), so the layer reads the service's own copy.
//   - Bank: a ledger (SQLite, created when missing) and its accounts with
//     their opening balances in cents.
//   - DB: a database with the declared tables, from a CSV file (header =
//     the declared columns, values of their types) or an SQL script;
//     either way the result is checked against the layer's declared
//     columns (db.Declared).
//   - FS (filesystem, grep, editor): the roots plans may use.
//   - WebFetch: the body cap, the timeout and, on a dev-mode service
//     only, loopback past the egress floor (CLAUZ3_WEB_ALLOW_LOOPBACK).
//     DevOnly names such settings; the service refuses to start with one
//     in any layer's file unless it is in dev mode.
//
// What it refuses, each with the setting and the reason: a server that is
// not host:port, a sender that is not one plain address, a TLS mode
// other than the two, a CA file without a certificate; an account that
// exists already, a negative or non-integer balance, a file named as the
// ledger that is not one; a database file that exists already, a CSV
// whose header or values do not match the declared columns, an SQL
// script that leaves a declared table missing or different, a row the
// layer's postconditions would refuse (an email without '@' or on two
// lines); a root that is relative, missing, not a folder, reached
// through a symbolic link, or overlapping the service's own folders
// (plans could otherwise read or write its keys and policy).
//
// Configure is the whole of `clauz3 layers configure` after its flags
// are read: it checks the service's config folders, applies the defaults
// (the ledger and the database under the state folder), runs the layer's
// set-up, writes the file and, run by root for a real service, hands what
// it made to the service's account. A request wrong as written is a
// *UsageError; anything else it refuses is a refusal. Every refusal of a
// layer's set-up is (or wraps) an *Error whose Kind and Flag say what is
// wrong; nothing decides on the words.
//
// Callers: cmd/clauz3 (layers configure), approval/serve (DevOnly, when
// the service reads the layer configuration) and internal/demo.
package layersetup
