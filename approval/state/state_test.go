package state

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckDir: only a real folder owned by the service with no write for
// its group and nothing for others is a service's folder.
func TestCheckDir(t *testing.T) {
	uid := os.Geteuid()
	for _, c := range []struct {
		name string
		make func(t *testing.T, dir string) string
		want Kind // 0: accepted
	}{
		{"0700", func(t *testing.T, d string) string { return mk(t, d, 0o700) }, 0},
		{"0750", func(t *testing.T, d string) string { return mk(t, d, 0o750) }, 0},
		{"0755", func(t *testing.T, d string) string { return mk(t, d, 0o755) }, LooseMode},
		{"0770", func(t *testing.T, d string) string { return mk(t, d, 0o770) }, LooseMode},
		{"symlink", func(t *testing.T, d string) string {
			target := mk(t, d, 0o700)
			link := filepath.Join(d, "link")
			os.Symlink(target, link)
			return link
		}, NotAFolder},
		{"missing", func(t *testing.T, d string) string { return filepath.Join(d, "nothere") }, Unreadable},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.make(t, t.TempDir())
			err := CheckDir(dir, uid)
			var e *Error
			if c.want == 0 && err != nil || c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want || e.Path != dir) {
				t.Fatalf("CheckDir = %v, want %v", err, c.want)
			}
			if c.want == Unreadable && !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("CheckDir of a missing folder = %v, want fs.ErrNotExist inside", err)
			}
		})
	}
	var e *Error
	if err := CheckDir(mk(t, t.TempDir(), 0o700), uid+4242); !errors.As(err, &e) || e.Kind != NotOwned {
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
	var e *Error
	if _, err := Lock(l); !errors.As(err, &e) || e.Kind != LockHeld || e.Path != l.LockFile() {
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
	if _, err := MakeKeys(l); !errors.As(err, &e) || e.Kind != KeysExist || !errors.Is(err, fs.ErrExist) {
		t.Fatal("MakeKeys replaced existing keys")
	}
	read, err := LoadKeys(l, os.Geteuid())
	if err != nil || !read.Signing.Equal(made.Signing) || string(read.SessionSecret) != string(made.SessionSecret) {
		t.Fatalf("LoadKeys = %v", err)
	}
	os.Chmod(l.KeysFile(), 0o644)
	if _, err := LoadKeys(l, os.Geteuid()); !errors.As(err, &e) || e.Kind != LooseMode || e.Path != l.KeysFile() {
		t.Fatalf("LoadKeys of a readable keys file = %v", err)
	}
}
