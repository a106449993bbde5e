package planrt

import "embed"

// Source is the runtime's own Go source. Package gen writes it into every
// build folder as the local module the generated program links, and
// hashes it into the plan hash, so a changed runtime never reuses a stale
// binary. gen leaves out this file and the tests.
//
//go:embed *.go
var Source embed.FS
