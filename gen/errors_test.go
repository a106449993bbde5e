package gen

import (
	"errors"
	"fmt"
	"testing"
)

// isRefusal reports whether err holds a *BuildError of kind, about subject
// when subject is not "" (a path, path@version or a setting's name).
func isRefusal(err error, kind Kind, subject string) bool {
	var e *BuildError
	return errors.As(err, &e) && e.Kind == kind && (subject == "" || e.Subject == subject)
}

// TestErrorKeepsWordsAndCause: a *BuildError reads as the message it was made
// with and unwraps to the error it wraps, through further %w layers.
func TestErrorKeepsWordsAndCause(t *testing.T) {
	cause := errors.New("cause")
	err := refusal(BadSetting, "CLAUZ3_X", "sandbox: %w", cause)
	if err.Error() != "sandbox: cause" || !errors.Is(err, cause) {
		t.Errorf("%q, Is(cause) %v", err.Error(), errors.Is(err, cause))
	}
	if !isRefusal(fmt.Errorf("layer x: %w", err), BadSetting, "CLAUZ3_X") {
		t.Error("errors.As does not find the refusal through a layer of context")
	}
	for k := NotAbsolute; k <= PlanDoesNotCompile; k++ {
		if k.String() == "" || k.String()[0] == 'K' {
			t.Errorf("kind %d has no name", int(k))
		}
	}
}

// sameProblems compares closure problems by rule, package and import, in
// order (the order of the refusal's words).
func sameProblems(got, want []ClosureProblem) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Rule != want[i].Rule || got[i].Package != want[i].Package || got[i].Import != want[i].Import {
			return false
		}
	}
	return true
}
