package catalog

import "errors"

// Kind says which refusal or failure an error of the catalog is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// BadRoot: a given trusted root is no folder ending in
	// tools/<domain>/trusted (Error.Root names it), or the roots cannot be
	// searched.
	BadRoot Kind = iota + 1
	// NotLoadable: a trusted layer does not load (Error.Layer and
	// Error.Root name it; the compiler's diagnostics, with their codes, are
	// in the chain).
	NotLoadable
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case BadRoot:
		return "bad trusted root"
	case NotLoadable:
		return "layer does not load"
	}
	return "no kind"
}

// Error is every error the catalog returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind  Kind
	Root  string // the trusted root at fault
	Layer string // NotLoadable: the layer's dotted name
	Err   error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the catalog's error in err's chain, or 0 when
// there is none (err is nil or not the catalog's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
