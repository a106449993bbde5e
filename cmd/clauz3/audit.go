package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

func runAudit(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: clauz3 audit verify [--dev] [--state DIR] [--config DIR] [--public-key BASE64]")
		return exitUsage
	}
	fs := flag.NewFlagSet("clauz3 audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	fs.Var(refusedFlag{"the database is the service's own; name its state folder with --state"}, "db", "(removed)")
	pubFlag := fs.String("public-key", "", "the service's ed25519 public key (standard base64, as /api/key shows it); default: read from the service's state")
	if err := parseFlags(fs, args[1:]); err != nil {
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
	owner, err := state.AdminCredentials("clauz3 audit verify", l)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitRefused
	}
	dbPath := l.DB()
	var pub ed25519.PublicKey
	key := func() (ed25519.PublicKey, error) {
		if *pubFlag != "" {
			k, err := receipt.ParsePublicKey(*pubFlag)
			pub = k
			return k, err
		}
		// The keys are read, never made: a verifier must not mint the key
		// it checks against.
		keys, err := state.LoadKeys(l, owner)
		if err != nil {
			return nil, fmt.Errorf("%w (use --public-key)", err)
		}
		pub = keys.Signing.Public().(ed25519.PublicKey)
		return pub, nil
	}
	rep, err := approval.VerifyAuditFile(context.Background(), dbPath, key)
	var anchor *audit.AnchorError
	var broken *audit.BrokenError
	switch {
	case errors.As(err, &broken):
		fmt.Fprintf(stdout, "audit: %s: chain broken at row %d: %s\n", dbPath, broken.Seq, broken.Reason)
		return exitRefused
	case errors.As(err, &anchor):
		fmt.Fprintf(stdout, "audit: %s: %s names audit head %s, which is not in the chain: %s\n", dbPath, anchor.Anchor.What, anchor.Anchor.Head, anchor.Reason)
		return exitRefused
	case err != nil:
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitRefused
	case rep.Rows == 0:
		fmt.Fprintf(stdout, "audit: %s: empty log, nothing to verify\n", dbPath)
	default:
		fmt.Fprintf(stdout, "audit: %s: %d rows, chain intact and signed by key %s; %d receipt and redemption heads found in it; head row %d hash %s\n",
			dbPath, rep.Rows, receipt.KeyID(pub), rep.Anchors, rep.Head.Seq, rep.Head.Hash)
	}
	return exitOK
}
