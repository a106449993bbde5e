package grep

import (
	"errors"
	"os"
	"path/filepath"
	"regexp/syntax"
	"strings"
	"syscall"
	"testing"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

func tree(t *testing.T) (home, root string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home = filepath.Join(base, "home")
	root = home
	files := map[string]string{
		".ssh/id_ed25519":  "TODO PRIVATE KEY\n",
		"src/a.go":         "package a\n// TODO: fix\nfunc A() {}\n",
		"src/sub/b.go":     "package sub\n// todo lower\n// TODO: more\n",
		"src/bin.dat":      "TODO\xff\xfe",
		"outside/c.txt":    "TODO outside\n",
		"src/notes/readme": "nothing here\n",
	}
	for p, c := range files {
		full := filepath.Join(home, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(home, "outside"), filepath.Join(home, "src", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, "src", "sub"), filepath.Join(home, "src", "alias")); err != nil {
		t.Fatal(err)
	}
	return home, root
}

func TestGrep(t *testing.T) {
	home, _ := tree(t)
	src := filepath.Join(home, "src")
	s := &Searcher{Roots: []string{src}, Floor: pathfloor.New(home)}
	got, err := s.Grep(src, "TODO")
	want := src + "/a.go:2:// TODO: fix\n" + src + "/sub/b.go:3:// TODO: more\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
	if got, err := s.Grep(src, "(?i)todo lower"); err != nil || !strings.Contains(got, "b.go:2:") {
		t.Fatalf("case-insensitive: %q, %v", got, err)
	}
	for _, tc := range []struct {
		dir, pattern string
		want         Kind
	}{
		{filepath.Join(home, "outside"), "TODO", Floor},
		{src + "/../outside", "TODO", DotDot},
		{filepath.Join(src, "link"), "TODO", Floor},
		{filepath.Join(src, "alias"), "TODO", Symlink},
		{src, "(", BadPattern},
		{src, "", BadPattern},
	} {
		_, err := s.Grep(tc.dir, tc.pattern)
		if KindOf(err) != tc.want {
			t.Errorf("grep %s %q: err = %v, want a %v refusal", tc.dir, tc.pattern, err, tc.want)
		}
		var refusal *pathfloor.Refusal
		if isFloor := errors.As(err, &refusal); isFloor != (tc.want == Floor) || isFloor && refusal.Path != tc.dir {
			t.Errorf("grep %s %q: the path floor's refusal %+v, want one for the folder only when the kind is %v", tc.dir, tc.pattern, refusal, Floor)
		}
		var syntaxErr *syntax.Error
		if isSyntax := errors.As(err, &syntaxErr); isSyntax != (tc.pattern == "(") {
			t.Errorf("grep %s %q: err = %v, want regexp's syntax error in the chain only for the bad pattern", tc.dir, tc.pattern, err)
		}
	}
}

// TestFloorInsideRoot makes the whole home a root: the walk skips ~/.ssh.
func TestFloorInsideRoot(t *testing.T) {
	home, _ := tree(t)
	s := &Searcher{Roots: []string{home}, Floor: pathfloor.New(home)}
	got, err := s.Grep(home, "PRIVATE|TODO")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, ".ssh") || strings.Contains(got, "PRIVATE") {
		t.Fatalf("the search read ~/.ssh:\n%s", got)
	}
	if !strings.Contains(got, "outside/c.txt:1:TODO outside") {
		t.Fatalf("missing a real match:\n%s", got)
	}
	if strings.Contains(got, "src/link") {
		t.Fatalf("the walk followed a symlink:\n%s", got)
	}
}

func TestResultBound(t *testing.T) {
	home, _ := tree(t)
	big := filepath.Join(home, "big")
	if err := os.MkdirAll(big, 0o755); err != nil {
		t.Fatal(err)
	}
	line := strings.Repeat("x", 999) + "\n"
	if err := os.WriteFile(filepath.Join(big, "f.txt"), []byte(strings.Repeat(line, 1100)), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Searcher{Roots: []string{big}, Floor: pathfloor.New(home)}
	_, err := s.Grep(big, "x")
	if KindOf(err) != TooLong {
		t.Fatalf("err = %v, want a %v refusal", err, TooLong)
	}
	// The words are under test here, not the kind: the walk's own
	// refusal is passed on as it is worded, not wrapped in the layer's
	// prefix a second time.
	if strings.Count(err.Error(), "grep layer:") != 1 {
		t.Fatalf("err = %v: the layer's prefix twice", err)
	}
}

func TestFromEnv(t *testing.T) {
	home, _ := tree(t)
	t.Setenv("HOME", home)
	t.Setenv("CLAUZ3_FS_ROOTS", filepath.Join(home, "src"))
	if got, err := Grep(filepath.Join(home, "src"), "func A"); err != nil || !strings.Contains(got, "a.go:3:func A() {}") {
		t.Fatalf("got %q, %v", got, err)
	}
	t.Setenv("CLAUZ3_FS_ROOTS", "")
	if _, err := Grep(filepath.Join(home, "src"), "x"); KindOf(err) != NotConfigured {
		t.Fatalf("unset: err = %v", err)
	}
}

// TestGrepRefusedBySandbox: a search of a folder the sandbox does not
// grant fails with an error that keeps the kernel's errno, so the run
// reports the sandbox's refusal. The layer's own roots name the folder;
// only the policy, derived from other roots, leaves it out.
func TestGrepRefusedBySandbox(t *testing.T) {
	sandboxtest.Refused(t, "grep", []string{"grep"}, func() (map[string]string, string) {
		home, _ := tree(t)
		return map[string]string{"HOME": home, "CLAUZ3_FS_ROOTS": filepath.Join(home, "src")}, filepath.Join(home, "outside", "c.txt")
	}, func(env map[string]string) error {
		outside := filepath.Join(env["HOME"], "outside")
		os.Setenv("CLAUZ3_FS_ROOTS", env["CLAUZ3_FS_ROOTS"]+string(filepath.ListSeparator)+outside)
		_, err := Grep(outside, "TODO")
		return err
	})
}

// TestUnreadableFileFailsTheSearch: a file of the walk that cannot be read
// fails the search with the operating system's error and the file's path,
// rather than leaving its matches out of a result that looks whole.
func TestUnreadableFileFailsTheSearch(t *testing.T) {
	home, _ := tree(t)
	src := filepath.Join(home, "src")
	unreadable := filepath.Join(src, "sub", "b.go")
	s := &Searcher{Roots: []string{src}, Floor: pathfloor.New(home), readFile: func(name string) ([]byte, error) {
		if name == unreadable {
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.ReadFile(name)
	}}
	got, err := s.Grep(src, "TODO")
	if KindOf(err) != IO || !errors.Is(err, syscall.EACCES) {
		t.Fatalf("got %q, %v; want an %v error with EACCES in the chain", got, err, IO)
	}
	var pathErr *os.PathError
	if !errors.As(err, &pathErr) || pathErr.Path != unreadable {
		t.Errorf("err = %v, want the unreadable file's path in the chain", err)
	}
	if got != "" {
		t.Errorf("result %q beside the error, want none", got)
	}
}
