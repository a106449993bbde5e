package state

import (
	"strings"
	"testing"
)

// TestCheckPrivilegedAddr: a real service's UI port must be one an
// unprivileged process (the agent) cannot bind first.
func TestCheckPrivilegedAddr(t *testing.T) {
	for _, c := range []struct {
		addr  string
		start int
		want  string // "" : accepted
	}{
		{"127.0.0.1:876", 1024, ""},
		{"127.0.0.1:1023", 1024, ""},
		{"127.0.0.1:8765", 1024, "may be bound by any process"},
		{"127.0.0.1:1024", 1024, "may be bound by any process"},
		{"127.0.0.1:876", 0, "may be bound by any process"}, // a kernel that lets anyone bind any port
		{"127.0.0.1:876", 800, "may be bound by any process"},
		{"127.0.0.1", 1024, "missing port"},
		{"127.0.0.1:x", 1024, "is not a port"},
	} {
		err := CheckPrivilegedAddr(c.addr, c.start)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (start %d): %v", c.addr, c.start, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (start %d) = %v, want a refusal mentioning %q", c.addr, c.start, err, c.want)
		}
	}
}
