// Command clauz3-demo is `make demo` and `make demo-approve`: the main
// job end to end on this machine (package internal/demo), with a real
// mail server, a dev-mode approval service in a temporary folder set up
// with clauz3's own commands, and the bank layer's ledger.
//
// Usage:
//
//	clauz3-demo --clauz3 BIN [--approve] [--keep] [--approval-timeout D]
//
// Exit status 0 when every step did what the demo says, 1 otherwise
// (with the reason), 2 for usage errors.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/clauz3/clauz3/internal/demo"
)

func main() {
	os.Exit(run())
}

func run() int {
	fs := flag.NewFlagSet("clauz3-demo", flag.ContinueOnError)
	bin := fs.String("clauz3", "", "the clauz3 binary to set up and run the service with (required)")
	approve := fs.Bool("approve", false, "no auto-approving policy: wait for the human's decision in the browser")
	keep := fs.Bool("keep", false, "keep the demo's temporary folder (service state, project, CA) afterwards")
	timeout := fs.Duration("approval-timeout", 10*time.Minute, "how long each run waits for a decision")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return 2
	}
	if *bin == "" || fs.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: clauz3-demo --clauz3 BIN [--approve] [--keep] [--approval-timeout D]")
		return 2
	}
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		fmt.Fprintf(os.Stderr, "clauz3-demo: the go command: %v (sealed builds need it)\n", err)
		return 1
	}
	if goBin, err = filepath.Abs(goBin); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// The sealed builds share this user's Go caches (dev mode allows it),
	// so they reuse what building clauz3 already compiled.
	caches, err := exec.Command(goBin, "env", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "clauz3-demo: go env: %v\n", err)
		return 1
	}
	goCache, goModCache, _ := strings.Cut(strings.TrimSpace(string(caches)), "\n")
	dir, err := os.MkdirTemp("", "clauz3-demo-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if *keep {
		fmt.Printf("the demo's folder: %s (kept)\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	_, err = demo.Run(ctx, demo.Options{
		Clauz3: abs, Dir: dir, Approve: *approve, ApprovalTimeout: *timeout,
		Go: goBin, GoCache: strings.TrimSpace(goCache), GoModCache: strings.TrimSpace(goModCache), Out: os.Stdout,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "clauz3-demo: %v\n", err)
		return 1
	}
	fmt.Printf("   (the demo took %s)\n", time.Since(start).Round(time.Second))
	return 0
}
