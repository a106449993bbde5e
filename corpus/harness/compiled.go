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
	"github.com/clauz3/clauz3/ir"
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
	var args []string
	for i, p := range prog.Target.Params {
		args = append(args, "--arg", p.Name+"="+string(raws[i]))
	}
	return runBinary(ctx, c, res.Binary, "", args)
}

// runBinary runs `bin [plan] --effects RESULTS.json --trace TRACE.jsonl
// args...` in a fresh folder and reads its outcome; plan names the plan
// of a batch binary ("" for a sealed binary).
func runBinary(ctx context.Context, c Case, bin, plan string, args []string) (Outcome, error) {
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
	var argv []string
	if plan != "" {
		argv = append(argv, plan)
	}
	argv = append(append(argv, "--effects", effPath, "--trace", tracePath), args...)
	cmd := exec.CommandContext(ctx, bin, argv...)
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

// CompiledBatch is the compiled arm for many cases at once: their plans
// linked into one binary (gen.BuildBatch) that runs a case's plan by name
// exactly as the plan's own sealed simulation binary would, one process
// per run. Building it costs one go build and one link instead of one of
// each per plan.
type CompiledBatch struct {
	dir    string
	batch  *gen.Batch
	cases  map[string]Case
	params map[string][]*ir.Local
	// refused holds the cases that are not in the binary: a compiler
	// refusal (*CompileError) or what gen refused.
	refused map[string]error
}

// BuildCompiled compiles every case's plan and builds the batch binary.
// A case the compiler or gen refuses is not an error here: Run returns
// its refusal, as RunCompiled would. Close removes the binary.
func BuildCompiled(ctx context.Context, cases []Case) (*CompiledBatch, error) {
	dir, err := os.MkdirTemp("", "clauz3-compiled-batch-")
	if err != nil {
		return nil, err
	}
	b := &CompiledBatch{dir: dir, cases: map[string]Case{}, params: map[string][]*ir.Local{}, refused: map[string]error{}}
	var plans []gen.BatchPlan
	for _, c := range cases {
		if _, dup := b.cases[c.Name]; dup {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("compiled: two cases are named %s", c.Name)
		}
		b.cases[c.Name] = c
		prog, src, err := Compile(c)
		if err != nil {
			b.refused[c.Name] = err
			continue
		}
		b.params[c.Name] = prog.Target.Params
		plans = append(plans, gen.BatchPlan{Name: c.Name, Prog: prog, Src: src})
	}
	b.batch, err = gen.BuildBatch(ctx, filepath.Join(dir, "build"), plans, gen.BuildOptions{Mode: gen.Simulate})
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("compiled: %v", err)
	}
	for name, err := range b.batch.Refused {
		b.refused[name] = fmt.Errorf("%s: build: %w", name, err)
	}
	return b, nil
}

// Close removes the batch's build folder and binary.
func (b *CompiledBatch) Close() error { return os.RemoveAll(b.dir) }

// Run runs the case's plan from the batch with the case's effects and
// arguments, as RunCompiled runs its sealed binary. The case must be one
// the batch was built with: same name, plan file, import root and target
// (its effects and arguments may differ: they are the run's, not the
// build's).
func (b *CompiledBatch) Run(ctx context.Context, c Case) (Outcome, error) {
	built, ok := b.cases[c.Name]
	if !ok {
		return Outcome{}, &Error{Kind: NotInBatch, Case: c.Name, Msg: fmt.Sprintf("compiled: %s is not in the batch", c.Name)}
	}
	if built.Path != c.Path || built.ImportRoot != c.ImportRoot || built.Target != c.Target {
		return Outcome{}, &Error{Kind: OtherPlan, Case: c.Name, Msg: fmt.Sprintf("compiled: %s: the batch was built from another plan (%s)", c.Name, built.Path)}
	}
	if err := b.refused[c.Name]; err != nil {
		return Outcome{}, err
	}
	raws, err := orderedArgs(c, b.params[c.Name])
	if err != nil {
		return Outcome{}, err
	}
	var args []string
	for i, p := range b.params[c.Name] {
		args = append(args, "--arg", p.Name+"="+string(raws[i]))
	}
	return runBinary(ctx, c, b.batch.Binary, c.Name, args)
}
