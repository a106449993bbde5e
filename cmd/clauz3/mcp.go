package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clauz3/clauz3/mcpserver"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the project folder: its tools/*/trusted layers, and the import root of plans")
	service := fs.String("service", "", "the approval service URL for run (default: $"+runner.EnvService+", then "+runner.DiscoveryFile+")")
	approvalTimeout := fs.Duration("approval-timeout", 10*time.Minute, "how long run waits for a decision")
	proveTimeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check; running out refuses the plan")
	cacheDir := fs.String("cache", "", "the build cache folder (default: the user cache dir's clauz3/builds)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 mcp [--dir DIR] [--service URL] [--approval-timeout D] [--timeout D] [--cache DIR]")
		return exitUsage
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "clauz3 mcp: %s: not a folder\n", *dir)
		return exitUsage
	}
	srv := mcpserver.New(mcpserver.Config{
		Dir:             *dir,
		ProveTimeout:    *proveTimeout,
		ApprovalTimeout: *approvalTimeout,
		CacheDir:        *cacheDir,
		ServiceURL:      *service,
		ServiceEnv:      os.Getenv(runner.EnvService),
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
