package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
)

// SeedModCache fills modCache, the module cache a service's sealed builds
// use, with every vetted module, taken from the module cache src (the
// invoking administrator's, say) and trusted on nothing but the pinned
// go.sum: the go command copies each module from src's download folder
// used as a local file proxy (GOPROXY=file://..., no network, the
// hermetic environment otherwise), and then each extracted module's
// content and its go.mod are hashed (dirhash, as `go mod verify` does) and
// compared with the pinned lines. A mismatch, a module src lacks, or
// anything the go command refuses is an error naming the module; what was
// seeded before the error stays (it is verified again at every build).
// toolchain is the go command's absolute path.
func SeedModCache(ctx context.Context, toolchain, modCache, src string) error {
	if !filepath.IsAbs(modCache) || !filepath.IsAbs(src) {
		return fmt.Errorf("module cache seed: %q and %q must be absolute paths", modCache, src)
	}
	download := filepath.Join(src, "cache", "download")
	if fi, err := os.Stat(download); err != nil || !fi.IsDir() {
		return fmt.Errorf("module cache seed: %s holds no download folder to copy modules from (%v)", src, err)
	}
	if err := os.MkdirAll(modCache, 0o700); err != nil {
		return fmt.Errorf("module cache seed: %v", err)
	}
	opts := BuildOptions{Toolchain: toolchain, ModCache: modCache, GoCache: filepath.Join(modCache, "cache", "seed-gocache")}
	tc, err := opts.resolveToolchain()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "clauz3-modseed-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	require, sums := vettedGoMod()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module clauz3.local/modseed\n\ngo "+vettedGoVersion+"\n\n"+require), 0o600); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sums, 0o600); err != nil {
		return err
	}
	proxy := (&url.URL{Scheme: "file", Path: download}).String()
	env := tc.environ([]string{"GOPROXY=" + proxy, "GOFLAGS=-mod=readonly -buildvcs=false"})
	for _, m := range vettedModules {
		present, err := verifyModule(modCache, m)
		if err != nil {
			return fmt.Errorf("module cache seed: %w", err)
		}
		if !present {
			var goErr bytes.Buffer
			if _, err := tc.runGo(ctx, dir, env, &goErr, "mod", "download", m.Path+"@"+m.Version); err != nil {
				return refusal(ModuleUnavailable, m.Path+"@"+m.Version, "module cache seed: %s@%s from %s: %w: %s", m.Path, m.Version, src, err, strings.TrimSpace(goErr.String()))
			}
			if present, err = verifyModule(modCache, m); err != nil {
				// verifyModule's refusal says what is wrong (ModuleMismatch, ...).
				return fmt.Errorf("module cache seed: %s@%s: not extracted or not as pinned: %w", m.Path, m.Version, err)
			} else if !present {
				return refusal(ModuleUnavailable, m.Path+"@"+m.Version, "module cache seed: %s@%s: not extracted or not as pinned: %v", m.Path, m.Version, err)
			}
		}
		if err := verifyGoMod(modCache, m); err != nil {
			return fmt.Errorf("module cache seed: %w", err)
		}
	}
	os.RemoveAll(opts.GoCache)
	return nil
}

// verifyGoMod compares the go.mod the module cache keeps for m (what the
// go command reads to load the module graph) with the pinned go.sum line.
func verifyGoMod(modCache string, m vettedModule) error {
	ep, err := module.EscapePath(m.Path)
	if err != nil {
		return err
	}
	ev, err := module.EscapeVersion(m.Version)
	if err != nil {
		return err
	}
	path := filepath.Join(modCache, "cache", "download", filepath.FromSlash(ep), "@v", ev+".mod")
	want := ""
	prefix := m.Path + " " + m.Version + "/go.mod "
	for _, s := range m.Sums {
		if h, ok := strings.CutPrefix(s, prefix); ok {
			want = h
		}
	}
	if want == "" {
		return fmt.Errorf("module %s@%s has no pinned go.sum line for its go.mod", m.Path, m.Version)
	}
	got, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) { return os.Open(path) })
	if errors.Is(err, fs.ErrNotExist) {
		return refusal(ModuleUnavailable, m.Path+"@"+m.Version, "module %s@%s: its go.mod is not in %s", m.Path, m.Version, modCache)
	}
	if err != nil {
		return fmt.Errorf("module %s@%s: hashing its go.mod: %w", m.Path, m.Version, err)
	}
	if got != want {
		return refusal(GoModMismatch, m.Path+"@"+m.Version, "module %s@%s: its go.mod in %s does not match the pinned go.sum (%s, pinned %s); refusing it", m.Path, m.Version, path, got, want)
	}
	return nil
}
