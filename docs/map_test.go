package docs

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// repoRoot is the module root, one level above this package.
const repoRoot = ".."

// goPackageDirs returns the top-level folders of the module that hold Go
// source (outside testdata), so the maps below can be checked against the
// tree itself rather than against a list someone must remember to update.
func goPackageDirs(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && (name == "testdata" || (strings.HasPrefix(name, ".") && path != repoRoot)) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(repoRoot, path)
		if err != nil {
			return err
		}
		if top, _, ok := strings.Cut(filepath.ToSlash(rel), "/"); ok {
			seen[top] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

// readmeMap returns the first path segment of every entry in the README's
// "Folder map" block.
func readmeMap(t *testing.T) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entry := regexp.MustCompile(`^([a-z_]+)/`)
	entries := map[string]bool{}
	inMap, inBlock := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			inMap = line == "## Folder map"
		case inMap && strings.HasPrefix(line, "```"):
			if inBlock {
				return entries
			}
			inBlock = true
		case inMap && inBlock:
			if m := entry.FindStringSubmatch(line); m != nil {
				entries[m[1]] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Fatal("README.md has no fenced block under \"## Folder map\"")
	return nil
}

// TestFolderMaps keeps README.md's folder map and docs/design.md's package
// table in step with the folders that hold Go code.
func TestFolderMaps(t *testing.T) {
	dirs := goPackageDirs(t)
	readme := readmeMap(t)
	design, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !readme[d] {
			t.Errorf("README.md folder map has no entry for %s/", d)
		}
		if !strings.Contains(string(design), "| `"+d) {
			t.Errorf("docs/design.md section 2 has no row for %s", d)
		}
	}
	for d := range readme {
		if st, err := os.Stat(filepath.Join(repoRoot, d)); err != nil || !st.IsDir() {
			t.Errorf("README.md folder map lists %s/, which is not a folder of the repository", d)
		}
	}
}

// TestNoOutsideDesignReferences: the repository explains itself; nothing in
// it may send a reader to the design file that lives outside the module.
func TestNoOutsideDesignReferences(t *testing.T) {
	outside := []string{"DESIGN" + ".md", "../shared" + "/", "shared/" + "seeds"}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, o := range outside {
			if strings.Contains(string(data), o) {
				t.Errorf("%s refers to %s, which is not in the repository", path, o)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDesignTableNamesRealPackages is the other direction of
// TestFolderMaps for docs/design.md: every package the table in section 2
// names (`ir/interp`, `compiler/...`, `runtime` ...) is a folder of the
// module holding Go code (for `X/...`, X or a folder below it does), so a
// package that is removed or renamed cannot stay in the table.
func TestDesignTableNamesRealPackages(t *testing.T) {
	design, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(design), "\n## 2. ")
	if !ok {
		t.Fatal("docs/design.md has no section 2")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	name := regexp.MustCompile("`([a-z0-9_/.]+)`")
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		rows++
		cell, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
		// "(package planrt)" names the Go package, not a folder.
		cell, _, _ = strings.Cut(cell, "(")
		for _, m := range name.FindAllStringSubmatch(cell, -1) {
			pkg, tree := strings.CutSuffix(m[1], "/...")
			if !hasGo(t, filepath.Join(repoRoot, filepath.FromSlash(pkg)), tree) {
				t.Errorf("docs/design.md section 2 names %s, which is no folder of Go code in the module", m[1])
			}
		}
	}
	if rows < 10 {
		t.Fatalf("read %d rows of the package table in docs/design.md section 2: the test reads nothing", rows)
	}
}

// hasGo reports whether dir holds a .go file, directly or, with tree,
// in a folder below it.
func hasGo(t *testing.T, dir string, tree bool) bool {
	t.Helper()
	found := false
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && (!tree || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".go") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return found
}
