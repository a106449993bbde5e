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
