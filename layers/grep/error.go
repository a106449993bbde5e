package grep

import "errors"

// Kind says which refusal or failure an error of the grep layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: CLAUZ3_FS_ROOTS is unset or names a relative folder,
	// or there is no home folder for the path floor.
	NotConfigured Kind = iota + 1
	// DotDot: the written folder contains "..".
	DotDot
	// BadPattern: the pattern is empty or no regular expression (regexp's
	// *syntax.Error is in the chain).
	BadPattern
	// Floor: the security module's path floor refused the folder (a
	// *pathfloor.Refusal is in the chain).
	Floor
	// Symlink: the folder resolves elsewhere (a symlink on the way).
	Symlink
	// TooLong: the matches are over the declared MaxResult characters.
	TooLong
	// IO: the walk failed (the operating system's error is in the chain).
	IO
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case DotDot:
		return "path contains .."
	case BadPattern:
		return "bad pattern"
	case Floor:
		return "path floor"
	case Symlink:
		return "symlink"
	case TooLong:
		return "result too long"
	case IO:
		return "i/o"
	}
	return "no kind"
}

// Error is every error the grep layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind Kind
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the grep layer's error in err's chain, or 0 when
// there is none (err is nil or not the grep layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
