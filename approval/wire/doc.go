// Package wire is the JSON of the approval service's API
// (docs/approval-api.md): the one definition of every body the service
// answers or accepts, imported by the service (package approval), its
// clients (runner for `clauz3 run` and mcpserver, approval/client's
// human verbs) and the in-test fake (internal/approvaltest), so a field
// renamed or added on one side is renamed or added on every side.
//
// Every error answer is Error, whose Code is one of ErrorCodes: a stable
// kind of refusal a client decides by, where the words of Error.Error are
// for a person and may change.
//
// It holds types and the lists of request statuses and error codes only: no behaviour,
// no validation beyond what a type says. What a client must refuse (an
// unknown status, an answer for another request) is the client's to
// check; KnownStatus and Approved say which values exist.
//
// Tests: wire_test.go checks every type against the examples of
// docs/approval-api.md (each field the document shows is a field of the
// type, and each field of the type is shown), and that no struct or map
// literal elsewhere in the module spells a copy of one of these types
// (TestNoCopies); and that the error codes and the document's table of
// them agree both ways (TestErrorCodesDocumented), and that every
// ErrorCode constant declared here is listed (TestErrorCodesListed).
//
// One deliberate exception: the sealed binary's redemption body
// (securitymod/redeem) is its own small struct, because the sealed
// binary must not link this package (Request carries approval/card, which
// imports the prover and Z3). The service and the fake decode the
// redemption strictly into RedeemBody, so redeem's tests fail on a field
// that differs.
package wire
