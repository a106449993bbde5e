package gen

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCacheTamperedBinaryRefused (C2): a cached binary overwritten after
// its build is never handed out again: a later build of the same plan
// refuses, naming the folder, and delivers nothing.
func TestCacheTamperedBinaryRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	cache := t.TempDir()
	prog, src := compileCorpus(t, "email_only_bob_pass")
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "tampered-ran")
	if err := os.WriteFile(res.Binary, []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "bin")
	again, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: cache, Output: out})
	if err == nil {
		runBinary(t, again.Binary, nil)
		_, ran := os.Stat(marker)
		t.Fatalf("the tampered cached binary was reused (cached %v, ran %v)", again.Cached, ran == nil)
	}
	if !isRefusal(err, CacheTampered, res.Dir) {
		t.Errorf("refusal %v, want CacheTampered of %s", err, res.Dir)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the tampered binary was delivered")
	}
}

// TestCacheDirOwnership (C2): a build cache folder that others may write,
// or that another user owns, is refused before anything is built.
func TestCacheDirOwnership(t *testing.T) {
	prog, src := compileCorpus(t, "email_only_bob_pass")
	shared := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(shared, 0o700)
	os.Chmod(shared, 0o777)
	type tc struct {
		dir  string
		want Kind
	}
	cases := []tc{{shared, WritableByOthers}}
	if os.Geteuid() == 0 {
		foreign := filepath.Join(t.TempDir(), "foreign")
		os.Mkdir(foreign, 0o700)
		if err := os.Chown(foreign, 65534, 65534); err == nil {
			cases = append(cases, tc{foreign, ForeignOwner})
		}
	}
	for _, c := range cases {
		goCmd := &countingGo{}
		_, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: c.dir, Go: goCmd.run})
		if !isRefusal(err, c.want, c.dir) {
			t.Errorf("cache %s: %v, want %v", c.dir, err, c.want)
		}
		if goCmd.n.Load() != 0 {
			t.Errorf("cache %s: go build ran", c.dir)
		}
	}
}
