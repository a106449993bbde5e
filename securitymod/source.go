package securitymod

import "embed"

// Source is the Go source of the security module's runtime half, the
// sub-packages a sealed binary may link. Package gen writes it into every
// build folder as the local module github.com/clauz3/clauz3/securitymod
// (tests left out) and hashes it into the build hash, so a changed module
// never reuses a stale binary. secrets is in it because a layer's
// credentials (the email layer's SMTP password) are read at run time;
// audit is not: it is for the CLI and the approval service.
//
//go:embed receipt/*.go redeem/*.go pathfloor/*.go egress/*.go redact/*.go secrets/*.go sandbox/*.go
var Source embed.FS
