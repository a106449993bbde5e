package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

// planError is an error that ended the plan itself (a Python exception or
// a failed contract check): the CLI prints it as CPython prints the last
// line of a traceback and exits 1.
func planError(err error) bool {
	var exc *interp.Exception
	var contract *interp.ContractError
	var planContract *interp.PlanContractError
	return errors.As(err, &exc) || errors.As(err, &contract) || errors.As(err, &planContract)
}

func runSimulate(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("clauz3 simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	effectsFile := fs.String("effects", "", "a JSON file mapping effect names to the results of their successive calls, or auto: results generated from each effect's postconditions (printed, to save as such a file)")
	saveFile := fs.String("save-effects", "", "with --effects auto: also write the generated results here, as a file for --effects F")
	traceFile := fs.String("trace", "", "write the effect trace (one JSON line per call) here instead of to stderr")
	engine := fs.String("engine", "interp", "interp (the reference interpreter) or compiled (a sealed simulation binary)")
	var inputs stringList
	fs.Var(&inputs, "arg", "name=JSON: a value for one of the target's parameters; repeatable")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if *engine != "interp" && *engine != "compiled" {
		fmt.Fprintf(stderr, "clauz3 simulate: --engine must be interp or compiled, not %q\n", *engine)
		return exitUsage
	}
	auto := *effectsFile == autoEffects
	if auto && *engine != "interp" {
		fmt.Fprintln(stderr, "clauz3 simulate: --effects auto runs with --engine interp only; save the results it prints and pass them to the compiled engine with --effects F")
		return exitUsage
	}
	if *saveFile != "" && !auto {
		fmt.Fprintln(stderr, "clauz3 simulate: --save-effects needs --effects auto (it saves the results generated)")
		return exitUsage
	}
	var results []byte
	if *effectsFile != "" && !auto {
		var err error
		if results, err = os.ReadFile(*effectsFile); err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
	}
	prog, src, code, err := pf.loadWithSource(fs, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	values, err := targetInputs(prog.Target, inputs)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 simulate: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *engine == "compiled" {
		return simulateCompiled(ctx, prog, src, *effectsFile, *traceFile, inputs, stdout, stderr)
	}
	trace := stderr
	if *traceFile != "" {
		f, err := os.Create(*traceFile)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
		defer f.Close()
		trace = f
	}
	var host interp.Host
	if auto {
		ah := newAutoHost(trace)
		// Said whatever the outcome: a run that failed needs its
		// fixtures as much as one that passed.
		defer ah.printGenerated(stderr)
		if *saveFile != "" {
			defer func() {
				if err := os.WriteFile(*saveFile, append(ah.document(), '\n'), 0o644); err != nil {
					fmt.Fprintf(stderr, "clauz3 simulate: %v\n", err)
					if code == exitOK {
						code = exitUsage
					}
				}
			}()
		}
		host = ah
	} else if host, err = interp.NewSimHost(results, trace); err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	err = interp.Run(ctx, prog, interp.Options{Stdout: stdout, Host: host, Args: values})
	switch {
	case err == nil:
		return exitOK
	case planError(err):
		fmt.Fprintln(stderr, err)
		return exitRefused
	default:
		fmt.Fprintf(stderr, "clauz3 simulate: %v\n", err)
		return exitRefused
	}
}

// targetInputs converts --arg name=JSON flags to values in the target's
// parameter order; every parameter needs exactly one.
func targetInputs(target *ir.Func, flags []string) ([]interp.Value, error) {
	given := map[string]string{}
	for _, f := range flags {
		name, val, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("--arg %q: want name=JSON", f)
		}
		if _, dup := given[name]; dup {
			return nil, fmt.Errorf("--arg %s given twice", name)
		}
		given[name] = val
	}
	values := make([]interp.Value, len(target.Params))
	for i, p := range target.Params {
		raw, ok := given[p.Name]
		if !ok {
			return nil, fmt.Errorf("%s needs --arg %s=<%s as JSON>", target.Name, p.Name, p.Type)
		}
		delete(given, p.Name)
		v, err := interp.ParseValue([]byte(raw), p.Type)
		if err != nil {
			return nil, fmt.Errorf("--arg %s: %v", p.Name, err)
		}
		values[i] = v
	}
	for name := range given {
		return nil, fmt.Errorf("%s has no parameter %s", target.Name, name)
	}
	return values, nil
}
