package editor

import (
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
	for _, tc := range []struct{ path, old, new, want string }{
		{main, `"9.9"`, "x", "does not occur"},
		{filepath.Join(root, "twice.txt"), "x = 1", "x = 2", "occurs 2 times"},
		{filepath.Join(root, "bin.dat"), "a", "b", "not a UTF-8 text file"},
		{filepath.Join(root, "alias.go"), "package", "pkg", "a symlink on the way"},
		{filepath.Join(home, "elsewhere", "out.txt"), "1.0", "2.0", "outside every root"},
		{root + "/../elsewhere/out.txt", "1.0", "2.0", "contains .."},
		{filepath.Join(root, "missing.go"), "a", "b", "replace_in_file"},
		{main, "", "x", "non-empty"},
		{main, "main", "main", "differ"},
	} {
		before, _ := os.ReadFile(strings.ReplaceAll(tc.path, "/proj/../", "/"))
		if err := e.Replace(tc.path, tc.old, tc.new); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("replace in %s: err = %v, want %q", tc.path, err, tc.want)
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
	if err := e.Replace(filepath.Join(home, ".ssh", "config"), "Host *", "Host evil"); err == nil || !strings.Contains(err.Error(), "denied location") {
		t.Fatalf("edit of ~/.ssh/config: err = %v", err)
	}
}

func TestFromEnv(t *testing.T) {
	home, root := setup(t)
	t.Setenv("HOME", home)
	t.Setenv("CLAUZ3_FS_ROOTS", root)
	if err := ReplaceInFile(filepath.Join(root, "main.go"), "package main", "package app"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUZ3_FS_ROOTS", "")
	if err := ReplaceInFile(filepath.Join(root, "main.go"), "app", "main"); err == nil || !strings.Contains(err.Error(), "CLAUZ3_FS_ROOTS") {
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
