// Package diagtest checks a refusal the way the tests of every stage
// check it: by its diagnostic code, which picks the diagnostics meant;
// the message's words then check the wording of one of them. For tests
// only.
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
