package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/securitymod/audit"
)

func runAudit(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: clauz3 audit verify [--dev] [--state DIR] [--config DIR]")
		return exitUsage
	}
	fs := flag.NewFlagSet("clauz3 audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	fs.Var(refusedFlag{"the database is the service's own; name its state folder with --state"}, "db", "(removed)")
	if err := fs.Parse(args[1:]); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "clauz3 audit verify: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	l, err := lf.layout()
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitUsage
	}
	if _, err := serviceCredentials("clauz3 audit verify", l); err != nil {
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitRefused
	}
	db := l.DB()
	dbPath := &db
	rep, err := approval.VerifyAuditFile(context.Background(), *dbPath)
	var broken *audit.BrokenError
	switch {
	case errors.As(err, &broken):
		fmt.Fprintf(stdout, "audit: %s: chain broken at row %d: %s\n", *dbPath, broken.Seq, broken.Reason)
		return exitRefused
	case err != nil:
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitRefused
	case rep.Rows == 0:
		fmt.Fprintf(stdout, "audit: %s: empty log, nothing to verify\n", *dbPath)
	default:
		fmt.Fprintf(stdout, "audit: %s: %d rows, chain intact; head row %d hash %s\n", *dbPath, rep.Rows, rep.Head.Seq, rep.Head.Hash)
	}
	return exitOK
}
