package prover

import (
	"fmt"
	"io"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// WriteText prints the result as `clauz3 prove` does: one line listing the
// proved obligations to ok, and each failed or refused obligation, with
// its counterexample or reason, to bad.
func (r *Result) WriteText(ok, bad io.Writer) error {
	for _, a := range r.Assumes {
		if _, err := fmt.Fprintf(ok, "assumes: %s (a precondition of %s, checked before it runs)\n", a, r.Target); err != nil {
			return err
		}
	}
	var proved []string
	for _, o := range r.Obligations {
		if o.Status == Proved {
			proved = append(proved, o.Title())
		}
	}
	if len(proved) > 0 {
		if _, err := fmt.Fprintf(ok, "✓ %s: proved: %s\n", r.Target, strings.Join(proved, ", ")); err != nil {
			return err
		}
	} else if len(r.Obligations) == 0 {
		if _, err := fmt.Fprintf(ok, "✓ %s: proved: nothing to prove (no guarantee and no precondition)\n", r.Target); err != nil {
			return err
		}
	}
	for _, o := range r.Obligations {
		var text string
		switch o.Status {
		case Proved:
			continue
		case Failed:
			text = fmt.Sprintf("✗ %s: failed %s\n", r.Target, o.Title())
			if o.Clause != "" {
				label := "requires: "
				if o.Kind == KindPlanPostcondition {
					label = "ensures: "
				}
				text += label + o.Clause + "\n"
			}
			if o.Counterexample != nil {
				text += o.Counterexample.String() + "\n"
			}
		default:
			text = fmt.Sprintf("✗ %s: refused %s: %s\n", r.Target, o.Title(), o.Reason)
		}
		if _, err := io.WriteString(bad, text); err != nil {
			return err
		}
	}
	if r.Coverage != nil {
		return r.Coverage.WriteText(ok)
	}
	return nil
}

// JSON is the machine-readable form of a result (`clauz3 prove --json`).
type JSON struct {
	Target string `json:"target,omitempty"`
	// Assumes are the target's own preconditions: what the proof
	// assumes about its free inputs.
	Assumes     []string         `json:"assumes,omitempty"`
	Proved      bool             `json:"proved"`
	Obligations []ObligationJSON `json:"obligations"`
	Coverage    *Coverage        `json:"coverage,omitempty"`
	// Errors are the diagnostics that stopped the plan before any
	// obligation was decided (a compile error, an encoding refusal).
	Errors []DiagnosticJSON `json:"errors,omitempty"`
}

// DiagnosticJSON is one diagnostic in JSON: its position ("" when it has
// none), its stable code (ir.Code's name, e.g. "Unsupported"; a string
// here so that schemas derived from this type say so) and its message
// without the position.
type DiagnosticJSON struct {
	Pos     string `json:"pos,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// ErrorsJSON lists the diagnostics in err, one entry per ir.Error (every
// error of a compile error list, including those its text leaves out). An
// error that holds none is one entry with the fallback code, which the
// caller chooses knowing where the error came from; it must not be
// ir.UnknownCode.
func ErrorsJSON(err error, fallback ir.Code) []DiagnosticJSON {
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		return []DiagnosticJSON{{Code: fallback.String(), Message: err.Error()}}
	}
	out := make([]DiagnosticJSON, len(ds))
	for i, d := range ds {
		out[i] = DiagnosticJSON{Code: d.Code.String(), Message: d.Msg}
		if d.Pos != (ir.Pos{}) {
			out[i].Pos = d.Pos.String()
		}
	}
	return out
}

// ObligationJSON is one obligation in JSON.
type ObligationJSON struct {
	Kind           Kind                `json:"kind"`
	Name           string              `json:"name"`
	Title          string              `json:"title"`
	Pos            string              `json:"pos"`
	Status         string              `json:"status"`
	Reason         string              `json:"reason,omitempty"`
	Code           string              `json:"code,omitempty"` // the kind of refusal (ir.Code's name), when refused
	Clause         string              `json:"clause,omitempty"`
	Counterexample *CounterexampleJSON `json:"counterexample,omitempty"`
}

// CounterexampleJSON is a counterexample in JSON.
type CounterexampleJSON struct {
	Fields  []Binding `json:"fields"`
	Summary string    `json:"summary,omitempty"`
	Inputs  []Binding `json:"inputs"`
	Results []Binding `json:"results"`
	Path    []string  `json:"path"`
	Trace   []Call    `json:"trace"`
}

// JSON converts the result for encoding.
func (r *Result) JSON() JSON {
	out := JSON{Target: r.Target, Assumes: r.Assumes, Proved: r.Proved(), Obligations: []ObligationJSON{}, Coverage: r.Coverage}
	for _, o := range r.Obligations {
		oj := ObligationJSON{Kind: o.Kind, Name: o.Name, Title: o.Title(), Pos: o.Pos.String(),
			Status: o.Status.String(), Reason: o.Reason, Clause: o.Clause}
		if o.Status == Refused {
			oj.Code = o.Code.String()
		}
		if c := o.Counterexample; c != nil {
			oj.Counterexample = &CounterexampleJSON{Fields: nonNil(c.Fields), Summary: c.Summary,
				Inputs: nonNil(c.Inputs), Results: nonNil(c.Results), Path: c.Path, Trace: c.Trace}
			if oj.Counterexample.Path == nil {
				oj.Counterexample.Path = []string{}
			}
			if oj.Counterexample.Trace == nil {
				oj.Counterexample.Trace = []Call{}
			}
		}
		out.Obligations = append(out.Obligations, oj)
	}
	return out
}

func nonNil(bs []Binding) []Binding {
	if bs == nil {
		return []Binding{}
	}
	return bs
}
