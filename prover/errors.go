package prover

import (
	"context"
	"errors"
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Error is a located refusal raised while encoding a plan: a construct the
// prover cannot encode soundly, or an internal inconsistency. Either way
// the plan is not proved. It is the module-wide ir.Error; its Code says
// which (ProverLimit, Internal, ...).
type Error = ir.Error

// unsupported refuses a construct the prover cannot encode soundly:
// "<what> is not supported", code ProverLimit.
func unsupported(pos ir.Pos, what string) error {
	return &Error{Pos: pos, Code: ir.ProverLimit, Msg: what + " is not supported"}
}

// limitf refuses a plan whose proof needs a bound or a form the prover
// cannot find (code ProverLimit); the message says what would help.
func limitf(pos ir.Pos, format string, args ...any) error {
	return &Error{Pos: pos, Code: ir.ProverLimit, Msg: fmt.Sprintf(format, args...)}
}

// internalf reports an inconsistency inside the prover (code Internal).
func internalf(pos ir.Pos, format string, args ...any) error {
	return &Error{Pos: pos, Code: ir.Internal, Msg: "internal error: " + fmt.Sprintf(format, args...)}
}

// planErrorf refuses a plan that is wrong in a way only the prover
// reaches (code given: Unassigned, PlanError).
func planErrorf(pos ir.Pos, code ir.Code, format string, args ...any) error {
	return &Error{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// asDiagnostic gives an error leaving Prove its code: a diagnostic keeps
// its own; a cancellation by the caller is Canceled; Z3 giving up or
// failing is Timeout, SolverUnknown or SolverError; anything else is
// Internal. The text is unchanged and the error stays reachable with
// errors.Is and errors.As.
func asDiagnostic(ctx context.Context, err error) error {
	if err == nil || ir.Diagnostics(err) != nil {
		return err
	}
	code := ir.Internal
	var zerr *z3.Error
	switch {
	case ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		code = ir.Canceled
	case errors.As(err, &zerr):
		code = ir.SolverError
	default:
		if c, ok := solverGaveUp(err); ok {
			code = c
		}
	}
	return &Error{Code: code, Msg: err.Error(), Err: err}
}

// solverGaveUp is the code of a check Z3 gave up on: Timeout when a
// limit stopped it (the resource limit, the wall clock, the end of the
// proof; a caller's cancellation is told apart before this),
// SolverUnknown otherwise. It reads the binding's flags, never Z3's
// reason text.
func solverGaveUp(err error) (ir.Code, bool) {
	var unknown *z3.UnknownError
	if !errors.As(err, &unknown) {
		return 0, false
	}
	if unknown.Limited || unknown.Rlimit || unknown.Timeout || unknown.Canceled {
		return ir.Timeout, true
	}
	return ir.SolverUnknown, true
}

// checkCode is the code of an obligation refused because its check
// returned err: the caller's cancellation, Z3 giving up or failing, or
// the error's own diagnostic code.
func (x *executor) checkCode(err error) ir.Code {
	if x.runCtx != nil && x.runCtx.Err() != nil {
		return ir.Canceled
	}
	if c, ok := solverGaveUp(err); ok {
		return c
	}
	return ir.CodeOf(err, ir.SolverError)
}
