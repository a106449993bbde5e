package secrets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// The value every test stores; no error message may contain it.
const secretValue = "hunter2-Zq81-DO-NOT-PRINT"

// useKeyring replaces the keyring for one test (go-keyring's own mock, or
// functions of the test's choosing) and restores the package's defaults.
func useKeyring(t *testing.T, mockErr error) {
	t.Helper()
	saved := kr
	if mockErr != nil {
		keyring.MockInitWithError(mockErr)
	} else {
		keyring.MockInit()
	}
	kr.set, kr.get, kr.del = keyring.Set, keyring.Get, keyring.Delete
	t.Cleanup(func() { kr = saved })
}

// noValue reads an error's words on purpose: what is under test is that
// no message, in any format, carries the secret value.
func noValue(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("expected an error")
	}
	if strings.Contains(err.Error(), secretValue) || strings.Contains(fmt.Sprintf("%+v %#v", err, err), secretValue) {
		t.Fatalf("error message contains the secret value: %v", err)
	}
}

func TestOpenKeyring(t *testing.T) {
	useKeyring(t, nil)
	dir := filepath.Join(t.TempDir(), "fallback")
	s, b, err := Open("clauz3", dir)
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind != "keyring" || b.String() != `secrets: using the OS keyring (service "clauz3")` {
		t.Fatalf("backend = %+v (%s)", b, b)
	}
	if err := s.Set("smtp_password", secretValue); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Get("smtp_password"); err != nil || v != secretValue {
		t.Fatalf("Get = %q, %v", v, err)
	}
	_, err = s.Get("missing")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get(missing) = %v, want ErrNotFound", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Op != "get" || e.Name != "missing" {
		t.Fatalf("Get(missing) error = %#v", err)
	}
	if _, err := keyring.Get("clauz3", probeName); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the probe entry was left behind: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the keyring backend touched the fallback directory: %v", err)
	}
}

func TestOpenFallback(t *testing.T) {
	useKeyring(t, errors.New("dbus: no session bus"))
	dir := filepath.Join(t.TempDir(), "share", "clauz3")
	s, b, err := Open("clauz3", dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "secrets: OS keyring unavailable (set: dbus: no session bus), using encrypted file " + filepath.Join(dir, "secrets")
	if b.Kind != "file" || b.String() != want {
		t.Fatalf("backend = %q, want %q", b, want)
	}
	if err := s.Set("smtp_password", secretValue); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("api_key", "k-123"); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Get("smtp_password"); err != nil || v != secretValue {
		t.Fatalf("Get = %q, %v", v, err)
	}
	if _, err := s.Get("nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get(nope) = %v", err)
	}
	for _, f := range []string{"secrets", "secrets.key"} {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %o, want 600", f, fi.Mode().Perm())
		}
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %o, want 700", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(filepath.Join(dir, "secrets"))
	if bytes.Contains(data, []byte(secretValue)) || bytes.Contains(data, []byte("smtp_password")) {
		t.Fatal("the secrets file holds the plaintext")
	}

	// A second Open (another process, later) reads what the first wrote.
	s2, _, err := Open("clauz3", dir)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s2.Get("smtp_password"); err != nil || v != secretValue {
		t.Fatalf("reopened Get = %q, %v", v, err)
	}
	// The app name is bound: another app's key cannot read this file.
	if _, _, err := Open("other-app", dir); err == nil {
		t.Fatal("another app name opened the file")
	}
}

func TestProbeFailures(t *testing.T) {
	defer func(saved time.Duration) { probeTimeout = saved }(probeTimeout)
	probeTimeout = 50 * time.Millisecond
	block := make(chan struct{})
	defer close(block)
	cases := map[string]struct {
		set func(string, string, string) error
		get func(string, string) (string, error)
		why Fallback
	}{
		"set fails": {
			set: func(string, string, string) error { return errors.New("locked") },
			why: ProbeSetFailed,
		},
		"get differs": {
			set: func(string, string, string) error { return nil },
			get: func(string, string) (string, error) { return "other", nil },
			why: ProbeDiffers,
		},
		"get fails": {
			set: func(string, string, string) error { return nil },
			get: func(_, _ string) (string, error) { return "", errors.New("bad item") },
			why: ProbeGetFailed,
		},
		"hangs": {
			set: func(string, string, string) error { <-block; return nil },
			get: func(string, string) (string, error) { return "", errors.New("released") },
			why: ProbeTimeout,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			saved := kr
			defer func() { kr = saved }()
			kr.set, kr.get = c.set, c.get
			kr.del = func(string, string) error { return nil }
			_, b, err := Open("clauz3", t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if b.Kind != "file" || b.Fallback != c.why || b.Reason == "" {
				t.Fatalf("backend = %+v, want file because of %v", b, c.why)
			}
		})
	}
}

