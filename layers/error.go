package layers

import "errors"

// Kind says which refusal or failure an error of Resolve, FS or Install
// is, so a caller (and a test) tells them apart by a value, never by the
// words.
type Kind int

const (
	// NoSource: no layer source was given.
	NoSource Kind = iota + 1
	// NoSuchLayer: the name is no bundled layer (Error.Name).
	NoSuchLayer
	// BadFolder: a layer folder is missing, not a folder or has no
	// effects.py (Error.Path).
	BadFolder
	// BadDomain: the layer's domain is not a Python identifier
	// (Error.Name).
	BadDomain
	// Exists: the destination exists and force was not given
	// (Error.Path).
	Exists
	// NotLoadable: the layer's spec files do not load (Error.Name is the
	// domain; the compiler's diagnostics, with their codes, are in the
	// chain).
	NotLoadable
	// IO: copying or moving the files failed (the operating system's
	// error is in the chain).
	IO
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NoSource:
		return "no source"
	case NoSuchLayer:
		return "no such layer"
	case BadFolder:
		return "bad layer folder"
	case BadDomain:
		return "bad domain"
	case Exists:
		return "layer exists"
	case NotLoadable:
		return "layer does not load"
	case IO:
		return "i/o"
	}
	return "no kind"
}

// Error is every error of Resolve, FS and Install. Its text is Err's, or
// text where the message rewords the cause (a load error with the staging
// folder taken out); Err is the cause either way, so errors.Is and
// errors.As reach it.
type Error struct {
	Kind Kind
	Name string // the layer's name or domain, where there is one
	Path string // the folder at fault, where there is one
	Err  error
	text string
}

func (e *Error) Error() string {
	if e.text != "" {
		return e.text
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of this package's error in err's chain, or 0 when
// there is none.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
