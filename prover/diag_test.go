package prover

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// wantDiag fails the test unless err holds a diagnostic with the code
// whose text contains want: the kind of a refusal is its code, the text
// documents the message.
func wantDiag(t *testing.T, err error, code ir.Code, want string) {
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
