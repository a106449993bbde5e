package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

func runAudit(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: clauz3 audit verify [--db PATH] [--public-key BASE64]")
		return exitUsage
	}
	fs := flag.NewFlagSet("clauz3 audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "", "the approval service's database; default: <user config dir>/clauz3/approval.db")
	pubFlag := fs.String("public-key", "", "the service's ed25519 public key (standard base64, as /api/key shows it); default: read from the service's secrets beside the database")
	if err := fs.Parse(args[1:]); err != nil {
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
	var pub ed25519.PublicKey
	key := func() (ed25519.PublicKey, error) {
		var err error
		if *pubFlag != "" {
			pub, err = receipt.ParsePublicKey(*pubFlag)
		} else {
			pub, err = servicePublicKey(*dbPath)
		}
		return pub, err
	}
	rep, err := approval.VerifyAuditFile(context.Background(), *dbPath, key)
	var anchor *audit.AnchorError
	var broken *audit.BrokenError
	switch {
	case errors.As(err, &broken):
		fmt.Fprintf(stdout, "audit: %s: chain broken at row %d: %s\n", *dbPath, broken.Seq, broken.Reason)
		return exitRefused
	case errors.As(err, &anchor):
		fmt.Fprintf(stdout, "audit: %s: %s names audit head %s, which is not in the chain: %s\n", *dbPath, anchor.Anchor.What, anchor.Anchor.Head, anchor.Reason)
		return exitRefused
	case err != nil:
		fmt.Fprintf(stderr, "clauz3 audit verify: %v\n", err)
		return exitRefused
	case rep.Rows == 0:
		fmt.Fprintf(stdout, "audit: %s: empty log, nothing to verify\n", *dbPath)
	default:
		fmt.Fprintf(stdout, "audit: %s: %d rows, chain intact and signed by key %s; %d receipt and redemption heads found in it; head row %d hash %s\n",
			*dbPath, rep.Rows, receipt.KeyID(pub), rep.Anchors, rep.Head.Seq, rep.Head.Hash)
	}
	return exitOK
}

// servicePublicKey reads the public key from the secrets store the service
// uses for the database at dbPath (the same folder), never making one.
func servicePublicKey(dbPath string) (ed25519.PublicKey, error) {
	abs, err := filepath.Abs(dbPath)
	if err != nil {
		return nil, err
	}
	st, _, err := secrets.Open("clauz3", filepath.Dir(abs))
	if err != nil {
		return nil, err
	}
	pub, err := approval.PublicKey(st)
	if err != nil {
		return nil, fmt.Errorf("%w (use --public-key)", err)
	}
	return pub, nil
}
