package pysem

import "embed"

// Source is the package's own Go source. Package gen writes it into every
// sealed build folder next to the runtime, which imports it, and hashes
// it into the plan hash; gen leaves out this file and the tests.
//
//go:embed *.go
var Source embed.FS
