package state

import (
	"errors"
	"testing"
)

// TestCheckPrivilegedAddr: a real service's UI port must be one an
// unprivileged process (the agent) cannot bind first.
func TestCheckPrivilegedAddr(t *testing.T) {
	for _, c := range []struct {
		addr  string
		start int
		want  Kind // 0: accepted
	}{
		{"127.0.0.1:876", 1024, 0},
		{"127.0.0.1:1023", 1024, 0},
		{"127.0.0.1:8765", 1024, UnprivilegedPort},
		{"127.0.0.1:1024", 1024, UnprivilegedPort},
		{"127.0.0.1:876", 0, UnprivilegedPort}, // a kernel that lets anyone bind any port
		{"127.0.0.1:876", 800, UnprivilegedPort},
		{"127.0.0.1", 1024, BadAddress},
		{"127.0.0.1:x", 1024, BadAddress},
	} {
		err := CheckPrivilegedAddr(c.addr, c.start)
		var e *Error
		switch {
		case c.want == 0 && err != nil:
			t.Errorf("%s (start %d): %v", c.addr, c.start, err)
		case c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want || e.Path != c.addr):
			t.Errorf("%s (start %d) = %v, want a %v refusal", c.addr, c.start, err, c.want)
		}
	}
}
