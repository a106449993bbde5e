package main

import (
	"fmt"
	"io"

	"github.com/clauz3/clauz3/docs"
)

func runGuide(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 guide")
		return exitUsage
	}
	if _, err := io.WriteString(stdout, docs.AgentGuide); err != nil {
		return exitUsage
	}
	return exitOK
}
