package ir

import (
	"strings"
	"testing"
)

// wantViolation fails the test unless err, from Verify, holds an
// Internal diagnostic whose message contains want: the kind of a
// violation is its code (a program that does not verify is ClauZ3's own
// bug), the words only say which invariant is meant. It is the check of
// internal/diagtest.Want, which this package's own tests cannot import
// (diagtest imports ir).
func wantViolation(t *testing.T, err error, want string) {
	t.Helper()
	for _, d := range Diagnostics(err) {
		if strings.Contains(d.Msg, want) {
			if d.Code != Internal {
				t.Errorf("%s: code %v, want Internal", d, d.Code)
			}
			return
		}
	}
	t.Errorf("Verify = %v, want an Internal diagnostic containing %q", err, want)
}
