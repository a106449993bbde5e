package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A real installation's service builds sealed binaries as its own account
// with its own Go build cache (<state>/gocache), so the first build of
// every fresh test installation compiled the standard library again: the
// costliest few minutes of `make test`. The test instead seeds the service
// account's cache with a copy, made by root, of the cache the first
// passing run with this toolchain ended with, kept beside root's GOCACHE
// under the toolchain's version (written once: later runs add only their
// own plan's packages, which are cheap to compile again). The
// service still builds as its own account, with its own toolchain, into
// a cache only it may write; root, which may write anything the service
// owns anyway, only put compiled packages there first. The go command's
// cache keys name the toolchain, the flags and the sources, so a seed
// from another toolchain or other sources is merely not used.

// serviceCacheSeed is where the seed for the go command on PATH is kept:
// beside root's GOCACHE, so that a run with a cold build cache (a fresh
// GOCACHE) has no seed either, in a folder named by the toolchain's
// version.
func serviceCacheSeed() (string, error) {
	out, err := exec.Command("go", "env", "GOCACHE", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOCACHE GOVERSION: %v", err)
	}
	gocache, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if !filepath.IsAbs(gocache) || version == "" || strings.ContainsAny(version, "/\\") || version[0] == '.' {
		return "", fmt.Errorf("go env printed GOCACHE %q and GOVERSION %q", gocache, version)
	}
	return filepath.Join(filepath.Dir(gocache), "clauz3-test-service-gocache", version), nil
}

// seedServiceGoCache copies the seed, if there is one, into the service's
// <state>/gocache, owned by the service account with modes only it can
// use; if there is none, the cache the service ends with becomes the seed
// when the test passes. A seed that cannot be read is logged and the
// build runs cold: it changes how long the test takes, never what it
// checks.
func seedServiceGoCache(t *testing.T, b *boundary) {
	t.Helper()
	seed, err := serviceCacheSeed()
	if err != nil {
		t.Logf("no service build cache seed (%v): the service compiles the standard library", err)
		return
	}
	cache := filepath.Join(b.layout.state, "gocache")
	if _, err := os.Stat(seed); err == nil {
		if err := copyOwned(seed, cache, b.serviceCred); err != nil {
			t.Logf("seeding the service's build cache from %s: %v (the build runs cold)", seed, err)
			if err := os.RemoveAll(cache); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	t.Cleanup(func() {
		if t.Failed() {
			return
		}
		if err := keepSeed(cache, seed); err != nil {
			t.Logf("keeping the service's build cache as the seed: %v", err)
		}
	})
}

// keepSeed makes a root-owned copy of cache the seed, unless a
// concurrent run made one first, and removes the seeds of other
// toolchains. A reader sees no seed or a whole one.
func keepSeed(cache, seed string) error {
	if err := os.MkdirAll(filepath.Dir(seed), 0o700); err != nil {
		return err
	}
	var r [4]byte
	rand.Read(r[:])
	tmp := seed + ".tmp-" + hex.EncodeToString(r[:])
	defer os.RemoveAll(tmp)
	if err := copyOwned(cache, tmp, &syscall.Credential{Uid: 0, Gid: 0}); err != nil {
		return err
	}
	if err := os.Rename(tmp, seed); err != nil {
		if _, serr := os.Stat(seed); serr == nil {
			return nil
		}
		return err
	}
	others, err := os.ReadDir(filepath.Dir(seed))
	if err != nil {
		return err
	}
	for _, o := range others {
		if o.Name() != filepath.Base(seed) && !strings.Contains(o.Name(), ".tmp-") {
			os.RemoveAll(filepath.Join(filepath.Dir(seed), o.Name()))
		}
	}
	return nil
}

// copyOwned copies the folder tree src to dst (which must not exist):
// folders 0700, files 0600, all owned by c. Links and other special files
// are refused: a build cache holds none.
func copyOwned(src, dst string, c *syscall.Credential) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if err := os.Mkdir(target, 0o700); err != nil {
				return err
			}
		case d.Type().IsRegular():
			if err := copyFile(path, target); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: not a folder or a regular file", path)
		}
		return os.Lchown(target, int(c.Uid), int(c.Gid))
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