func TestOpenRefusals(t *testing.T) {
	useKeyring(t, errors.New("no keyring"))
	base := t.TempDir()
	wide := filepath.Join(base, "wide")
	if err := os.Mkdir(wide, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(wide, 0o777); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(base, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		app, dir string
		kind     FileKind // 0: the app name is refused (ErrInvalid)
	}{
		"empty dir":        {"clauz3", "", DirNotAbsolute},
		"relative dir":     {"clauz3", "share/clauz3", DirNotAbsolute},
		"world-writable":   {"clauz3", wide, DirTooOpen},
		"symlinked dir":    {"clauz3", link, DirSymlink},
		"dir is a file":    {"clauz3", file, DirUnusable}, // MkdirAll fails before the check
		"bad app name":     {"../x", base, 0},
		"empty app name":   {"", base, 0},
		"app name with sp": {"clau z3", base, 0},
	} {
		t.Run(name, func(t *testing.T) {
			s, b, err := Open(c.app, c.dir)
			var e *Error
			if !errors.As(err, &e) || s != nil || b.Kind != "" {
				t.Fatalf("Open(%q, %q) = %v, %+v, %v; want a refusal", c.app, c.dir, s, b, err)
			}
			var fe *FileError
			switch {
			case c.kind == 0 && (!errors.Is(err, ErrInvalid) || e.Op != "open" || e.Name != c.app || errors.As(err, &fe)):
				t.Fatalf("Open(%q, %q) = %v; want the app name refused as invalid", c.app, c.dir, err)
			case c.kind != 0 && (!errors.As(err, &fe) || fe.Kind != c.kind || fe.Path != c.dir || errors.Is(err, ErrInvalid)):
				t.Fatalf("Open(%q, %q) = %v; want a %v FileError for the directory", c.app, c.dir, err, c.kind)
			}
		})
	}
}

// newFileStore opens a fallback store in a fresh directory.
func newFileStore(t *testing.T) (Store, string) {
	t.Helper()
	useKeyring(t, errors.New("no keyring"))
	dir := filepath.Join(t.TempDir(), "s")
	s, _, err := Open("clauz3", dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Set("smtp_password", secretValue); err != nil {
		t.Fatal(err)
	}
	return s, dir
}

func TestFileRefusesTampering(t *testing.T) {
	cases := map[string]struct {
		mutate func(t *testing.T, dir string)
		kind   FileKind
		file   string // the file at fault, under dir; "" for dir itself
	}{
		"secrets file 0644":       {func(t *testing.T, dir string) { chmod(t, dir+"/secrets", 0o644) }, FileTooOpen, "secrets"},
		"secrets file 0640":       {func(t *testing.T, dir string) { chmod(t, dir+"/secrets", 0o640) }, FileTooOpen, "secrets"},
		"key file 0604":           {func(t *testing.T, dir string) { chmod(t, dir+"/secrets.key", 0o604) }, FileTooOpen, "secrets.key"},
		"dir made group-writable": {func(t *testing.T, dir string) { chmod(t, dir, 0o770) }, DirTooOpen, ""},
		"secrets file is a symlink": {func(t *testing.T, dir string) {
			must(t, os.Rename(dir+"/secrets", dir+"/real"))
			must(t, os.Symlink(dir+"/real", dir+"/secrets"))
		}, OpenRefused, "secrets"},
		"key file missing": {func(t *testing.T, dir string) { must(t, os.Remove(dir+"/secrets.key")) }, KeyMissing, "secrets.key"},
		"key file replaced": {func(t *testing.T, dir string) {
			must(t, os.WriteFile(dir+"/secrets.key", bytes.Repeat([]byte{7}, 32), 0o600))
		}, DecryptFailed, "secrets"},
		"key file truncated": {func(t *testing.T, dir string) {
			must(t, os.WriteFile(dir+"/secrets.key", []byte("short"), 0o600))
		}, KeyBadLength, "secrets.key"},
		"ciphertext flipped": {func(t *testing.T, dir string) {
			// Flip a bit of the ciphertext itself, not of its base64 text
			// (which may or may not stay base64): only the AEAD can tell.
			b, err := os.ReadFile(dir + "/secrets")
			must(t, err)
			var env envelope
			must(t, json.Unmarshal(b, &env))
			env.Ciphertext[len(env.Ciphertext)-5] ^= 1
			b, err = json.Marshal(env)
			must(t, err)
			must(t, os.WriteFile(dir+"/secrets", b, 0o600))
		}, DecryptFailed, "secrets"},
		"not JSON": {func(t *testing.T, dir string) { must(t, os.WriteFile(dir+"/secrets", []byte("x"), 0o600)) }, NotVersion1, "secrets"},
		"secrets is a directory": {func(t *testing.T, dir string) {
			must(t, os.Remove(dir+"/secrets"))
			must(t, os.Mkdir(dir+"/secrets", 0o700))
		}, NotRegular, "secrets"},
	}
	if os.Getuid() == 0 {
		cases["secrets file owned by another user"] = struct {
			mutate func(t *testing.T, dir string)
			kind   FileKind
			file   string
		}{func(t *testing.T, dir string) { must(t, os.Chown(dir+"/secrets", 65534, 65534)) }, FileNotOwned, "secrets"}
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			s, dir := newFileStore(t)
			c.mutate(t, dir)
			_, err := s.Get("smtp_password")
			var e *Error
			var fe *FileError
			want := dir
			if c.file != "" {
				want = filepath.Join(dir, c.file)
			}
			if !errors.As(err, &e) || !errors.As(err, &fe) || fe.Kind != c.kind || fe.Path != want {
				t.Fatalf("Get after %s = %v; want a %v FileError for %s", name, err, c.kind, want)
			}
			noValue(t, err)
			err = s.Set("smtp_password", secretValue)
			if !errors.As(err, &e) {
				t.Fatalf("Set after %s = %v; want a refusal", name, err)
			}
			noValue(t, err)
		})
	}
}

