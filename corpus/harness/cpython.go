package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// Python is the interpreter RunCPython runs (python3 on PATH by default).
var Python = "python3"

// PythonAvailable reports whether the CPython arm can run here.
func PythonAvailable() bool {
	_, err := exec.LookPath(Python)
	return err == nil
}

// RunCPython runs the case's plan under CPython: the runner in
// corpus/pystub imports the plan as a module and calls its target with the
// arguments, while the stub clauz3 and deal modules record every trusted
// call to a trace file and return the simulated results. PYTHONPATH is the
// stub folder and the case's import root; the plan's folder comes first on
// sys.path, as for `python3 plan.py`.
func RunCPython(ctx context.Context, c Case) (Outcome, error) {
	dir, err := os.MkdirTemp("", "clauz3-cpython-")
	if err != nil {
		return Outcome{}, err
	}
	defer os.RemoveAll(dir)
	effPath, err := writeEffects(dir, c)
	if err != nil {
		return Outcome{}, err
	}
	tracePath := filepath.Join(dir, "trace.jsonl")
	args, err := argsObject(c)
	if err != nil {
		return Outcome{}, err
	}
	stub, plan, pypath, err := pythonPaths(c)
	if err != nil {
		return Outcome{}, err
	}
	cmd := exec.CommandContext(ctx, Python, filepath.Join(stub, "clauz3_run.py"), plan, c.target(), string(args))
	cmd.Dir = dir
	cmd.Env = append(stubEnv(strings.Join(pypath, string(os.PathListSeparator))),
		"CLAUZ3_EFFECTS="+effPath,
		"CLAUZ3_TRACE="+tracePath,
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var out Outcome
	out.Stdout = stdout.String()
	if ctx.Err() != nil {
		return out, fmt.Errorf("cpython: %s: %w", c.Name, ctx.Err())
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		out.Exit = exit.ExitCode()
		out.Error = NormaliseError(lastLine(stderr.String()))
	default:
		return out, fmt.Errorf("cpython: %s: %v", c.Name, err)
	}
	if b, err := os.ReadFile(tracePath); err == nil {
		out.Trace = splitTrace(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return out, err
	}
	return out, nil
}

// argsObject renders the case's arguments as one JSON object.
func argsObject(c Case) ([]byte, error) {
	if len(c.Args) == 0 {
		return []byte("{}"), nil
	}
	b, err := json.Marshal(c.Args)
	if err != nil {
		return nil, fmt.Errorf("%s: arguments: %v", c.Name, err)
	}
	return b, nil
}

// stubEnv is the environment every CPython arm runs the stubs in, one
// process per case (RunCPython) or the driver's (StartCPython, whose
// children inherit it): written once, so the two cannot drift apart.
func stubEnv(pythonPath string) []string {
	return append(cleanEnv(),
		"PYTHONPATH="+pythonPath,
		"PYTHONHASHSEED=0",
		"PYTHONIOENCODING=utf-8",
		"PYTHONUTF8=1",
		"PYTHONDONTWRITEBYTECODE=1", // keep __pycache__ out of the corpus
		// The stub refuses inputs and results the proof never considered,
		// with the engines' limit.
		"CLAUZ3_MAX_PROVED_RUNE="+strconv.Itoa(pysem.MaxProvedRune),
	)
}

// cleanEnv is the environment without the PYTHON* and CLAUZ3_* variables
// the runs set themselves.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PYTHON") || strings.HasPrefix(kv, "CLAUZ3_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// pythonPaths are a case's absolute paths as python3 needs them: the
// stubs' folder, the plan, and the import path (the stubs first, then
// the case's import roots), the same for one process per case and for
// the driver.
func pythonPaths(c Case) (stub, plan string, pypath []string, err error) {
	if stub, err = filepath.Abs(PystubDir()); err != nil {
		return "", "", nil, err
	}
	if plan, err = filepath.Abs(c.Path); err != nil {
		return "", "", nil, err
	}
	pypath = []string{stub}
	for _, r := range filepath.SplitList(c.ImportRoot) {
		if r == "" {
			continue
		}
		root, err := filepath.Abs(r)
		if err != nil {
			return "", "", nil, err
		}
		pypath = append(pypath, root)
	}
	return stub, plan, pypath, nil
}

// writeEffects writes the case's simulated effect results (none: {}) to
// dir/results.json, where the stubs read them, and answers its path.
func writeEffects(dir string, c Case) (string, error) {
	effects := c.Effects
	if effects == nil {
		effects = []byte("{}")
	}
	return writeTemp(dir, "results.json", effects)
}
