package state

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDir: only a real folder owned by the service with no write for
// its group and nothing for others is a service's folder.
func TestCheckDir(t *testing.T) {
	uid := os.Geteuid()
	for _, c := range []struct {
		name string
		make func(t *testing.T, dir string) string
		want string
	}{
		{"0700", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, ""},
		{"0750", func(t *testing.T, d string) string { return mk(t, d, 0o750) }, ""},
		{"0755", func(t *testing.T, d string) string { return mk(t, d, 0o755) }, "0700 or 0750"},
		{"0770", func(t *testing.T, d string) string { return mk(t, d, 0o770) }, "0700 or 0750"},
		{"symlink", func(t *testing.T, d string) string {
			target := mk(t, d, 0o700)
			link := filepath.Join(d, "link")
			os.Symlink(target, link)
			return link
		}, "symbolic link"},
		{"missing", func(t *testing.T, d string) string { return filepath.Join(d, "nothere") }, "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckDir(c.make(t, t.TempDir()), uid)
			if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("CheckDir = %v, want %q", err, c.want)
			}
		})
	}
	if err := CheckDir(mk(t, t.TempDir(), 0o700), uid+4242); err == nil || !strings.Contains(err.Error(), "does not own") {
		t.Fatalf("a folder of another uid: %v", err)
	}
}

func mk(t *testing.T, parent string, mode os.FileMode) string {
	d := filepath.Join(parent, "s")
	if err := os.Mkdir(d, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, mode); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestLockAndKeys: one lock holder per state; keys are made once, never
// replaced, and read back as made.
func TestLockAndKeys(t *testing.T) {
	l := Layout{Config: t.TempDir(), State: t.TempDir()}
	release, err := Lock(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(l); err == nil || !strings.Contains(err.Error(), "another approval service instance holds") {
		t.Fatalf("second Lock = %v", err)
	}
	release()
	again, err := Lock(l)
	if err != nil {
		t.Fatalf("Lock after release: %v", err)
	}
	again()

	made, err := MakeKeys(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MakeKeys(l); err == nil {
		t.Fatal("MakeKeys replaced existing keys")
	}
	read, err := LoadKeys(l, os.Geteuid())
	if err != nil || !read.Signing.Equal(made.Signing) || string(read.SessionSecret) != string(made.SessionSecret) {
		t.Fatalf("LoadKeys = %v", err)
	}
	os.Chmod(l.KeysFile(), 0o644)
	if _, err := LoadKeys(l, os.Geteuid()); err == nil || !strings.Contains(err.Error(), "want 0600") {
		t.Fatalf("LoadKeys of a readable keys file = %v", err)
	}
}
