package agentconfig

import "errors"

// Kind says which refusal or failure an error of the agentconfig package is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// Unreadable: the settings file exists but cannot be read.
	Unreadable Kind = iota + 1
	// Malformed: the settings file is not a JSON object, or its
	// permissions or allow list has the wrong shape; it is left untouched.
	Malformed
	// Write: writing the settings file failed (the operating system's error
	// is in the chain).
	Write
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case Unreadable:
		return "unreadable"
	case Malformed:
		return "malformed"
	case Write:
		return "write"
	}
	return "no kind"
}

// Error is every error the agentconfig package returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind Kind
	Path string // the settings file
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the agentconfig package's error in err's chain, or 0 when
// there is none (err is nil or not the agentconfig package's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
