// Package diagtest checks a refusal the way the tests of every stage
// check it: by its diagnostic code, which picks the diagnostics meant;
// the message's words then check the wording of one of them (Want); and
// whether a diagnostic is located, by its fields, never its text
// (Located). For tests only.
package diagtest

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// Want fails the test unless err holds a diagnostic with the code whose
// text contains want: the code says which refusal it is, the words
// check its message (never the other way round).
func Want(t testing.TB, err error, code ir.Code, want string) {
	t.Helper()
	var coded []*ir.Error
	for _, d := range ir.Diagnostics(err) {
		if d.Code == code {
			coded = append(coded, d)
		}
	}
	if len(coded) == 0 {
		t.Errorf("got %v, want a diagnostic with code %v", err, code)
		return
	}
	for _, d := range coded {
		// The words are under test here, not the kind: the code
		// already picked these diagnostics.
		if strings.Contains(d.Error(), want) {
			return
		}
	}
	t.Errorf("got %v: no diagnostic with code %v contains %s", err, code, want)
}

// Located reports whether d has a place in a file (a file name, a line
// and a column) and a one-line message, so its text is one
// `file:line:col: reason` line. It reads d's fields, never its text.
func Located(d *ir.Error) bool {
	return d.Pos.File != "" && d.Pos.Line >= 1 && d.Pos.Col >= 1 && d.Msg != "" && !strings.Contains(d.Msg, "\n")
}
