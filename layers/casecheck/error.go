package casecheck

import "errors"

// Kind says which refusal or failure an error of the casecheck package is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NoCasesFolder: the layer has no cases/ folder.
	NoCasesFolder Kind = iota + 1
	// NoCases: cases/ holds no case.
	NoCases
	// BadCaseName: a case file is named neither *_pass.py nor *_fail.py
	// (Error.Case).
	BadCaseName
	// NoExpect: a _fail case has no `# expect: TEXT` line (Error.Case).
	NoExpect
	// PassWithExpect: a _pass case has an `# expect:` line (Error.Case).
	PassWithExpect
	// IO: reading the cases or writing the temporary project failed.
	IO
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NoCasesFolder:
		return "no cases folder"
	case NoCases:
		return "no cases"
	case BadCaseName:
		return "bad case name"
	case NoExpect:
		return "no expect line"
	case PassWithExpect:
		return "pass case with expect line"
	case IO:
		return "i/o"
	}
	return "no kind"
}

// Error is every error the casecheck package returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind Kind
	Case string // the case file at fault, under cases/
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the casecheck package's error in err's chain, or 0 when
// there is none (err is nil or not the casecheck package's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
