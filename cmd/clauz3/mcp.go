package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clauz3/clauz3/mcpserver"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

func runMCP(e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the project folder: its tools/*/trusted layers, and the import root of plans")
	fs.Var(refusedFlag{serviceFlagGone}, "service", "(removed: the service is found from its client configuration)")
	approvalTimeout := fs.Duration("approval-timeout", 10*time.Minute, "how long run waits for a decision")
	proveTimeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check; running out refuses the plan")
	fs.Var(refusedFlag{"--cache is gone: the approval service builds approved plans in its own cache"}, "cache", "(removed)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 mcp [--dir DIR] [--approval-timeout D] [--timeout D]")
		return exitUsage
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "clauz3 mcp: %s: not a folder\n", *dir)
		return exitUsage
	}
	// The server lives as long as its client: its proofs take contexts
	// made once and recycled instead of making one each.
	contexts := prover.NewContexts(runtime.NumCPU())
	defer contexts.Close()
	srv := mcpserver.New(mcpserver.Config{
		Contexts:        contexts,
		Dir:             *dir,
		ProveTimeout:    *proveTimeout,
		ApprovalTimeout: *approvalTimeout,
		FindService:     func() (runner.Service, *http.Client, error) { return findService(e, *dir) },
	})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t := &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}}
	if err := srv.Run(ctx, t); err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "clauz3 mcp: %v\n", err)
		return exitUsage
	}
	return exitOK
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
