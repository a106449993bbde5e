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
		fmt.Fprintln(stderr, "usage: clauz3 audit verify [--db PATH]")
		return exitUsage
	}
	fs := flag.NewFlagSet("clauz3 audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "", "the approval service's database; default: <user config dir>/clauz3/approval.db")
	if err := parseFlags(fs, args[1:]); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "clauz3 audit verify: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	if *dbPath == "" {
		var err error
		if *dbPath, err = approval.DefaultPath(); err != nil {
			fmt.Fprintf(stderr, "clauz3 audit verify: %v (use --db)\n", err)
			return exitUsage
		}
	}
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
