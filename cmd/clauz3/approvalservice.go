package main

import (
	"io"
)

// version is what /health reports.
const version = "clauz3-dev"

// runApprovalService is the old name of `clauz3 service run`, kept as
// an alias that follows the same rules: the flags that let anyone start a
// service on a database, policy or layers of their choosing are refused.
func runApprovalService(args []string, stdout, stderr io.Writer) int {
	return runServiceRun("clauz3 approval-service", args, stdout, stderr)
}
