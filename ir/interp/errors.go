package interp

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// Exception is a Python exception that ended the plan (the subset has no
// try, so every exception does). Msg is str() of the exception, what
// CPython prints after "Class: " (for a KeyError, the repr of the key).
type Exception struct {
	Class string
	Msg   string
	Pos   ir.Pos // the construct that raised it
}

// Error is CPython's last traceback line: "Class: Msg", or just "Class"
// when Msg is empty.
func (e *Exception) Error() string {
	if e.Msg == "" {
		return e.Class
	}
	return e.Class + ": " + e.Msg
}

// ContractError is a failed precondition (before the effect ran) or
// postcondition (on its result) of a trusted effect. A result whose rows
// break their schema's __unique__ is a failed postcondition too, with
// Unique saying which rows share which column.
type ContractError struct {
	Effect  string
	Kind    string // "precondition" or "postcondition"
	Clause  string // the condition's source, ir.Condition.Source
	Message string // the condition's message=, if any
	Pos     ir.Pos // the effect call in the plan
	Unique  *UniqueViolation
}

// UniqueViolation is a query result with two rows sharing a column their
// row type declares unique (__unique__), which the prover assumes never
// happens.
type UniqueViolation struct {
	Row           string // the row type
	Column        string
	Value         Value // the shared value (int64 or string)
	First, Second int   // the positions of the two rows in the result
}

// Clause renders the violation as the failed clause of the postcondition.
func (u *UniqueViolation) Clause() string {
	return fmt.Sprintf("__unique__ of %s: result[%d] and result[%d] share %s == %s", u.Row, u.First, u.Second, u.Column, repr(u.Value))
}

func (e *ContractError) Error() string {
	return "ContractError: " + e.Kind + " of " + e.Effect + " failed: " + e.Clause
}

// PlanContractError is a condition the plan wrote that failed: a
// precondition of a plan function when it is called (for the target, the
// assumption about its inputs, checked before its first statement) or a
// postcondition on the value it returns.
type PlanContractError struct {
	Func    string
	Kind    string // "precondition" or "postcondition"
	Clause  string // the condition's source, ir.Condition.Source
	Message string // the condition's message=, if any
	Pos     ir.Pos // the call of the function (for the target: the target itself)
	At      ir.Pos // the condition's decorator
}

// Error is what CPython prints for the same failure under deal (and the
// corpus's stubs of it): a ContractError naming the function and clause.
// The message= is left out, as for effects; callers show it apart.
func (e *PlanContractError) Error() string {
	return "ContractError: " + e.Kind + " of " + e.Func + " failed: " + e.Clause
}

// raise builds a Python exception at pos.
func raise(pos ir.Pos, class, format string, args ...any) *Exception {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Exception{Class: class, Msg: msg, Pos: pos}
}

// internalf reports a program the interpreter cannot run: an IR the
// verifier should have refused, or a construct outside what the package
// implements. It is never a Python exception.
func internalf(pos ir.Pos, format string, args ...any) error {
	return fmt.Errorf("%s: interp: %s", pos, fmt.Sprintf(format, args...))
}

func overflow(pos ir.Pos) *Exception { return raise(pos, "OverflowError", "integer overflow") }

// EffectErrorKind says why an effect call could not complete.
type EffectErrorKind int

const (
	// NoHost: the run has no host to carry out effects.
	NoHost EffectErrorKind = iota + 1
	// HostFailed: the host returned an error (Err) for the call.
	HostFailed
	// BadResult: the host's result does not fit the effect's result type
	// (Err says how).
	BadResult
)

// String names the kind for humans, e.g. "BadResult".
func (k EffectErrorKind) String() string {
	switch k {
	case NoHost:
		return "NoHost"
	case HostFailed:
		return "HostFailed"
	case BadResult:
		return "BadResult"
	}
	return fmt.Sprintf("EffectErrorKind(%d)", int(k))
}

// EffectError is an effect call the interpreter could not complete. It is
// no Python exception and no contract failure: the run stops, and the
// caller decides by Kind (and finds the host's own error with errors.Is
// or errors.As through Unwrap).
type EffectError struct {
	Kind   EffectErrorKind
	Effect string
	Pos    ir.Pos // the effect call in the plan
	Err    error  // the host's error (HostFailed) or why the result does not fit (BadResult)
}

func (e *EffectError) Error() string {
	switch e.Kind {
	case NoHost:
		return fmt.Sprintf("%s: interp: no host to run effect %s", e.Pos, e.Effect)
	case BadResult:
		return fmt.Sprintf("%s: effect %s: host returned a bad result: %v", e.Pos, e.Effect, e.Err)
	}
	return fmt.Sprintf("%s: effect %s: %v", e.Pos, e.Effect, e.Err)
}

func (e *EffectError) Unwrap() error { return e.Err }
