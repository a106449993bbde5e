package gen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// fakeTools writes executables named go, gopackagesdriver and toolexec
// into a fresh folder; each records that it ran in marker.
func fakeTools(t *testing.T) (dir, marker string) {
	t.Helper()
	dir = t.TempDir()
	marker = filepath.Join(t.TempDir(), "ran")
	for _, name := range []string{"go", "gopackagesdriver", "toolexec"} {
		script := "#!/bin/sh\necho " + name + " >> " + marker + "\nexit 1\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, marker
}

// TestBuildIgnoresCallerEnvironment (C1): an agent-made go (and packages
// driver) first on PATH and a GOFLAGS with -toolexec in the environment
// never run; the build uses the trusted toolchain with its own
// environment and succeeds.
func TestBuildIgnoresCallerEnvironment(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	fake, marker := fakeTools(t)
	t.Setenv("PATH", fake+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOFLAGS", "-toolexec="+filepath.Join(fake, "toolexec"))
	t.Setenv("GOPACKAGESDRIVER", filepath.Join(fake, "gopackagesdriver"))
	t.Setenv("CC", filepath.Join(fake, "go"))
	prog, src := compileCorpus(t, "email_only_bob_pass")
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: t.TempDir()})
	if data, _ := os.ReadFile(marker); len(data) > 0 {
		t.Fatalf("the caller's tools ran: %s (build error: %v)", strings.TrimSpace(string(data)), err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.Cached {
		t.Fatal("a fresh cache folder must not hit")
	}
}

// TestCheckToolchain: only an absolute regular file that no one but root
// or the current user can replace is a toolchain.
func TestCheckToolchain(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := file("go", 0o755)
	writable := file("go-writable", 0o777)
	groupDir := filepath.Join(dir, "shared")
	os.Mkdir(groupDir, 0o700)
	os.Chmod(groupDir, 0o775)
	inGroupDir := filepath.Join(groupDir, "go")
	os.WriteFile(inGroupDir, []byte("x"), 0o755)
	link := filepath.Join(dir, "go-link")
	if err := os.Symlink(writable, link); err != nil {
		t.Fatal(err)
	}
	foreign := file("go-foreign", 0o755)
	foreignOK := os.Geteuid() == 0 && os.Chown(foreign, 65534, 65534) == nil
	for _, c := range []struct {
		path, want string
	}{
		{good, ""},
		{"go", "not an absolute path"},
		{"bin/go", "not an absolute path"},
		{filepath.Join(dir, "missing"), "no such file"},
		{dir, "is not a regular file"},
		{writable, "is writable by group or others"},
		{link, "is writable by group or others"},
		{inGroupDir, "shared is writable by group or others"},
	} {
		err := CheckToolchain(c.path)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("CheckToolchain(%s) = %v, want %q", c.path, err, c.want)
		}
	}
	if foreignOK {
		if err := CheckToolchain(foreign); err == nil || !strings.Contains(err.Error(), "owned by uid 65534") {
			t.Errorf("a go owned by another user: %v", err)
		}
	}
	if _, err := Build(context.Background(), &ir.Program{File: "plan.py"}, nil, BuildOptions{Toolchain: writable, CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "writable by group or others") {
		t.Errorf("Build with an untrusted toolchain: %v", err)
	}
	if _, err := Build(context.Background(), &ir.Program{File: "plan.py"}, nil, BuildOptions{Toolchain: "go", CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "not an absolute path") {
		t.Errorf("Build with a relative toolchain: %v", err)
	}
}
