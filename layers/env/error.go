package env

import "errors"

// Kind says which refusal or failure an error of the env layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotAName: the name is empty or holds '=' or NUL.
	NotAName Kind = iota + 1
	// NameLikeCredential: the name looks like a credential's (Error.Match is
	// the prefix or word that marks it).
	NameLikeCredential
	// ValueLikeCredential: the value looks like a credential.
	ValueLikeCredential
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotAName:
		return "not a variable name"
	case NameLikeCredential:
		return "credential name"
	case ValueLikeCredential:
		return "credential value"
	}
	return "no kind"
}

// Error is every error the env layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind  Kind
	Name  string // the variable asked for
	Match string // NameLikeCredential: the prefix or word of the name that marks a credential
	Err   error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the env layer's error in err's chain, or 0 when
// there is none (err is nil or not the env layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
