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

// Error is one located error.
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf returns a located error. Line breaks in the message are escaped so
// that every line of a List's text is one located error.
func Errorf(pos ir.Pos, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	msg = strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(msg)
	return &Error{Pos: pos, Msg: msg}
}

// List is the errors of one compilation, in the order they were found.
// Its Error method joins them, one per line, sorted by position.
type List []*Error

// Add appends a located error.
func (l *List) Add(pos ir.Pos, format string, args ...any) {
	*l = append(*l, Errorf(pos, format, args...))
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
// (file, line, column), without duplicates, cut to MaxErrors with a final
// located "too many errors" line when there were more.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	out := make(List, 0, len(l))
	seen := map[string]bool{}
	for _, e := range l {
		k := e.Error()
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return Less(out[i].Pos, out[j].Pos) })
	if len(out) > MaxErrors {
		more := out[MaxErrors]
		out = append(out[:MaxErrors:MaxErrors], &Error{Pos: more.Pos, Msg: fmt.Sprintf("too many errors (%d more)", len(out)-MaxErrors)})
	}
	return out
}

func (l List) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
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
