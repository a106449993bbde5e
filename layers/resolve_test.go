package layers

import (
	"os"
	"path/filepath"
	"testing"
)

// TestResolveBareNameIsBundled: a bare name is always the bundled layer,
// even when the current folder holds a folder of that name (the agent
// writes the project, and `sudo clauz3 layers install email` run there
// must not install the agent's code); a folder is named with a path.
func TestResolveBareNameIsBundled(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "email")
	if err := os.MkdirAll(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fake, "effects.py"), []byte("# the agent's layer\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, name := range []string{"email", "stdlib:email"} {
		src, err := Resolve(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if src.Origin != "bundled layer email" {
			t.Errorf("%s resolved to %s, want the bundled layer", name, src.Origin)
		}
	}
	src, err := Resolve("./email")
	if err != nil || src.Origin == "bundled layer email" {
		t.Errorf("./email: %v, %+v: want the folder", err, src)
	}
}
