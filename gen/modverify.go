package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
)

// pinnedDirHash is the module's h1: line of the pinned go.sum (the one
// for its content, not its go.mod).
func (m vettedModule) pinnedDirHash() (string, error) {
	prefix := m.Path + " " + m.Version + " "
	for _, s := range m.Sums {
		if h, ok := strings.CutPrefix(s, prefix); ok {
			return h, nil
		}
	}
	return "", fmt.Errorf("module %s@%s has no pinned go.sum line for its content", m.Path, m.Version)
}

// moduleDir is where the go command extracts m in modCache.
func moduleDir(modCache, path, version string) (string, error) {
	ep, err := module.EscapePath(path)
	if err != nil {
		return "", err
	}
	ev, err := module.EscapeVersion(version)
	if err != nil {
		return "", err
	}
	return filepath.Join(modCache, filepath.FromSlash(ep)+"@"+ev), nil
}

// verifyModule hashes m's folder in modCache as `go mod verify` does and
// compares it with the pinned go.sum line. present is false when the
// folder does not exist (the go command has not extracted it).
func verifyModule(modCache string, m vettedModule) (present bool, err error) {
	want, err := m.pinnedDirHash()
	if err != nil {
		return false, err
	}
	dir, err := moduleDir(modCache, m.Path, m.Version)
	if err != nil {
		return false, fmt.Errorf("module cache: module %s@%s: %w", m.Path, m.Version, err)
	}
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("module cache: module %s@%s: %w", m.Path, m.Version, err)
	}
	if !fi.IsDir() {
		return true, refusal(WrongFileType, dir, "module cache: module %s@%s: %s is not a folder (%v); refusing to link it", m.Path, m.Version, dir, fi.Mode())
	}
	got, err := dirhash.HashDir(dir, m.Path+"@"+m.Version, dirhash.Hash1)
	if err != nil {
		return true, fmt.Errorf("module cache: module %s@%s: hashing %s: %w", m.Path, m.Version, dir, err)
	}
	if got != want {
		return true, refusal(ModuleMismatch, m.Path+"@"+m.Version, "module cache: module %s@%s in %s does not match the pinned go.sum (%s, pinned %s): a file was changed; refusing to link it", m.Path, m.Version, dir, got, want)
	}
	return true, nil
}

// usedModules lists, without compiling anything, the module paths of the
// packages the layers import (`go list -deps`, which reads sources and
// go.mod files only).
func usedModules(ctx context.Context, run GoRunner, dir string, env []string, layers []*Layer) (map[string]bool, error) {
	args := []string{"list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}"}
	for _, l := range layers {
		args = append(args, l.Path)
	}
	var goErr bytes.Buffer
	out, err := run(ctx, dir, env, &goErr, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: its Go implementation does not load:\n%s", layerNames(layers), layerErrors(goErr.String(), dir, layers))
	}
	used := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		used[p] = true
	}
	return used, nil
}

// verifyModCache verifies the vetted modules among used (module paths)
// that are present in modCache against the pinned go.sum, and returns the
// ones verified, as "path@version". A vetted module not yet extracted is
// verified after the build, if the build linked it (verifyLinkedModules).
func verifyModCache(modCache string, used map[string]bool) (map[string]bool, error) {
	verified := map[string]bool{}
	for _, m := range vettedModules {
		if !used[m.Path] {
			continue
		}
		present, err := verifyModule(modCache, m)
		if err != nil {
			return nil, err
		}
		if present {
			verified[m.Path+"@"+m.Version] = true
		}
	}
	return verified, nil
}

// verifyLinkedModules verifies every module of the build's closure that
// verifyModCache did not: the go command extracted it during the build
// (from a zip whose checksum file it trusts).
func verifyLinkedModules(modCache string, pkgs []pkgInfo, verified map[string]bool) error {
	for _, p := range pkgs {
		switch p.ModulePath {
		case "", buildModule, RuntimePath, PysemPath, SecuritymodPath:
			// The standard library, and the build folder's own modules
			// (written from embedded source, replaced by local folders).
			continue
		}
		key := p.ModulePath + "@" + p.ModuleVersion
		if verified[key] {
			continue
		}
		m, ok := vettedModuleOf(p.ModulePath)
		if !ok || m.Path != p.ModulePath || m.Version != p.ModuleVersion {
			return fmt.Errorf("module cache: the binary links %s, which is not a vetted module version", key)
		}
		present, err := verifyModule(modCache, m)
		if err != nil {
			return err
		}
		if !present {
			return fmt.Errorf("module cache: the binary links %s, but its folder is not in %s", key, modCache)
		}
		verified[key] = true
	}
	return nil
}
