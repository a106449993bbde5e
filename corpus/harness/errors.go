package harness

import "strconv"

// ErrorKind says why the harness could not run a case to an outcome.
type ErrorKind int

const (
	// DuplicateEngine: two engines given to RunAll share a name, so their
	// outcomes could not be told apart in a report.
	DuplicateEngine ErrorKind = iota + 1
	// NotInBatch: a case a CompiledBatch was not built with.
	NotInBatch
	// OtherPlan: a case with a batch case's name but another plan file,
	// import root or target.
	OtherPlan
	// Killed: the CPython child ended by a signal (its alarm, or a crash).
	Killed
)

// String names the kind for humans, e.g. "NotInBatch".
func (k ErrorKind) String() string {
	switch k {
	case DuplicateEngine:
		return "DuplicateEngine"
	case NotInBatch:
		return "NotInBatch"
	case OtherPlan:
		return "OtherPlan"
	case Killed:
		return "Killed"
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// Error is a failure of the harness itself on a case (not the case's
// outcome): a caller decides by Kind, never by Msg's words.
type Error struct {
	Kind ErrorKind
	Case string // the case's name
	Msg  string
}

func (e *Error) Error() string { return e.Msg }
