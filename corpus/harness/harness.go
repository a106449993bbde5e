package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

// Case is one plan run: the plan file, the simulated effect results
// (RESULTS.json: effect name -> results of its successive calls; nil for
// none) and the target's arguments by parameter name (the engines pass
// them in the target's parameter order).
type Case struct {
	Name    string
	Path    string
	Effects []byte
	Args    map[string]json.RawMessage
	// ImportRoot is the project folder `tools.x.y` resolves against (or
	// several, joined by os.PathListSeparator like PYTHONPATH).
	ImportRoot string
	Target     string // the function to run; "" means main
}

// Outcome is what one engine's run of a case did.
type Outcome struct {
	Stdout string
	Trace  []string // one JSON object per effect call, in call order
	Exit   int      // 0 on success, 1 on an uncaught exception or a failed contract, 2 when the simulation runs out of results
	Error  string   // CPython's last traceback line, normalised ("" on success)
	// NoResult is set, by the interpreter arm only, when the run stopped
	// because the simulated results of an effect ran out (found with
	// errors.As, not by its text). The other arms report the same stop
	// as exit status 2 with the same error line, which Compare checks.
	NoResult *interp.NoResultError
}

// CompileError is a plan the compiler refused.
type CompileError struct{ Err error }

func (e *CompileError) Error() string { return "compile: " + e.Err.Error() }
func (e *CompileError) Unwrap() error { return e.Err }

// Unsupported reports whether the compiler refused the plan only for
// constructs it does not support (every diagnostic has the code
// ir.Unsupported), as opposed to a plan error. An error without any
// diagnostic is not "only unsupported".
func (e *CompileError) Unsupported() bool {
	ds := ir.Diagnostics(e.Err)
	for _, d := range ds {
		if d.Code != ir.Unsupported {
			return false
		}
	}
	return len(ds) > 0
}

// target returns the case's target function name.
func (c Case) target() string {
	if c.Target == "" {
		return "main"
	}
	return c.Target
}

// importRoots are the roots the engines resolve imports against: the
// case's import root, then the plan's own folder (as `python3 plan.py`
// and the compiler's defaults do).
func (c Case) importRoots() []string {
	var roots []string
	for _, r := range filepath.SplitList(c.ImportRoot) {
		if r != "" {
			roots = append(roots, r)
		}
	}
	return append(roots, filepath.Dir(c.Path))
}

// Compile compiles the case's plan against its import roots. A refusal is
// a *CompileError.
func Compile(c Case) (*ir.Program, []byte, error) {
	src, err := os.ReadFile(c.Path)
	if err != nil {
		return nil, nil, err
	}
	prog, err := compiler.Compile(c.Path, src, compiler.Config{ImportRoots: c.importRoots(), Target: c.Target})
	if err != nil {
		return nil, nil, &CompileError{Err: err}
	}
	return prog, src, nil
}

// orderedArgs returns the case's arguments in the target's parameter
// order; every parameter needs one and no other is allowed.
func orderedArgs(c Case, params []*ir.Local) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(params))
	seen := map[string]bool{}
	for i, p := range params {
		raw, ok := c.Args[p.Name]
		if !ok {
			return nil, fmt.Errorf("%s: no argument for parameter %s of %s", c.Name, p.Name, c.target())
		}
		out[i] = raw
		seen[p.Name] = true
	}
	var extra []string
	for n := range c.Args {
		if !seen[n] {
			extra = append(extra, n)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return nil, fmt.Errorf("%s: %s has no parameter %s", c.Name, c.target(), strings.Join(extra, ", "))
	}
	return out, nil
}

// splitTrace splits a trace file into its lines.
func splitTrace(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// lastLine is the last non-empty line of s, trimmed of trailing space.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, " \t\r\n"), "\n")
	return strings.TrimRight(lines[len(lines)-1], " \t\r")
}

// NormaliseError maps an engine's last stderr line to the compared form:
// the module prefix of ClauZ3's ContractError (clauz3.ContractError under
// CPython) is dropped.
func NormaliseError(line string) string {
	line = strings.TrimSpace(line)
	return strings.TrimPrefix(line, "clauz3.")
}

