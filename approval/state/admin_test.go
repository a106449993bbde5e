package state

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
		want  string // "" = allowed
	}{
		{"owner", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, owner, ""},
		{"root", func(t *testing.T, d string) string { return mk(t, d, 0o750) }, 0, ""},
		{"another account", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, other,
			fmt.Sprintf("clauz3 layers install needs the approval service's credentials: run it as the service's account (uid %d) or root; this process is uid %d", owner, other)},
		{"no state folder", func(t *testing.T, d string) string { return filepath.Join(d, "nothere") }, owner,
			"clauz3 layers install needs the approval service's credentials: its state folder"},
		{"loose modes", func(t *testing.T, d string) string { return mk(t, d, 0o755) }, owner, "a service's folder is 0700 or 0750"},
		{"symbolic link", func(t *testing.T, d string) string {
			link := filepath.Join(d, "link")
			if err := os.Symlink(mk(t, d, 0o700), link); err != nil {
				t.Fatal(err)
			}
			return link
		}, owner, "symbolic link"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := Layout{State: c.state(t, t.TempDir())}
			got, err := adminCredentials("clauz3 layers install", l, c.euid)
			switch {
			case c.want == "" && (err != nil || got != owner):
				t.Fatalf("adminCredentials = %d, %v; want the owner %d", got, err, owner)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || got != -1):
				t.Fatalf("adminCredentials = %d, %v; want -1 and %q", got, err, c.want)
			}
		})
	}
}
