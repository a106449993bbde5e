// Package diagtest checks a refusal the way the tests of every stage
// check it: by its diagnostic code, with the message's words only to say
// which diagnostic is meant. For tests only.
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
