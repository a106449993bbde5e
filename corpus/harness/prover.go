package harness

import (
	"bytes"
	"context"
	"errors"

	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// Prover is the prover's arm: prover.Execute runs the prover's own
// encoding of the plan on the case's arguments, answering each effect
// call the encoding reaches from the same simulation host as the
// interpreter arm (which writes the trace and hands out the results). It
// observes the trace and the exit status only (Observes): the encoding
// has no stdout and no exception text. A case whose values the encoding
// keeps abstract is a *prover.NotModelledError, a plan it cannot encode
// the prover's located error; both are errors, never outcomes.
type Prover struct{}

// Name implements Engine.
func (Prover) Name() string { return "prover" }

// Observes implements Partial: the trace and the exit status.
func (Prover) Observes() Fields { return FieldTrace | FieldExit }

// Run implements Engine.
func (Prover) Run(ctx context.Context, c Case) (Outcome, error) {
	prog, _, err := Compile(c)
	if err != nil {
		return Outcome{}, err
	}
	args, err := programArgs(c, prog)
	if err != nil {
		return Outcome{}, err
	}
	var trace bytes.Buffer
	host, err := simHost(c, &trace)
	if err != nil {
		return Outcome{}, err
	}
	ex, err := prover.Execute(ctx, prog, args, host)
	out := Outcome{Trace: splitTrace(trace.Bytes())}
	if err != nil {
		var sim *interp.SimulationError
		if errors.As(err, &sim) {
			hostError(&out, err)
			return out, nil
		}
		return Outcome{}, err
	}
	if ex.Raised {
		out.Exit = 1
	}
	return out, nil
}