// A secrets file whose key is gone is never re-keyed by a Set: the old
// secrets would be lost silently.
func TestMissingKeyIsNotRecreated(t *testing.T) {
	s, dir := newFileStore(t)
	must(t, os.Remove(dir+"/secrets.key"))
	if err := s.Set("other", "value-1234"); err == nil {
		t.Fatal("Set re-keyed the store")
	}
	if _, err := os.Stat(dir + "/secrets.key"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a key file was created: %v", err)
	}
}

func TestNamesAndValues(t *testing.T) {
	for _, open := range []string{"keyring", "file"} {
		t.Run(open, func(t *testing.T) {
			var s Store
			if open == "keyring" {
				useKeyring(t, nil)
				var err error
				if s, _, err = Open("clauz3", t.TempDir()); err != nil {
					t.Fatal(err)
				}
			} else {
				s, _ = newFileStore(t)
			}
			for _, name := range []string{"", ".hidden", "../etc", "a b", "a/b", "ä", strings.Repeat("a", 129), "-x"} {
				if _, err := s.Get(name); !errors.Is(err, ErrInvalid) {
					t.Errorf("Get(%q) = %v, want ErrInvalid", name, err)
				}
				err := s.Set(name, secretValue)
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("Set(%q) = %v, want ErrInvalid", name, err)
				}
				noValue(t, err)
			}
			for _, v := range []string{"", secretValue + strings.Repeat("x", MaxValueLen)} {
				err := s.Set("ok.name-1", v)
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("Set(len %d) = %v, want ErrInvalid", len(v), err)
				}
				noValue(t, err)
			}
			if err := s.Set(strings.Repeat("a", 128), "v-1"); err != nil {
				t.Errorf("Set of a 128-character name: %v", err)
			}
		})
	}
}

// A backend error that quotes the value is replaced before it reaches the
// caller.
func TestBackendErrorWithheld(t *testing.T) {
	useKeyring(t, nil)
	s, _, err := Open("clauz3", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	kr.set = func(_, _, v string) error { return fmt.Errorf("cannot store %q", v) }
	err = s.Set("smtp_password", secretValue)
	if !errors.Is(err, ErrWithheld) {
		t.Fatalf("Set = %v, want ErrWithheld", err)
	}
	noValue(t, err)
	// The control: an error without the value is kept, and is found.
	dbus := errors.New("dbus timeout")
	kr.set = func(_, _, _ string) error { return dbus }
	if err := s.Set("smtp_password", secretValue); !errors.Is(err, dbus) || errors.Is(err, ErrWithheld) {
		t.Fatalf("Set = %v", err)
	}
}

func TestScoped(t *testing.T) {
	useKeyring(t, nil)
	s, _, err := Open("clauz3", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must(t, s.Set("smtp_password", secretValue))
	must(t, s.Set("signing_key", "sk-value-9"))

	layer := Scoped(s, []string{"smtp_password", "smtp_user"})
	if v, err := layer.Get("smtp_password"); err != nil || v != secretValue {
		t.Fatalf("allowed Get = %q, %v", v, err)
	}
	if _, err := layer.Get("smtp_user"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("allowed but absent = %v, want ErrNotFound", err)
	}
	_, err = layer.Get("signing_key")
	var e *Error
	if !errors.Is(err, ErrNotAllowed) || !errors.As(err, &e) || e.Name != "signing_key" {
		t.Fatalf("Get of an unlisted name = %v, want ErrNotAllowed", err)
	}
	err = layer.Set("signing_key", secretValue)
	if !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("Set of an unlisted name = %v", err)
	}
	noValue(t, err)
	if v, _ := s.Get("signing_key"); v != "sk-value-9" {
		t.Fatalf("the refused Set changed the store: %q", v)
	}
	if _, err := Scoped(s, nil).Get("smtp_password"); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("empty allow list = %v", err)
	}
	if _, err := Scoped(nil, []string{"x"}).Get("x"); err == nil {
		t.Fatal("Scoped(nil) returned a value")
	}
}

func chmod(t *testing.T, p string, m os.FileMode) { t.Helper(); must(t, os.Chmod(p, m)) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
