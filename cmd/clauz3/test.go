package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/clauz3/clauz3/layers"
	"github.com/clauz3/clauz3/layers/casecheck"
	"github.com/clauz3/clauz3/prover"
)

func runTest(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check")
	verbose := fs.Bool("v", false, "print the prover's report of every case")
	err := parseFlags(fs, args)
	pos := fs.Args()
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: clauz3 test LAYER [--timeout D] [-v]\n\nLAYER is a bundled layer (email, bank, ...) or a layer folder with a cases/ folder.")
		return exitUsage
	}
	src, err := layers.Resolve(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 test: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	outcomes, err := casecheck.Run(ctx, src, casecheck.Options{Timeout: *timeout})
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 test: %v\n", err)
		return exitRefused
	}
	agree, disagree, pending := 0, 0, 0
	for _, o := range outcomes {
		verdict := "refused"
		if o.Proved {
			verdict = "proved"
		}
		mark := "ok  "
		switch {
		case o.Pending:
			mark = "pend"
			pending++
		case o.Agree:
			agree++
		default:
			mark = "FAIL"
			disagree++
		}
		line := fmt.Sprintf("%s %s: %s", mark, o.Name, verdict)
		if o.Problem != "" {
			line += " (" + o.Problem + ")"
		}
		fmt.Fprintln(stdout, line)
		if *verbose || (!o.Agree && !o.Pending) {
			for _, l := range strings.Split(strings.TrimRight(o.Report, "\n"), "\n") {
				fmt.Fprintln(stdout, "     "+l)
			}
		}
	}
	fmt.Fprintf(stdout, "%s: %d of %d cases agree with their expected verdicts", src.Origin, agree, agree+disagree)
	if pending > 0 {
		fmt.Fprintf(stdout, "; %d pending (cases/pending: not decidable by this prover yet)", pending)
	}
	fmt.Fprintln(stdout)
	if disagree > 0 {
		return exitRefused
	}
	return exitOK
}
