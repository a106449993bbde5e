package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

func runRun(e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	fs.Var(refusedFlag{serviceFlagGone}, "service", "(removed: the service is found from its client configuration)")
	approvalTimeout := fs.Duration("approval-timeout", 10*time.Minute, "how long to wait for a decision; running out exits with status 4")
	proveTimeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check; running out refuses the plan")
	fs.Var(refusedFlag{"--cache is gone: the approval service builds approved plans in its own cache"}, "cache", "(removed)")
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
	name := fs.Arg(0)
	planDir := "."
	if name != "" && name != "-" {
		planDir = filepath.Dir(name)
	}
	svc, client, err := findService(e, ".", planDir)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 run: %v\n", err)
		return runner.ExitUsage
	}
	if name == "" || name == "-" {
		name = "<stdin>"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return runner.Run(ctx, runner.Plan{Name: filepath.Base(name), Source: src, Prog: prog}, runner.Options{
		Service:         svc,
		Client:          client,
		ApprovalTimeout: *approvalTimeout,
		ProveTimeout:    *proveTimeout,
		Out:             stdout,
		Stdout:          stdout,
		Stderr:          stderr,
		Args:            inputs,
	})
}

const serviceFlagGone = "--service is gone: the approval service is found, never chosen (from " + "/etc/clauz3/client.json, or ~/.config/clauz3/client.json in dev mode)"

// findService is the one way run and mcp get a service: the client
// configuration, after refusing the removed ways of naming one (the
// environment variable, a project discovery file in any of dirs).
func findService(e env, dirs ...string) (runner.Service, *http.Client, error) {
	if err := client.Leftovers(os.Getenv, dirs...); err != nil {
		return runner.Service{}, nil, err
	}
	paths, err := e.clientPaths()
	if err != nil {
		return runner.Service{}, nil, err
	}
	found, err := client.Find(paths)
	if err != nil {
		return runner.Service{}, nil, err
	}
	svc, hc := runner.Found(found)
	return svc, hc, nil
}
