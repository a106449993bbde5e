package websearch_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/layers"
)

// TestSealedBuild installs the layer as `clauz3 install` does and builds a
// case plan sealed: gen binds every effect the plan uses to this package's
// Go functions (signatures and row structs) and accepts its imports.
func TestSealedBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	dir := t.TempDir()
	src, err := layers.Resolve("web_search")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := layers.Install(src, dir, false); err != nil {
		t.Fatal(err)
	}
	plan, err := os.ReadFile(filepath.Join("cases", "fixed_query_pass.py"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile("fixed_query_pass.py", plan, compiler.Config{ImportRoots: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Build(context.Background(), prog, plan, gen.BuildOptions{Mode: gen.Real, CacheDir: filepath.Join(dir, "cache")})
	if err != nil {
		t.Fatalf("sealed build: %v", err)
	}
	if st, err := os.Stat(res.Binary); err != nil || st.Size() == 0 {
		t.Fatalf("no binary: %v", err)
	}
}
