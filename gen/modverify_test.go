package gen

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// linkModCache makes a copy of the vetted modules' folders of modCache
// under a fresh folder, hard-linking files (copying when linking fails),
// so one file can be altered without touching the real cache.
func linkModCache(t *testing.T, modCache string) string {
	t.Helper()
	dst := t.TempDir()
	for _, m := range vettedModules {
		src, err := moduleDir(modCache, m.Path, m.Version)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(src); err != nil {
			continue
		}
		rel, _ := filepath.Rel(modCache, src)
		err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			r, _ := filepath.Rel(src, path)
			target := filepath.Join(dst, rel, r)
			if d.IsDir() {
				return os.MkdirAll(target, 0o755)
			}
			if os.Link(path, target) == nil {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o444)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The go command reads go.mod files (and zips) from cache/download.
	download := filepath.Join(modCache, "cache", "download")
	err := filepath.WalkDir(download, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(modCache, path)
		target := filepath.Join(dst, r)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if os.Link(path, target) == nil {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o444)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// allVetted is every vetted module path, for verifyModCache.
func allVetted() map[string]bool {
	used := map[string]bool{}
	for _, m := range vettedModules {
		used[m.Path] = true
	}
	return used
}

// TestModCacheTampered (E2): a vetted module whose folder in the module
// cache differs from the pinned go.sum by one file is a refusal naming
// the module, before the go command builds anything; the untouched copy
// verifies.
func TestModCacheTampered(t *testing.T) {
	tc, _ := testToolchain(t)
	copyDir := linkModCache(t, tc.modCache)
	verified, err := verifyModCache(copyDir, allVetted())
	if err != nil {
		t.Fatalf("the untouched module cache copy: %v", err)
	}
	if !verified["modernc.org/sqlite@v1.62.0"] {
		t.Fatalf("sqlite was not verified: %v", verified)
	}
	const mod = "github.com/dustin/go-humanize@v1.1.0"
	file := filepath.Join(copyDir, "github.com", "dustin", "go-humanize@v1.1.0", "humanize.go")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(file)
	if err := os.WriteFile(file, append(data, "\nfunc init() { println(\"pwned\") }\n"...), 0o444); err != nil {
		t.Fatal(err)
	}
	if _, err := verifyModCache(copyDir, allVetted()); !isRefusal(err, ModuleMismatch, mod) {
		t.Errorf("tampered cache verified: %v", err)
	}

	prog := installBundledLayer(t, "bank", bankPlanSource)
	goCmd := &countingGo{}
	_, err = Build(context.Background(), prog, bankPlanSource, BuildOptions{Mode: Real, CacheDir: t.TempDir(), ModCache: copyDir, Go: goCmd.run})
	if !isRefusal(err, ModuleMismatch, mod) {
		t.Errorf("build with a tampered module cache: %v", err)
	}
	if goCmd.n.Load() != 0 {
		t.Error("go build ran with a tampered module cache")
	}
}
