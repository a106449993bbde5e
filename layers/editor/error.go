package editor

import "errors"

// Kind says which refusal or failure an error of the editor layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: CLAUZ3_FS_ROOTS is unset or names a relative folder,
	// or there is no home folder for the path floor.
	NotConfigured Kind = iota + 1
	// DotDot: the written path contains "..".
	DotDot
	// BadReplacement: old is empty or equal to new.
	BadReplacement
	// Floor: the security module's path floor refused the path (a
	// *pathfloor.Refusal is in the chain).
	Floor
	// Symlink: the path resolves elsewhere (a symlink on the way).
	Symlink
	// NotRegular: the path is no regular file.
	NotRegular
	// NotText: the file is not UTF-8 text of at most MaxFileBytes.
	NotText
	// NotFound: the text to replace does not occur in the file.
	NotFound
	// Ambiguous: the text to replace occurs more than once.
	Ambiguous
	// IO: the operating system refused or failed a file operation (its
	// error, with the errno, is in the chain).
	IO
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case DotDot:
		return "path contains .."
	case BadReplacement:
		return "bad replacement"
	case Floor:
		return "path floor"
	case Symlink:
		return "symlink"
	case NotRegular:
		return "not a regular file"
	case NotText:
		return "not text"
	case NotFound:
		return "text not found"
	case Ambiguous:
		return "text occurs more than once"
	case IO:
		return "i/o"
	}
	return "no kind"
}

// Error is every error the editor layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind Kind
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the editor layer's error in err's chain, or 0 when
// there is none (err is nil or not the editor layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
