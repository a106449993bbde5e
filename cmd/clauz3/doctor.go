package main

import (
	"fmt"
	"io"

	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// runDoctor reports which kernel protections this machine gives a sealed
// binary. Exit status 0 when all are there, 1 when a sealed run would be
// refused unless the approval service allows running unconfined.
func runDoctor(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 doctor")
		return exitUsage
	}
	return doctorReport(sandbox.Probe(), stdout)
}

// doctorReport renders what kernel s provides; a test hands it a weaker
// kernel than this machine's.
func doctorReport(s sandbox.Support, stdout io.Writer) int {
	fmt.Fprintln(stdout, "sealed-binary sandbox on this machine:")
	for _, l := range s.Lines() {
		fmt.Fprintln(stdout, "  "+l)
	}
	if missing := s.Missing(); len(missing) > 0 {
		fmt.Fprintf(stdout, "NOT fully confined: %s; sealed runs are refused unless the service's configuration allows running unconfined\n", missing)
		return exitRefused
	}
	fmt.Fprintln(stdout, "ok: sealed binaries run confined (files, network ports, system calls, resource limits)")
	return exitOK
}
