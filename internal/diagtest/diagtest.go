// Package diagtest checks a refusal the way the tests of every stage
// check it: by its diagnostic code, with the message's words only to say
// which diagnostic is meant (Want), and whether a diagnostic is located
// by its fields, never its text (Located). For tests only.
package diagtest

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// Want fails the test unless err holds a diagnostic with the code whose
// text contains want: the kind of a refusal is its code, the text
// documents the message.
func Want(t testing.TB, err error, code ir.Code, want string) {
	t.Helper()
	for _, d := range ir.Diagnostics(err) {
		if strings.Contains(d.Error(), want) {
			if d.Code != code {
				t.Errorf("%s: code %v, want %v", d, d.Code, code)
			}
			return
		}
	}
	t.Errorf("got %v, want a diagnostic (%v) containing %s", err, code, want)
}

// Located reports whether d has a place in a file (a file name, a line
// and a column) and a one-line message, so its text is one
// `file:line:col: reason` line. It reads d's fields, never its text.
func Located(d *ir.Error) bool {
	return d.Pos.File != "" && d.Pos.Line >= 1 && d.Pos.Col >= 1 && d.Msg != "" && !strings.Contains(d.Msg, "\n")
}
