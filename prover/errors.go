package prover

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// Error is a located refusal raised while encoding a plan: a construct the
// prover cannot encode soundly, or an internal inconsistency. Either way
// the plan is not proved.
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

func unsupported(pos ir.Pos, what string) error {
	return &Error{Pos: pos, Msg: what + " is not supported"}
}

func internalf(pos ir.Pos, format string, args ...any) error {
	return &Error{Pos: pos, Msg: "internal error: " + fmt.Sprintf(format, args...)}
}
