package editor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

func setup(t *testing.T) (home, root string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home = filepath.Join(base, "home")
	root = filepath.Join(home, "proj")
	for p, c := range map[string]string{
		"proj/main.go":      "package main\n\nconst version = \"1.0\"\n",
		"proj/twice.txt":    "x = 1\nx = 1\n",
		"proj/bin.dat":      "a\xffb",
		".ssh/config":       "Host *\n",
		"elsewhere/out.txt": "version 1.0\n",
	} {
		full := filepath.Join(home, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "main.go"), filepath.Join(root, "alias.go")); err != nil {
		t.Fatal(err)
	}
	return home, root
}

func TestReplace(t *testing.T) {
	home, root := setup(t)
	e := &Editor{Roots: []string{root}, Floor: pathfloor.New(home)}
	main := filepath.Join(root, "main.go")
	if err := e.Replace(main, `"1.0"`, `"1.1"`); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(main)
	if string(data) != "package main\n\nconst version = \"1.1\"\n" {
		t.Fatalf("file = %q", data)
	}
	if st, _ := os.Stat(main); st.Mode().Perm() != 0o640 {
		t.Errorf("permissions %v, want 0640", st.Mode().Perm())
	}
	for _, tc := range []struct {
		path, old, new string
		want           Kind
		cause          error // a cause the chain must hold, if any
	}{
		{main, `"9.9"`, "x", NotFound, nil},
		{filepath.Join(root, "twice.txt"), "x = 1", "x = 2", Ambiguous, nil},
		{filepath.Join(root, "bin.dat"), "a", "b", NotText, nil},
		{filepath.Join(root, "alias.go"), "package", "pkg", Symlink, nil},
		{filepath.Join(home, "elsewhere", "out.txt"), "1.0", "2.0", Floor, nil},
		{root + "/../elsewhere/out.txt", "1.0", "2.0", DotDot, nil},
		{filepath.Join(root, "missing.go"), "a", "b", IO, fs.ErrNotExist},
		{main, "", "x", BadReplacement, nil},
		{main, "main", "main", BadReplacement, nil},
	} {
		before, _ := os.ReadFile(strings.ReplaceAll(tc.path, "/proj/../", "/"))
		err := e.Replace(tc.path, tc.old, tc.new)
		if KindOf(err) != tc.want || tc.cause != nil && !errors.Is(err, tc.cause) {
			t.Errorf("replace in %s: err = %v, want a %v error (cause %v)", tc.path, err, tc.want, tc.cause)
		}
		var refusal *pathfloor.Refusal
		if isFloor := errors.As(err, &refusal); isFloor != (tc.want == Floor) || isFloor && refusal.Path != tc.path {
			t.Errorf("replace in %s: the path floor's refusal %+v, want one for the path only when the kind is %v", tc.path, refusal, Floor)
		}
		after, _ := os.ReadFile(strings.ReplaceAll(tc.path, "/proj/../", "/"))
		if string(before) != string(after) {
			t.Errorf("a refused edit changed %s", tc.path)
		}
	}
	entries, _ := os.ReadDir(root)
	for _, en := range entries {
		if strings.Contains(en.Name(), "clauz3-edit") {
			t.Errorf("temporary file left: %s", en.Name())
		}
	}
}

func TestFloorInsideRoot(t *testing.T) {
	home, _ := setup(t)
	e := &Editor{Roots: []string{home}, Floor: pathfloor.New(home)}
	if err := e.Replace(filepath.Join(home, ".ssh", "config"), "Host *", "Host evil"); !floorRefused(err, filepath.Join(home, ".ssh", "config")) {
		t.Fatalf("edit of ~/.ssh/config: err = %v", err)
	}
}

// floorRefused: err is the editor's Floor error, holding the path
// floor's refusal of path.
func floorRefused(err error, path string) bool {
	var refusal *pathfloor.Refusal
	return KindOf(err) == Floor && errors.As(err, &refusal) && refusal.Path == path
}

func TestFromEnv(t *testing.T) {
	home, root := setup(t)
	t.Setenv("HOME", home)
	t.Setenv("CLAUZ3_FS_ROOTS", root)
	if err := ReplaceInFile(filepath.Join(root, "main.go"), "package main", "package app"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUZ3_FS_ROOTS", "")
	if err := ReplaceInFile(filepath.Join(root, "main.go"), "app", "main"); KindOf(err) != NotConfigured {
		t.Fatalf("unset: err = %v", err)
	}
}

// TestReplaceRefusedBySandbox: an edit of a file the sandbox does not
// grant fails with an error that keeps the kernel's errno, so the run
// reports the sandbox's refusal. The layer's own roots name the folder;
// only the policy, derived from other roots, leaves it out.
func TestReplaceRefusedBySandbox(t *testing.T) {
	sandboxtest.Refused(t, "editor", []string{"replace_in_file"}, func() (map[string]string, string) {
		home, root := setup(t)
		return map[string]string{"HOME": home, "CLAUZ3_FS_ROOTS": root}, filepath.Join(home, "elsewhere", "out.txt")
	}, func(env map[string]string) error {
		elsewhere := filepath.Join(env["HOME"], "elsewhere")
		os.Setenv("CLAUZ3_FS_ROOTS", env["CLAUZ3_FS_ROOTS"]+string(filepath.ListSeparator)+elsewhere)
		return ReplaceInFile(filepath.Join(elsewhere, "out.txt"), "1.0", "1.1")
	})
}
