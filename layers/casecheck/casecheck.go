package casecheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/layers"
)

// Case is one plan with its expected verdict.
type Case struct {
	Name string // file name, e.g. only_bob_pass.py
	Pass bool   // expected: proved
	// Pending: the case is in cases/pending/, written for a construct the
	// prover cannot decide yet; it is proved and reported, but its
	// disagreement is not a failure.
	Pending bool
	Expect  []string // _fail: texts the refusal must contain
	Source  []byte
}

// Outcome is a case's result.
type Outcome struct {
	Case
	Proved bool
	Report string // the prover's report or the compile error
	Agree  bool
	// Disagreement says how the verdict disagrees (0 when it agrees);
	// Problem says it for people.
	Disagreement Disagreement
	Problem      string
}

// Disagreement is how a case's verdict differs from the expected one.
type Disagreement int

const (
	// WantProved: a _pass case was refused.
	WantProved Disagreement = iota + 1
	// WantRefused: a _fail case was proved.
	WantRefused
	// WrongReason: a _fail case was refused, but the refusal lacks one of
	// its `# expect:` texts.
	WrongReason
)

// String names the disagreement for people.
func (d Disagreement) String() string {
	switch d {
	case WantProved:
		return "expected proved"
	case WantRefused:
		return "expected refused"
	case WrongReason:
		return "refused for another reason"
	}
	return "agrees"
}

// Cases reads the cases/ folder of a layer source, and cases/pending/.
func Cases(src *layers.Source) ([]Case, error) {
	if _, err := fs.ReadDir(src.Files, "cases"); err != nil {
		return nil, &Error{Kind: NoCasesFolder, Err: fmt.Errorf("%s has no cases/ folder: %w", src.Origin, err)}
	}
	var cases []Case
	for _, dir := range []string{"cases", "cases/pending"} {
		cs, err := readCases(src, dir)
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	if len(cases) == 0 {
		return nil, &Error{Kind: NoCases, Err: fmt.Errorf("%s has no cases in cases/", src.Origin)}
	}
	return cases, nil
}

func readCases(src *layers.Source, dir string) ([]Case, error) {
	entries, err := fs.ReadDir(src.Files, dir)
	if err != nil {
		if dir == "cases/pending" && errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, &Error{Kind: IO, Err: err}
	}
	var cases []Case
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".py") {
			continue
		}
		name := strings.TrimPrefix(dir+"/"+n, "cases/")
		data, err := fs.ReadFile(src.Files, dir+"/"+n)
		if err != nil {
			return nil, &Error{Kind: IO, Case: name, Err: err}
		}
		c := Case{Name: name, Source: data, Pending: dir == "cases/pending"}
		switch {
		case strings.HasSuffix(n, "_pass.py"):
			c.Pass = true
		case strings.HasSuffix(n, "_fail.py"):
		default:
			return nil, &Error{Kind: BadCaseName, Case: name, Err: fmt.Errorf("%s: cases/%s is neither *_pass.py nor *_fail.py", src.Origin, n)}
		}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "# expect:"); ok {
				c.Expect = append(c.Expect, strings.TrimSpace(rest))
			}
		}
		if !c.Pass && len(c.Expect) == 0 {
			return nil, &Error{Kind: NoExpect, Case: name, Err: fmt.Errorf("%s: cases/%s is a _fail case without an `# expect: TEXT` line saying why it fails", src.Origin, n)}
		}
		if c.Pass && len(c.Expect) > 0 {
			return nil, &Error{Kind: PassWithExpect, Case: name, Err: fmt.Errorf("%s: cases/%s is a _pass case with an `# expect:` line", src.Origin, n)}
		}
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// Options configure Run.
type Options struct {
	Timeout time.Duration // per solver check; zero: prover.DefaultTimeout
}

// Run installs src into a temporary project and proves each of its cases.
func Run(ctx context.Context, src *layers.Source, opts Options) ([]Outcome, error) {
	cases, err := Cases(src)
	if err != nil {
		return nil, err
	}
	project, err := os.MkdirTemp("", "clauz3-cases-")
	if err != nil {
		return nil, &Error{Kind: IO, Err: err}
	}
	defer os.RemoveAll(project)
	if _, err := layers.Install(src, project, false); err != nil {
		return nil, err
	}
	var out []Outcome
	for _, c := range cases {
		o, err := prove(ctx, project, c, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

func prove(ctx context.Context, project string, c Case, opts Options) (Outcome, error) {
	o := Outcome{Case: c}
	name := filepath.Join(project, "cases", c.Name)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return o, &Error{Kind: IO, Case: c.Name, Err: err}
	}
	if err := os.WriteFile(name, c.Source, 0o644); err != nil {
		return o, &Error{Kind: IO, Case: c.Name, Err: err}
	}
	out, err := check.Run(ctx, check.Plan{File: name, Source: c.Source, Config: compiler.Config{ImportRoots: []string{project}}}, check.Options{Timeout: opts.Timeout})
	if err != nil {
		if ctx.Err() != nil {
			return o, ctx.Err()
		}
		o.Report = err.Error() // the compile error, or why nothing was proved
	} else {
		var buf bytes.Buffer
		if err := out.Proof.WriteText(&buf, &buf); err != nil {
			return o, err
		}
		o.Report = buf.String()
		o.Proved = out.Proof.Proved()
	}
	o.Report = strings.ReplaceAll(o.Report, project+string(filepath.Separator), "")
	switch {
	case c.Pass && !o.Proved:
		o.Disagreement, o.Problem = WantProved, "expected proved, got refused"
	case !c.Pass && o.Proved:
		o.Disagreement, o.Problem = WantRefused, "expected refused, got proved"
	case !c.Pass:
		for _, want := range c.Expect {
			if !strings.Contains(o.Report, want) {
				o.Disagreement, o.Problem = WrongReason, fmt.Sprintf("refused, but the refusal does not contain %q", want)
				break
			}
		}
	}
	o.Agree = o.Disagreement == 0
	return o, nil
}
