package layers_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/layers"
)

// TestBundledLayersBuildSealed installs every bundled layer into a fresh
// project and builds its first passing case as a real sealed binary: the
// Go implementation binds to every effect the case uses, and its import
// closure (securitymod's runtime half, vetted modules) builds offline.
func TestBundledLayersBuildSealed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	cache := t.TempDir()
	for _, info := range layers.Bundled() {
		t.Run(info.Name, func(t *testing.T) {
			dir := t.TempDir()
			src, err := layers.Resolve(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := layers.Install(src, dir, false); err != nil {
				t.Fatal(err)
			}
			cases, err := fs.Glob(src.Files, "cases/*_pass.py")
			if err != nil || len(cases) == 0 {
				t.Fatalf("no passing case to build: %v", err)
			}
			sort.Strings(cases)
			plan, err := fs.ReadFile(src.Files, cases[0])
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimPrefix(cases[0], "cases/")
			prog, err := compiler.Compile(filepath.Join(dir, name), plan, compiler.Config{ImportRoots: []string{dir}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := gen.Build(context.Background(), prog, plan, gen.BuildOptions{Mode: gen.Real, CacheDir: cache})
			if err != nil {
				t.Fatalf("sealed build of %s: %v", name, err)
			}
			if st, err := os.Stat(res.Binary); err != nil || st.Size() == 0 {
				t.Fatalf("no binary: %v", err)
			}
		})
	}
}
