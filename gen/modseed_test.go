package gen

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeedModCache: a service's module cache is filled from another
// module cache with every vetted module, each checked against the pinned
// go.sum (content and go.mod), never reaching a network; a module the
// source lacks, and a seeded module or go.mod changed afterwards, are
// refused naming the module.
func TestSeedModCache(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goBin, err := DefaultToolchain()
	if err != nil {
		t.Skip(err)
	}
	out, err := exec.Command(goBin, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	src := strings.TrimSpace(string(out))
	dst := filepath.Join(t.TempDir(), "gomodcache")
	t.Cleanup(func() { exec.Command("chmod", "-R", "u+w", dst).Run() })
	if err := SeedModCache(context.Background(), goBin, dst, src); err != nil {
		t.Fatal(err)
	}
	for _, m := range vettedModules {
		if present, err := verifyModule(dst, m); err != nil || !present {
			t.Errorf("%s@%s after seeding: present %v, %v", m.Path, m.Version, present, err)
		}
	}
	// Seeding again leaves what is there, verified.
	if err := SeedModCache(context.Background(), goBin, dst, src); err != nil {
		t.Fatalf("seeding a seeded cache: %v", err)
	}

	// A source without the modules.
	empty := filepath.Join(t.TempDir(), "empty")
	os.MkdirAll(filepath.Join(empty, "cache", "download"), 0o755)
	if err := SeedModCache(context.Background(), goBin, filepath.Join(t.TempDir(), "c2"), empty); !isRefusal(err, ModuleUnavailable, vettedModules[0].Path+"@"+vettedModules[0].Version) {
		t.Errorf("seeding from an empty module cache = %v; want a refusal naming %s", err, vettedModules[0].Path)
	}

	// A seeded module changed afterwards.
	uuid, _ := moduleDir(dst, "github.com/google/uuid", "v1.6.0")
	file := filepath.Join(uuid, "uuid.go")
	os.Chmod(uuid, 0o755)
	os.Chmod(file, 0o644)
	if err := os.WriteFile(file, []byte("package uuid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SeedModCache(context.Background(), goBin, dst, src); !isRefusal(err, ModuleMismatch, "github.com/google/uuid@v1.6.0") {
		t.Errorf("seeding over a changed module = %v", err)
	}
	os.RemoveAll(uuid)
	if err := SeedModCache(context.Background(), goBin, dst, src); err != nil {
		t.Fatalf("re-seeding a removed module: %v", err)
	}
	// A seeded go.mod changed afterwards.
	mod := filepath.Join(dst, "cache", "download", "github.com", "google", "uuid", "@v", "v1.6.0.mod")
	os.Chmod(mod, 0o644)
	if err := os.WriteFile(mod, []byte("module github.com/google/uuid\n\nrequire evil.test/x v1.0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SeedModCache(context.Background(), goBin, dst, src); !isRefusal(err, GoModMismatch, "github.com/google/uuid@v1.6.0") {
		t.Errorf("seeding over a changed go.mod = %v", err)
	}
}
