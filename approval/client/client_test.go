package client

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/securitymod/receipt"
)

func testConfig(mode string) Config {
	pub := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	c := Config{Mode: mode, URL: "http://127.0.0.1:8765", PublicKey: receipt.EncodePublicKey(pub), KeyID: receipt.KeyID(pub)}
	if mode == ModeReal {
		uid := 999
		c.Socket, c.ServiceUID = "/run/clauz3/approval.sock", &uid
	}
	return c
}

func write(t *testing.T, path string, v any, mode os.FileMode) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestFind: only a well-kept configuration names the service; every
// other shape is refused with the reason, never silently skipped.
func TestFind(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, p Paths)
		want  Kind // 0: found
		mode  string
	}{
		{"nothing set up", func(*testing.T, Paths) {}, NotSetUp, ""},
		{"dev", func(t *testing.T, p Paths) { write(t, UserPath(p.UserHome), testConfig(ModeDev), 0o600) }, 0, ModeDev},
		{"real wins over dev", func(t *testing.T, p Paths) {
			write(t, UserPath(p.UserHome), testConfig(ModeDev), 0o600)
			write(t, p.System, testConfig(ModeReal), 0o644)
		}, 0, ModeReal},
		{"system file writable by others", func(t *testing.T, p Paths) { write(t, p.System, testConfig(ModeReal), 0o666) }, Writable, ""},
		{"system folder writable by others", func(t *testing.T, p Paths) {
			write(t, p.System, testConfig(ModeReal), 0o644)
			os.Chmod(filepath.Dir(p.System), 0o777)
		}, Writable, ""},
		{"system file names dev", func(t *testing.T, p Paths) { write(t, p.System, testConfig(ModeDev), 0o644) }, WrongMode, ""},
		{"user file names real", func(t *testing.T, p Paths) { write(t, UserPath(p.UserHome), testConfig(ModeReal), 0o600) }, WrongMode, ""},
		{"symlink", func(t *testing.T, p Paths) {
			other := filepath.Join(filepath.Dir(p.System), "other.json")
			write(t, other, testConfig(ModeReal), 0o644)
			os.Symlink(other, p.System)
		}, Symlink, ""},
		{"unknown field", func(t *testing.T, p Paths) {
			write(t, p.System, map[string]any{"mode": "real", "url": "http://127.0.0.1:1", "service": "http://evil"}, 0o644)
		}, Malformed, ""},
		{"not loopback", func(t *testing.T, p Paths) {
			c := testConfig(ModeDev)
			c.URL = "http://10.0.0.1:8765"
			write(t, UserPath(p.UserHome), c, 0o600)
		}, BadURL, ""},
		{"key id does not match", func(t *testing.T, p Paths) {
			c := testConfig(ModeDev)
			c.KeyID = "0000000000000000"
			write(t, UserPath(p.UserHome), c, 0o600)
		}, KeyIDMismatch, ""},
		{"real without uid", func(t *testing.T, p Paths) {
			c := testConfig(ModeReal)
			c.ServiceUID = nil
			write(t, p.System, c, 0o644)
		}, NoServiceUID, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := Paths{System: filepath.Join(dir, "etc", "client.json"), UserHome: filepath.Join(dir, "home")}
			os.MkdirAll(filepath.Dir(p.System), 0o755)
			c.setup(t, p)
			f, err := Find(p)
			var e *Error
			switch {
			case c.want == 0 && err != nil:
				t.Fatalf("Find: %v", err)
			case c.want == 0 && f.Mode != c.mode:
				t.Fatalf("Find = %+v, want mode %s", f, c.mode)
			case c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want):
				t.Fatalf("Find = %+v, %v; want a %v refusal", f, err, c.want)
			}
		})
	}
}

// TestFindChecksOwner: a system file not owned by root is refused (the
// test runs as root in CI and can hand the file to another uid).
func TestFindChecksOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("chown needs root (CI runs as root)")
	}
	dir := t.TempDir()
	p := Paths{System: filepath.Join(dir, "etc", "client.json"), UserHome: filepath.Join(dir, "home")}
	write(t, p.System, testConfig(ModeReal), 0o644)
	if err := os.Chown(p.System, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := Find(p); !errors.As(err, &e) || e.Kind != NotOwned || e.Path != p.System {
		t.Fatalf("Find = %v, want a refusal of a file root does not own", err)
	}
}

// TestDialServiceChecksPeer: a socket served by any uid but the service
// account's is refused (a squatter on the socket path).
func TestDialServiceChecksPeer(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	me := os.Geteuid()
	if c, err := DialService(context.Background(), sock, me); err != nil {
		t.Fatalf("dialing our own socket: %v", err)
	} else {
		c.Close()
	}
	var e *Error
	if _, err := DialService(context.Background(), sock, me+4242); !errors.As(err, &e) || e.Kind != WrongPeer || e.Path != sock {
		t.Fatalf("a socket served by uid %d was accepted as uid %d's: %v", me, me+4242, err)
	}
}

// TestLeftovers: the removed ways of naming a service are refused.
func TestLeftovers(t *testing.T) {
	dir := t.TempDir()
	none := func(string) string { return "" }
	if err := Leftovers(none, dir); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if err := Leftovers(func(k string) string { return map[string]string{LeftoverEnv: "http://x"}[k] }, dir); !errors.As(err, &e) || e.Kind != LeftoverEnvSet {
		t.Fatalf("env: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, ".clauz3"), 0o755)
	os.WriteFile(filepath.Join(dir, LeftoverFile), []byte("{}"), 0o644)
	if err := Leftovers(none, t.TempDir(), dir); !errors.As(err, &e) || e.Kind != LeftoverFileExists || e.Path != filepath.Join(dir, LeftoverFile) {
		t.Fatalf("file: %v", err)
	}
}
