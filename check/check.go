package check

import (
	"context"
	"errors"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

// Plan is a plan's source and how to compile it.
type Plan struct {
	File   string // the name positions use
	Source []byte
	Config compiler.Config
}

// Options tune the proof: the prover's own (Timeout bounds each solver
// check; zero means prover.DefaultTimeout).
type Options = prover.Options

// Outcome is a compiled and proved plan. Proof.Proved() says whether
// every obligation holds; a refused plan is an Outcome too, with the
// failed or refused obligations in Proof.
type Outcome struct {
	Prog  *ir.Program
	Proof *prover.Result
}

// Compile compiles the plan and verifies its IR.
func Compile(p Plan) (*ir.Program, error) {
	prog, err := compiler.Compile(p.File, p.Source, p.Config)
	if err != nil {
		return nil, err
	}
	if err := verify(prog); err != nil {
		return nil, err
	}
	return prog, nil
}

// verify refuses IR the compiler (or a caller building IR) got wrong:
// proving it would prove something other than the plan.
func verify(prog *ir.Program) error {
	if err := ir.Verify(prog); err != nil {
		return &ir.Error{Code: ir.Internal, Msg: "internal error: the IR does not verify:\n" + err.Error(), Err: err}
	}
	return nil
}

// Prove verifies prog, proves it and checks the coverage report of a
// proved plan. A plan that could not be decided at all (an encoding
// refusal, a solver error, the caller's cancellation) is an error, and so
// is a proved plan whose coverage report is missing or has a required gap
// (see coverage); a plan with failed or refused obligations is a result.
func Prove(ctx context.Context, prog *ir.Program, opts Options) (*prover.Result, error) {
	if err := verify(prog); err != nil {
		return nil, err
	}
	res, err := prover.Prove(ctx, prog, opts)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, &ir.Error{Code: ir.Canceled, Msg: "interrupted: nothing was proved", Err: err}
		}
		return nil, err
	}
	if err := coverage(res); err != nil {
		return nil, err
	}
	return res, nil
}

// coverage refuses a proved result whose coverage report is missing or
// has a required gap. Required contracts are obligations, so a proved
// plan has no required gap; a report that says otherwise is a prover bug,
// and the plan must not reach a human, a policy or a runner as proved. A
// plan that is not proved is refused by its obligations already.
// CoverageError is why a proved plan's coverage report is refused, wrapped
// in the Internal diagnostic so that a caller tells this refusal apart from
// any other Internal one with errors.As, not by its words.
type CoverageError struct {
	// Missing is true when the prover gave no report at all, false when
	// the report has a required gap.
	Missing bool
}

func (e *CoverageError) Error() string {
	if e.Missing {
		return "the plan is proved but has no coverage report"
	}
	return "the plan is proved but its coverage report has a required gap"
}

func coverage(res *prover.Result) error {
	if !res.Proved() {
		return nil
	}
	if res.Coverage == nil || !res.Coverage.OK() {
		return &ir.Error{Code: ir.Internal, Msg: "internal error: the plan is proved but its coverage report is missing or has a required gap", Err: &CoverageError{Missing: res.Coverage == nil}}
	}
	return nil
}

// Run compiles, verifies and proves the plan.
func Run(ctx context.Context, p Plan, opts Options) (*Outcome, error) {
	prog, err := Compile(p)
	if err != nil {
		return nil, err
	}
	res, err := Prove(ctx, prog, opts)
	if err != nil {
		return nil, err
	}
	return &Outcome{Prog: prog, Proof: res}, nil
}
