package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/clauz3/clauz3/gen"
)

// RunCompiled compiles the case's plan, builds it with gen in simulate mode
// and runs the binary as
//
//	BIN --effects RESULTS.json --trace TRACE.jsonl [--arg name=JSON]...
//
// with the arguments in the target's parameter order. Build folders live
// in buildCache (one per plan hash, so an unchanged plan is not rebuilt;
// "" means gen's default cache); every build uses the go command's own
// GOCACHE, so the runtime package is compiled once for all of them. A
// refused plan is a *CompileError; a failed build is an error.
func RunCompiled(ctx context.Context, c Case, buildCache string) (Outcome, error) {
	prog, src, err := Compile(c)
	if err != nil {
		return Outcome{}, err
	}
	raws, err := orderedArgs(c, prog.Target.Params)
	if err != nil {
		return Outcome{}, err
	}
	res, err := gen.Build(ctx, prog, src, gen.BuildOptions{
		Mode:     gen.Simulate,
		CacheDir: buildCache,
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: build: %w", c.Name, err)
	}
	dir, err := os.MkdirTemp("", "clauz3-compiled-")
	if err != nil {
		return Outcome{}, err
	}
	defer os.RemoveAll(dir)
	effects := c.Effects
	if effects == nil {
		effects = []byte("{}")
	}
	effPath, err := writeTemp(dir, "results.json", effects)
	if err != nil {
		return Outcome{}, err
	}
	tracePath := filepath.Join(dir, "trace.jsonl")
	args := []string{"--effects", effPath, "--trace", tracePath}
	for i, p := range prog.Target.Params {
		args = append(args, "--arg", p.Name+"="+string(raws[i]))
	}
	cmd := exec.CommandContext(ctx, res.Binary, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	out := Outcome{Stdout: stdout.String()}
	if ctx.Err() != nil {
		return out, fmt.Errorf("compiled: %s: %w", c.Name, ctx.Err())
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		out.Exit = exit.ExitCode()
		out.Error = NormaliseError(lastLine(stderr.String()))
		if out.Exit < 0 {
			return out, fmt.Errorf("compiled: %s: %v; stderr: %s", c.Name, err, tail(stderr.Bytes(), 2000))
		}
	default:
		return out, fmt.Errorf("compiled: %s: %v", c.Name, err)
	}
	if b, err := os.ReadFile(tracePath); err == nil {
		out.Trace = splitTrace(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return out, err
	}
	return out, nil
}
