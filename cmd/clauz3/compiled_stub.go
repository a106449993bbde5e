package main

import (
	"context"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/ir"
)

func simulateCompiled(ctx context.Context, prog *ir.Program, pf planFlags, planPath string, results []byte, inputs []string, trace, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "clauz3 simulate: --engine compiled is not available yet")
	return exitUsage
}
