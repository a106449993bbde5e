package corpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigration proves the projects of migration/, each laid out exactly
// as a project of the original Python ClauZ3: no __init__.py anywhere
// (PEP 420 namespace packages), Python bodies in trusted effects, the
// original's decorator spellings, contract parameters of type type and
// dict[str, object], fluents read through .value. Each plan at the top of
// a project folder carries the header of TestCases and is proved with the
// project folder as its only import root.
func TestMigration(t *testing.T) {
	projects, err := os.ReadDir("migration")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range projects {
		if !p.IsDir() {
			continue
		}
		root := filepath.Join("migration", p.Name())
		// The suite is about projects without __init__.py: one creeping in
		// would stop testing what it claims to.
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.Name() == "__init__.py" {
				t.Errorf("%s: the migration projects have no __init__.py, as the original's", path)
			}
			return nil
		})
		plans, _ := filepath.Glob(filepath.Join(root, "*.py"))
		for _, path := range plans {
			n++
			name := p.Name() + "/" + strings.TrimSuffix(filepath.Base(path), ".py")
			t.Run(name, func(t *testing.T) {
				t.Parallel() // see TestPlans
				checkCase(t, path, root)
			})
		}
	}
	if n == 0 {
		t.Fatal("no migration plans")
	}
}