// LoadCases reads the runnable cases of dir: every NAME.py with its
// optional NAME.effects.json and NAME.args.json, in name order.
func LoadCases(dir, importRoot string) ([]Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var cases []Case
	for _, p := range paths {
		c, err := LoadCase(p, importRoot)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// LoadCase reads one plan and its optional .effects.json and .args.json
// siblings.
func LoadCase(path, importRoot string) (Case, error) {
	base := strings.TrimSuffix(path, ".py")
	c := Case{Name: filepath.Base(base), Path: path, ImportRoot: importRoot}
	if b, err := os.ReadFile(base + ".effects.json"); err == nil {
		if !json.Valid(b) {
			return c, fmt.Errorf("%s.effects.json is not valid JSON", base)
		}
		c.Effects = b
	} else if !errors.Is(err, os.ErrNotExist) {
		return c, err
	}
	if b, err := os.ReadFile(base + ".args.json"); err == nil {
		if err := json.Unmarshal(b, &c.Args); err != nil {
			return c, fmt.Errorf("%s.args.json: %v", base, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return c, err
	}
	return c, nil
}

// Compare returns "" when a and b are the same outcome, and otherwise a
// readable account of every difference (a first, b second).
func Compare(a, b Outcome) string { return CompareFields(a, b, AllFields) }

// CompareFields is Compare on the parts of the outcomes in fields only.
func CompareFields(a, b Outcome, fields Fields) string {
	var out []string
	if fields&FieldExit != 0 && a.Exit != b.Exit {
		out = append(out, fmt.Sprintf("exit status: %d vs %d", a.Exit, b.Exit))
	}
	if fields&FieldError != 0 && a.Error != b.Error {
		out = append(out, fmt.Sprintf("error line:\n  - %q\n  + %q", a.Error, b.Error))
	}
	if fields&FieldStdout != 0 && a.Stdout != b.Stdout {
		out = append(out, "stdout:\n"+lineDiff(strings.SplitAfter(a.Stdout, "\n"), strings.SplitAfter(b.Stdout, "\n")))
	}
	if fields&FieldTrace != 0 && !equalStrings(a.Trace, b.Trace) {
		out = append(out, "trace:\n"+lineDiff(a.Trace, b.Trace))
	}
	return strings.Join(out, "\n")
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lineDiff shows how two line sequences differ: when they have the same
// length, the differing lines side by side; otherwise the common prefix
// and suffix are summarised and the differing middles listed.
func lineDiff(a, b []string) string {
	if len(a) > 0 && a[len(a)-1] == "" {
		a = a[:len(a)-1]
	}
	if len(b) > 0 && b[len(b)-1] == "" {
		b = b[:len(b)-1]
	}
	const show = 8
	var sb strings.Builder
	if len(a) == len(b) {
		n := 0
		for i := range a {
			if a[i] == b[i] {
				continue
			}
			if n == show {
				sb.WriteString("  ... more differing lines\n")
				break
			}
			fmt.Fprintf(&sb, "  - line %d: %q\n  + line %d: %q\n", i+1, a[i], i+1, b[i])
			n++
		}
		return strings.TrimRight(sb.String(), "\n")
	}
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	if pre > 0 {
		fmt.Fprintf(&sb, "  (%d equal lines first; last: %q)\n", pre, a[pre-1])
	}
	for _, side := range []struct {
		mark  string
		lines []string
	}{{"-", a[pre : len(a)-suf]}, {"+", b[pre : len(b)-suf]}} {
		if len(side.lines) == 0 {
			fmt.Fprintf(&sb, "  %s (nothing here)\n", side.mark)
		}
		for j, l := range side.lines {
			if j == show {
				fmt.Fprintf(&sb, "  %s ... %d more lines\n", side.mark, len(side.lines)-show)
				break
			}
			fmt.Fprintf(&sb, "  %s line %d: %q\n", side.mark, pre+j+1, l)
		}
	}
	if suf > 0 {
		fmt.Fprintf(&sb, "  (%d equal lines last)\n", suf)
	}
	return strings.TrimRight(sb.String(), "\n")
}

// PystubDir is the folder of the CPython stub modules (corpus/pystub).
func PystubDir() string {
	_, file, _, ok := goruntime.Caller(0)
	if !ok {
		return filepath.Join("..", "pystub")
	}
	return filepath.Join(filepath.Dir(file), "..", "pystub")
}

// writeTemp writes b to a new file in dir and returns its path.
func writeTemp(dir, name string, b []byte) (string, error) {
	p := filepath.Join(dir, name)
	return p, os.WriteFile(p, b, 0o644)
}

// tail keeps the last n bytes of b for error messages.
func tail(b []byte, n int) string {
	b = bytes.TrimSpace(b)
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
