package gen

import (
	"context"
	"errors"
	"io/fs"
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
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		path string
		ok   func(error) bool
		kind string
	}{
		{good, func(err error) bool { return err == nil }, "accepted"},
		{"go", func(err error) bool { return isRefusal(err, NotAbsolute, "go") }, "NotAbsolute"},
		{"bin/go", func(err error) bool { return isRefusal(err, NotAbsolute, "bin/go") }, "NotAbsolute"},
		{missing, func(err error) bool { return errors.Is(err, fs.ErrNotExist) }, "fs.ErrNotExist"},
		{dir, func(err error) bool { return isRefusal(err, WrongFileType, dir) }, "WrongFileType"},
		{writable, func(err error) bool { return isRefusal(err, WritableByOthers, writable) }, "WritableByOthers"},
		{link, func(err error) bool { return isRefusal(err, WritableByOthers, writable) }, "WritableByOthers of the link's target"},
		{inGroupDir, func(err error) bool { return isRefusal(err, WritableByOthers, groupDir) }, "WritableByOthers of its folder"},
	} {
		if err := CheckToolchain(c.path); !c.ok(err) {
			t.Errorf("CheckToolchain(%s) = %v, want %s", c.path, err, c.kind)
		}
	}
	if foreignOK {
		if err := CheckToolchain(foreign); !isRefusal(err, ForeignOwner, foreign) {
			t.Errorf("a go owned by another user: %v", err)
		}
	}
	if _, err := Build(context.Background(), &ir.Program{File: "plan.py"}, nil, BuildOptions{Toolchain: writable, CacheDir: t.TempDir()}); !isRefusal(err, WritableByOthers, writable) {
		t.Errorf("Build with an untrusted toolchain: %v", err)
	}
	if _, err := Build(context.Background(), &ir.Program{File: "plan.py"}, nil, BuildOptions{Toolchain: "go", CacheDir: t.TempDir()}); !isRefusal(err, NotAbsolute, "go") {
		t.Errorf("Build with a relative toolchain: %v", err)
	}
}

// TestIdentity: the build identity is stable, and changes with each thing
// a sealed binary is made of or will run with.
func TestIdentity(t *testing.T) {
	ctx := context.Background()
	goSrc := "package email\n\nfunc SendEmail(addr string, msg string) error { return nil }\n"
	prog := tempLayer(t, goSrc)
	layerDir := filepath.Dir(prog.Effects[0].Pos.File)
	src := []byte("plan")
	base := BuildOptions{Mode: Real}
	id := func(t *testing.T, prog *ir.Program, src []byte, opts BuildOptions) *BuildIdentity {
		t.Helper()
		got, err := Identity(ctx, prog, src, opts)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	first := id(t, prog, src, base)
	if again := id(t, prog, src, base); again.Digest != first.Digest || !strings.HasPrefix(first.Digest, "sha256:") {
		t.Fatalf("identity not stable: %s %s", first.Digest, again.Digest)
	}
	if !strings.HasPrefix(first.Toolchain, "go version go") || first.GoBin == "" || len(first.Layers) != 1 || len(first.Layers[0].Python) != 1 || len(first.Layers[0].Go) != 1 {
		t.Fatalf("identity misses parts: %+v", first)
	}
	for _, c := range []struct {
		name   string
		change func(t *testing.T) *BuildIdentity
	}{
		{"plan source", func(t *testing.T) *BuildIdentity { return id(t, prog, []byte("plan 2"), base) }},
		{"mode", func(t *testing.T) *BuildIdentity { return id(t, prog, src, BuildOptions{Mode: Simulate}) }},
		{"layer configuration", func(t *testing.T) *BuildIdentity {
			return id(t, prog, src, BuildOptions{Mode: Real, LayerConfig: []byte(`{"email":["CLAUZ3_SMTP_HOST=127.0.0.1"]}`)})
		}},
		{"approval key", func(t *testing.T) *BuildIdentity {
			return id(t, prog, src, BuildOptions{Mode: Real, ApprovalKey: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="})
		}},
		{"IR", func(t *testing.T) *BuildIdentity {
			p2 := tempLayer(t, goSrc)
			p2.Funcs[0].Body[0].(*ir.ExprStmt).X.(*ir.EffectCall).Args[1] = cs("bye")
			p2.Effects[0].Pos.File = prog.Effects[0].Pos.File
			return id(t, p2, src, base)
		}},
		{"layer Go source", func(t *testing.T) *BuildIdentity {
			path := filepath.Join(layerDir, "email.go")
			os.WriteFile(path, []byte(goSrc+"\n// edited\n"), 0o644)
			defer os.WriteFile(path, []byte(goSrc), 0o644)
			return id(t, prog, src, base)
		}},
		{"layer Python spec", func(t *testing.T) *BuildIdentity {
			path := filepath.Join(layerDir, "effects.py")
			os.WriteFile(path, []byte("# stub, edited\n"), 0o644)
			defer os.WriteFile(path, []byte("# stub\n"), 0o644)
			return id(t, prog, src, base)
		}},
		{"toolchain version", func(t *testing.T) *BuildIdentity {
			layers, err := resolveLayers(prog, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := identityOf(prog, src, base, layers, first.GoBin, "go version go0.0 linux/amd64")
			if err != nil {
				t.Fatal(err)
			}
			return got
		}},
	} {
		if got := c.change(t); got.Digest == first.Digest {
			t.Errorf("a changed %s keeps the identity %s", c.name, first.Digest)
		}
	}
	if back := id(t, prog, src, base); back.Digest != first.Digest {
		t.Errorf("restored inputs give %s, want %s", back.Digest, first.Digest)
	}
}

// TestGoCachesOwnership: a GOCACHE or GOMODCACHE that others may write is
// refused before the go command runs.
func TestGoCachesOwnership(t *testing.T) {
	shared := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(shared, 0o700)
	os.Chmod(shared, 0o777)
	for _, c := range []struct {
		opts    BuildOptions
		kind    Kind
		subject string
	}{
		{BuildOptions{GoCache: shared}, WritableByOthers, shared},
		{BuildOptions{ModCache: shared}, WritableByOthers, shared},
		{BuildOptions{GoCache: "relative"}, NotAbsolute, "relative"},
	} {
		c.opts.CacheDir = t.TempDir()
		_, err := Build(context.Background(), &ir.Program{File: "plan.py"}, nil, c.opts)
		if !isRefusal(err, c.kind, c.subject) {
			t.Errorf("GoCache %q ModCache %q: %v, want %v of %s", c.opts.GoCache, c.opts.ModCache, err, c.kind, c.subject)
		}
	}
}
