package state

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestAdminCredentials: an administrative verb runs only as the account
// that owns the state folder or as root, and only on a state folder with
// the service's modes; every refusal names the verb and why.
func TestAdminCredentials(t *testing.T) {
	owner := os.Geteuid()
	other := owner + 4242
	for _, c := range []struct {
		name  string
		state func(t *testing.T, dir string) string
		euid  int
		want  Kind // 0: allowed
	}{
		{"owner", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, owner, 0},
		{"root", func(t *testing.T, d string) string { return mk(t, d, 0o750) }, 0, 0},
		{"another account", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, other,
			NotServiceAccount},
		{"no state folder", func(t *testing.T, d string) string { return filepath.Join(d, "nothere") }, owner,
			Unreadable},
		{"loose modes", func(t *testing.T, d string) string { return mk(t, d, 0o755) }, owner, LooseMode},
		{"symbolic link", func(t *testing.T, d string) string {
			link := filepath.Join(d, "link")
			if err := os.Symlink(mk(t, d, 0o700), link); err != nil {
				t.Fatal(err)
			}
			return link
		}, owner, NotAFolder},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := Layout{State: c.state(t, t.TempDir())}
			got, err := adminCredentials("clauz3 layers install", l, c.euid)
			var e *Error
			switch {
			case c.want == 0 && (err != nil || got != owner):
				t.Fatalf("adminCredentials = %d, %v; want the owner %d", got, err, owner)
			case c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want || e.Path != l.State || got != -1):
				t.Fatalf("adminCredentials = %d, %v; want -1 and a %v refusal", got, err, c.want)
			}
		})
	}
	// The wording itself is under test here: it is what the person who ran
	// the verb reads, and it names the verb and the account to use.
	l := Layout{State: mk(t, t.TempDir(), 0o700)}
	_, err := adminCredentials("clauz3 layers install", l, other)
	want := fmt.Sprintf("clauz3 layers install needs the approval service's credentials: run it as the service's account (uid %d) or root; this process is uid %d", owner, other)
	if err == nil || err.Error() != want {
		t.Fatalf("refusal = %v, want %q", err, want)
	}
}
