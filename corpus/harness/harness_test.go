package harness

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

func TestCompare(t *testing.T) {
	a := Outcome{Stdout: "x\ny\nz\n", Trace: []string{`{"effect":"e","args":{}}`}}
	if d := Compare(a, a); d != "" {
		t.Fatalf("equal outcomes differ: %s", d)
	}
	b := a
	b.Stdout = "x\nY\nz\n"
	d := Compare(a, b)
	if !strings.Contains(d, `- line 2: "y\n"`) || !strings.Contains(d, `+ line 2: "Y\n"`) || strings.Contains(d, "line 1") {
		t.Errorf("stdout diff:\n%s", d)
	}
	c := a
	c.Trace = nil
	c.Exit, c.Error = 1, "ValueError: bad"
	d = Compare(a, c)
	for _, want := range []string{"exit status: 0 vs 1", `+ "ValueError: bad"`, "trace:", "(nothing here)"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
}

func TestNormaliseError(t *testing.T) {
	for in, want := range map[string]string{
		"clauz3.ContractError: precondition of f failed: lambda x: x > 0": "ContractError: precondition of f failed: lambda x: x > 0",
		"ValueError: clauz3.x": "ValueError: clauz3.x",
		"  KeyError: 'a'  ":    "KeyError: 'a'",
		"AssertionError":       "AssertionError",
	} {
		if got := NormaliseError(in); got != want {
			t.Errorf("NormaliseError(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestUnsupported decides on codes: the text of a diagnostic, or a plain
// error that merely says "is not supported", does not count.
func TestUnsupported(t *testing.T) {
	at := func(line int) ir.Pos { return ir.Pos{File: "p.py", Line: line, Col: 1} }
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"all unsupported", diag.List{
			diag.Errorf(at(1), ir.Unsupported, "method .index() of str is not supported"),
			diag.Errorf(at(2), ir.Unsupported, "set operator is not supported"),
		}, true},
		{"one plan error", diag.List{
			diag.Errorf(at(1), ir.Unsupported, "method .index() of str is not supported"),
			diag.Errorf(at(2), ir.TypeMismatch, "cannot infer the type"),
		}, false},
		{"unsupported by code, not by text", diag.List{diag.Errorf(at(1), ir.Unsupported, "generator expression is only supported as the argument of list()")}, true},
		{"text alone", errString("p.py:1:1: method .index() of str is not supported"), false},
		{"no error", diag.List{}, false},
	} {
		if got := (&CompileError{Err: tc.err}).Unsupported(); got != tc.want {
			t.Errorf("%s: Unsupported() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// A simulation that runs out of results is a typed error, recognised
// through wrapping; an error that merely mentions "simulate: " is an
// interpreter failure and must surface as a difference.
func TestHostError(t *testing.T) {
	sim := fmt.Errorf("plan.py:3:5: effect lookup: %w", &interp.SimulationError{Msg: "simulate: no result left for lookup (call 1)"})
	var out Outcome
	hostError(&out, sim)
	if out.Exit != 2 || out.Error != "simulate: no result left for lookup (call 1)" {
		t.Errorf("simulation error: exit %d, %q", out.Exit, out.Error)
	}
	if out.NoResult != nil {
		t.Errorf("a simulation error without a NoResultError set NoResult: %v", out.NoResult)
	}
	out = Outcome{}
	nr := &interp.NoResultError{Effect: "lookup", Call: 1}
	hostError(&out, fmt.Errorf("plan.py:3:5: effect lookup: %w", &interp.SimulationError{Msg: nr.Error(), Err: nr}))
	if out.Exit != 2 || out.NoResult == nil || *out.NoResult != *nr {
		t.Errorf("out of results: exit %d, NoResult %v", out.Exit, out.NoResult)
	}
	out = Outcome{}
	hostError(&out, errors.New("plan.py:3:5: effect lookup: simulate: no result left for lookup (call 1)"))
	// Exit 2 is the simulation's kind; the text is the report's wording
	// of an interpreter failure, under test whole.
	if out.Exit == 2 || out.NoResult != nil || out.Error != "interp error: plan.py:3:5: effect lookup: simulate: no result left for lookup (call 1)" {
		t.Errorf("untyped error classified as a simulation: exit %d, %q", out.Exit, out.Error)
	}
}
