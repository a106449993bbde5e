package diag

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// MaxErrors is how many errors a List reports; one more line says there
// were more.
const MaxErrors = 10

// Error is one located error: the module-wide ir.Error, so a caller finds
// a compiler diagnostic and a prover or generator one with one errors.As.
type Error = ir.Error

// Errorf returns a located error with its code. Line breaks in the
// message are escaped so that every line of a List's text is one located
// error.
func Errorf(pos ir.Pos, code ir.Code, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	msg = strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(msg)
	return &Error{Pos: pos, Code: code, Msg: msg}
}

// Reason is a coded message not yet located: what a check that does not
// know the position returns (the zero Reason means no error); the caller
// reports it at the node it was checking.
type Reason struct {
	Code ir.Code
	Msg  string
}

// Because returns a Reason; format as in fmt.Sprintf.
func Because(code ir.Code, format string, args ...any) Reason {
	return Reason{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// OK reports whether r is the zero Reason (no error).
func (r Reason) OK() bool { return r.Msg == "" }

// List is the errors of one compilation, in the order they were found.
// Its Error method joins them, one per line, sorted by position.
type List []*Error

// Add appends a located error with its code.
func (l *List) Add(pos ir.Pos, code ir.Code, format string, args ...any) {
	*l = append(*l, Errorf(pos, code, format, args...))
}

// Append appends errors of another list (or a single *Error).
func (l *List) Append(err error) {
	switch err := err.(type) {
	case nil:
	case List:
		*l = append(*l, err...)
	case *Error:
		*l = append(*l, err)
	default:
		panic(fmt.Sprintf("diag: cannot append unlocated error %T: %v", err, err))
	}
}

// Len is the number of errors collected so far.
func (l List) Len() int { return len(l) }

// Err returns nil when the list is empty, else the list sorted by position
// (file, line, column), without duplicates. Its text shows the first
// MaxErrors with a final located "too many errors" line when there were
// more.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	out := make(List, 0, len(l))
	// A duplicate is the same message at the same place (what a person
	// would read twice), told by the fields rather than the text.
	type key struct {
		pos ir.Pos
		msg string
	}
	seen := map[key]bool{}
	for _, e := range l {
		k := key{e.Pos, e.Msg}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return Less(out[i].Pos, out[j].Pos) })
	return out
}

// Unwrap returns the errors, so errors.As and ir.Diagnostics see each.
func (l List) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Error is one located line per error; past MaxErrors, one more line at
// the next error's position says how many were left out (Unwrap still
// returns them all, so no code is hidden from a caller).
func (l List) Error() string {
	lines := make([]string, 0, min(len(l), MaxErrors+1))
	for i, e := range l {
		if i == MaxErrors {
			lines = append(lines, e.Pos.String()+": "+fmt.Sprintf("too many errors (%d more)", len(l)-MaxErrors))
			break
		}
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

// Less orders positions by file, line, then column.
func Less(a, b ir.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}
