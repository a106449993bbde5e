package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	service := fs.String("service", "", "the approval service URL (default: $"+runner.EnvService+", then "+runner.DiscoveryFile+")")
	approvalTimeout := fs.Duration("approval-timeout", 10*time.Minute, "how long to wait for a decision; running out exits with status 4")
	proveTimeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check; running out refuses the plan")
	cacheDir := fs.String("cache", "", "the build cache folder (default: the user cache dir's clauz3/builds)")
	var inputs stringList
	fs.Var(&inputs, "arg", "name=JSON: a value for one of the target's parameters, passed to the sealed binary (which checks the target's own preconditions); repeatable")
	if err := parseFlags(fs, args); err != nil {
		return runner.ExitUsage
	}
	prog, src, code, err := pf.loadWithSource(fs, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		if code == exitRefused {
			fmt.Fprintf(stdout, "  %-12s ✗ %v\n  %-12s (not submitted)\n", "prove", err, "submit")
		}
		return code
	}
	svc, err := runner.Discover(*service, os.Getenv(runner.EnvService), ".")
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 run: %v\n", err)
		return runner.ExitUsage
	}
	name := fs.Arg(0)
	if name == "" || name == "-" {
		name = "<stdin>"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return runner.Run(ctx, runner.Plan{Name: filepath.Base(name), Source: src, Prog: prog}, runner.Options{
		Service:         svc,
		ApprovalTimeout: *approvalTimeout,
		ProveTimeout:    *proveTimeout,
		CacheDir:        *cacheDir,
		Out:             stdout,
		Stdout:          stdout,
		Stderr:          stderr,
		Args:            inputs,
	})
}
