package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/layers"
)

// TestSeed proves every example of the seed's slides, verbatim, with the
// verdict the slides give it (seed/). Each folder is a project: its plans
// are proved with the folder as import root, or, when it has a LAYERS
// file naming bundled layers, with a fresh root where exactly those are
// installed (clauz3 install), as a user following the slides would.
func TestSeed(t *testing.T) {
	dirs, err := os.ReadDir("seed")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join("seed", d.Name())
		plans, _ := filepath.Glob(filepath.Join(dir, "*.py"))
		if len(plans) == 0 {
			t.Errorf("%s has no plans", dir)
			continue
		}
		root := dir
		if data, err := os.ReadFile(filepath.Join(dir, "LAYERS")); err == nil {
			root = t.TempDir()
			for _, name := range strings.Fields(string(data)) {
				src, err := layers.Resolve(name)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := layers.Install(src, root, false); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, path := range plans {
			n++
			t.Run(d.Name()+"/"+strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
				t.Parallel() // see TestPlans
				checkCase(t, path, root)
			})
		}
	}
	if n == 0 {
		t.Fatal("no seed plans")
	}
}
