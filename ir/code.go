package ir

import (
	"errors"
	"fmt"
	"strconv"
)

// Code is the kind of a diagnostic: what went wrong, independent of the
// message's wording. Callers (the corpus harness, refusal tables, `clauz3
// prove --json`, the MCP server) decide on codes, never on message text.
//
// Codes are stable: a constant's number and name never change once
// released (code_test.go pins them), as go/types never renumbers its
// error codes. A new kind gets the next unused number; a kind that is no
// longer produced keeps its number and name.
type Code int

const (
	// UnknownCode is the zero Code. No diagnostic is ever made with it:
	// a diagnostic without a code is a bug, and tests look for it.
	UnknownCode Code = 0

	// Syntax: the source does not parse (Python's SyntaxError).
	Syntax Code = 1
	// Unsupported: a construct outside the ClauZ3 subset, or not in it
	// yet; the message ends "is not supported" (or "... yet").
	Unsupported Code = 2
	// TypeMismatch: a value of the wrong type for where it is used, or
	// values that must share one type and do not.
	TypeMismatch Code = 3
	// UndefinedName: a name, field, method or target that does not exist.
	UndefinedName Code = 4
	// Unassigned: a name read where it may not have been assigned yet.
	Unassigned Code = 5
	// ArgumentError: a call with the wrong number or kind of arguments.
	ArgumentError Code = 6
	// PlanError: the plan is wrong in another way the compiler can see
	// (a misplaced statement, a missing annotation, a value known to be
	// invalid, a guarantee that is not a contract call).
	PlanError Code = 7
	// ImportError: an import that does not resolve to a trusted layer or
	// a known module, or import roots that do not make sense.
	ImportError Code = 8
	// LayerError: a trusted layer's own source is invalid (its effects,
	// row types, contracts or policies).
	LayerError Code = 9
	// ReadError: a file could not be read.
	ReadError Code = 10
	// ProverLimit: a construct the prover cannot encode soundly, or a
	// bound it needs and cannot find; the plan is refused, not disproved.
	ProverLimit Code = 11
	// Timeout: a solver check ran out of its resource limit (rlimit) or
	// of time, or the proof ran out of its deadline.
	Timeout Code = 12
	// SolverUnknown: Z3 gave up for a reason of its own, with no limit
	// stopping it (incompleteness: nonlinear arithmetic, quantifiers,
	// strings it cannot decide). A check a limit stopped is Timeout.
	SolverUnknown Code = 13
	// SolverError: Z3 reported an error, or a model could not be read.
	SolverError Code = 14
	// NoReplay: a counterexample Z3 found does not replay in the
	// reference interpreter, so it is not shown and the plan is refused.
	NoReplay Code = 15
	// Canceled: the caller stopped the job; nothing was decided.
	Canceled Code = 16
	// GenLimit: a verified program uses something the Go generator
	// cannot express.
	GenLimit Code = 17
	// Internal: an inconsistency inside ClauZ3 (a bug); the plan is
	// refused.
	Internal Code = 18
	// Usage: the request itself is malformed (flags, a plan name, an
	// empty source), before any plan is read.
	Usage Code = 19
)

// lastCode is the highest code in use; a new code goes after it and
// becomes the new lastCode.
const lastCode = Usage

// String is the code's stable name, e.g. "Unsupported"; an out-of-range
// code prints as "Code(N)".
func (c Code) String() string {
	switch c {
	case UnknownCode:
		return "UnknownCode"
	case Syntax:
		return "Syntax"
	case Unsupported:
		return "Unsupported"
	case TypeMismatch:
		return "TypeMismatch"
	case UndefinedName:
		return "UndefinedName"
	case Unassigned:
		return "Unassigned"
	case ArgumentError:
		return "ArgumentError"
	case PlanError:
		return "PlanError"
	case ImportError:
		return "ImportError"
	case LayerError:
		return "LayerError"
	case ReadError:
		return "ReadError"
	case ProverLimit:
		return "ProverLimit"
	case Timeout:
		return "Timeout"
	case SolverUnknown:
		return "SolverUnknown"
	case SolverError:
		return "SolverError"
	case NoReplay:
		return "NoReplay"
	case Canceled:
		return "Canceled"
	case GenLimit:
		return "GenLimit"
	case Internal:
		return "Internal"
	case Usage:
		return "Usage"
	}
	return "Code(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText writes the stable name, so JSON carries "Unsupported"
// rather than a number. The zero code has no text: it is never produced.
func (c Code) MarshalText() ([]byte, error) {
	if c <= UnknownCode || c > lastCode {
		return nil, fmt.Errorf("ir: no name for diagnostic code %d", int(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a stable name; an unknown name is an error.
func (c *Code) UnmarshalText(b []byte) error {
	for k := UnknownCode + 1; k <= lastCode; k++ {
		if k.String() == string(b) {
			*c = k
			return nil
		}
	}
	return fmt.Errorf("ir: unknown diagnostic code %q", b)
}

// Error is the one located diagnostic of ClauZ3: the compiler (with its
// syntax stage), the prover and the generator all return it, so a caller
// finds any diagnostic with a single errors.As, or all of them with
// Diagnostics.
type Error struct {
	Pos  Pos // the zero Pos when the diagnostic has no place in a file
	Code Code
	Msg  string
	// Err is the underlying error, when there is one (a Z3 error, a
	// context's cancellation), for errors.Is; Msg already says it.
	Err error
}

// Errorf returns a located diagnostic with the given code.
func Errorf(pos Pos, code Code, format string, args ...any) *Error {
	return &Error{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Error is "file:line:col: msg", or msg alone when the position is zero.
func (e *Error) Error() string {
	if e.Pos == (Pos{}) {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Diagnostics returns every *Error in err's tree (through Unwrap() error
// and Unwrap() []error), in order. It returns nil when err holds none:
// the caller must then give the error a code of its own, never drop it.
func Diagnostics(err error) []*Error {
	var out []*Error
	var walk func(error)
	walk = func(err error) {
		switch x := err.(type) {
		case nil:
			return
		case *Error:
			out = append(out, x)
			return
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(x.Unwrap())
		}
	}
	walk(err)
	return out
}

// CodeOf is the code of the first diagnostic in err's tree, or fallback
// when there is none (an error from outside the diagnostics, such as a
// file system error, whose kind the caller knows).
func CodeOf(err error, fallback Code) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return fallback
}
