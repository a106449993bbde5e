package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// TestDoctorReport (issue 15): `clauz3 doctor` says which protections
// the kernel gives a sealed binary and, on a kernel that lacks one (the
// probe's answer forced), names it, says runs are refused unless the
// service allows running unconfined, and exits non-zero. doctor.txtar
// runs the command on this machine.
func TestDoctorReport(t *testing.T) {
	for _, c := range []struct {
		name   string
		kernel sandbox.Support
		code   int
		want   []string
	}{
		{"full", sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 7, Seccomp: true, Rlimits: true}, exitOK,
			[]string{"  landlock: ABI 7: files and folders, TCP ports\n", "  seccomp filters: yes\n", "ok: sealed binaries run confined"}},
		{"no TCP rules", sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 3, Seccomp: true, Rlimits: true}, exitRefused,
			[]string{"  landlock: ABI 3: files and folders; NO TCP port rules (ABI 4)\n", "NOT fully confined: Landlock TCP port rules (ABI 4); sealed runs are refused unless the service's configuration allows running unconfined\n"}},
		{"no Landlock, no seccomp", sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 0, Seccomp: false, Rlimits: true}, exitRefused,
			[]string{"  landlock: NO (no filesystem confinement)\n", "  seccomp filters: NO\n", "NOT fully confined: Landlock, seccomp filters;"}},
		{"another platform", sandbox.Support{OS: "darwin", Arch: "arm64"}, exitRefused,
			[]string{"  platform: darwin/arm64\n", "  resource limits: NO\n", "NOT fully confined: Landlock, seccomp filters, resource limits;"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			code := doctorReport(c.kernel, &out)
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the report lacks %q:\n%s", w, out.String())
				}
			}
			if c.code != exitOK && strings.Contains(out.String(), "ok:") {
				t.Errorf("a weak kernel's report says ok:\n%s", out.String())
			}
		})
	}
}
