package english

import (
	"fmt"
	"strconv"
)

// Kind says why a contract, guarantee or assumption has no rendering, so
// a caller (or a test) decides on it rather than on the message's words.
type Kind int

const (
	// Missing: a nil or empty input (a guarantee without a contract, a
	// contract without a spec, a spec without its relation, an absent
	// expression).
	Missing Kind = iota + 1
	// Arity: a guarantee whose argument count differs from its
	// contract's parameters.
	Arity
	// Malformed: a spec whose parts do not have the shape the compiler
	// gives that spec (a shares_value without keys, final[key] with an
	// operator other than ==).
	Malformed
	// NoRendering: a well-formed spec, predicate, comparison or
	// expression the renderer has no words for; it shows code instead of
	// guessing.
	NoRendering
)

// String names the kind for humans, e.g. "NoRendering".
func (k Kind) String() string {
	switch k {
	case Missing:
		return "Missing"
	case Arity:
		return "Arity"
	case Malformed:
		return "Malformed"
	case NoRendering:
		return "NoRendering"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Error is every refusal of the renderer. The layers above it (the
// guarantee, contract or precondition being rendered) wrap it with %w,
// so errors.As finds it under their context.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// errorf is an Error of kind k with a formatted message.
func errorf(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}
