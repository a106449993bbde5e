package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"

	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/ir"
)

func runBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	output := fs.String("o", "", "write the sealed binary here")
	simulate := fs.Bool("simulate", false, "build the simulation variant (effects answered from a results file; no layer linked); required")
	cacheDir := fs.String("cache", "", "the build cache folder (default: the user cache dir's clauz3/builds)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if *output == "" {
		fmt.Fprintln(stderr, "clauz3 build: -o BIN is required")
		return exitUsage
	}
	// Real binaries are the approval service's: it builds them from its
	// own layer store with its own toolchain when the human approves. A
	// real build here would link the project's tools/, which the agent
	// may edit, and the go command of the agent's PATH.
	if !*simulate {
		fmt.Fprintln(stderr, "clauz3 build: only simulation binaries are built here (--simulate); a real binary is built and run by the approval service after an approval (clauz3 run)")
		return exitUsage
	}
	prog, src, code, err := pf.loadWithSource(fs, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	mode := gen.Simulate
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := gen.Build(ctx, prog, src, gen.BuildOptions{Mode: mode, Output: *output, CacheDir: *cacheDir, Stderr: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 build: %v\n", err)
		return exitRefused
	}
	how := "built"
	if res.Cached {
		how = "reused cached build"
	}
	fmt.Fprintf(stdout, "%s %s (%s, plan %s) in %s\n", how, *output, res.Mode, res.PlanHash, res.Duration.Round(1e6))
	return exitOK
}

// simulateCompiled builds the plan's simulation binary (cached by plan
// hash) and runs it with the same results, inputs and trace file as the
// interpreter would get; with no trace file the binary writes the trace
// to stderr, as the interpreter does.
func simulateCompiled(ctx context.Context, prog *ir.Program, src []byte, effectsFile, traceFile string, inputs []string, stdout, stderr io.Writer) int {
	res, err := gen.Build(ctx, prog, src, gen.BuildOptions{Mode: gen.Simulate, Stderr: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 simulate: %v\n", err)
		return exitRefused
	}
	var args []string
	if effectsFile != "" {
		args = append(args, "--effects", effectsFile)
	}
	if traceFile != "" {
		args = append(args, "--trace", traceFile)
	}
	for _, in := range inputs {
		args = append(args, "--arg", in)
	}
	cmd := exec.CommandContext(ctx, res.Binary, args...)
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	err = cmd.Run()
	if err == nil {
		return exitOK
	}
	// The binary's own exit 1 (the plan raised or a contract failed) has
	// already printed its reason; anything else did not run the plan.
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		fmt.Fprintf(stderr, "clauz3 simulate: %v\n", err)
	}
	return exitRefused
}
