package layers_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/layers"
	"github.com/clauz3/clauz3/layers/catalog"
)

func TestInstallBundled(t *testing.T) {
	for _, info := range layers.Bundled() {
		for _, name := range []string{info.Name, "stdlib:" + info.Name} {
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				src, err := layers.Resolve(name)
				if err != nil {
					t.Fatal(err)
				}
				got, err := layers.Install(src, dir, false)
				if err != nil {
					t.Fatal(err)
				}
				dest := filepath.Join(dir, "tools", info.Name, "trusted")
				if got.Dir != dest || got.Layer == nil || len(got.Layer.Effects) == 0 {
					t.Fatalf("installed %+v", got)
				}
				entries, err := os.ReadDir(dest)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
					if e.IsDir() || strings.HasSuffix(e.Name(), "_test.go") {
						t.Errorf("installed %s", e.Name())
					}
				}
				if !reflect.DeepEqual(names, got.Files) {
					t.Errorf("folder %v, reported %v", names, got.Files)
				}
				for _, want := range []string{"__init__.py", "effects.py", "contracts.py", "policy.py", "README.md", info.Name + ".go"} {
					if _, err := os.Stat(filepath.Join(dest, want)); err != nil {
						t.Errorf("missing %s", want)
					}
				}
			})
		}
	}
}

func TestInstallRefusals(t *testing.T) {
	dir := t.TempDir()
	src, err := layers.Resolve("email")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := layers.Install(src, dir, false); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(dir, "tools", "email", "trusted", "local_edit.py")
	if err := os.WriteFile(marker, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var e *layers.Error
	if _, err := layers.Install(src, dir, false); !errors.As(err, &e) || e.Kind != layers.Exists || e.Path != filepath.Join(dir, "tools", "email", "trusted") {
		t.Fatalf("second install: err = %v, want a %v refusal naming the existing layer", err, layers.Exists)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("a refused install touched the existing layer: %v", err)
	}
	got, err := layers.Install(src, dir, true)
	if err != nil || !got.Replace {
		t.Fatalf("forced install: %+v, %v", got, err)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Fatalf("--force kept a stale file: %v", err)
	}

	_, err = layers.Resolve("nosuch")
	if !errors.As(err, &e) || e.Kind != layers.NoSuchLayer || e.Name != "nosuch" {
		t.Errorf("unknown name: err = %v, want a %v refusal naming it", err, layers.NoSuchLayer)
	}
	// The words are under test here, not the kind: the refusal tells the
	// user which names there are.
	if want := "bundled: bank, db, editor, email, env, filesystem, grep, web_fetch, web_search"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("unknown name: %v, want the message to list %q", err, want)
	}
	if _, err := layers.Resolve("./missing/folder"); layers.KindOf(err) != layers.BadFolder || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing folder: err = %v, want a %v error holding fs.ErrNotExist", err, layers.BadFolder)
	}

	// A local folder that does not load is refused and nothing is written.
	bad := filepath.Join(t.TempDir(), "tools", "weather", "trusted")
	if err := os.MkdirAll(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bad, "effects.py"), []byte("from tools.nowhere.trusted import x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badSrc, err := layers.Resolve(bad)
	if err != nil || badSrc.Domain != "weather" {
		t.Fatalf("local folder: %+v, %v", badSrc, err)
	}
	_, err = layers.Install(badSrc, dir, false)
	if !errors.As(err, &e) || e.Kind != layers.NotLoadable || e.Name != "weather" {
		t.Fatalf("broken layer: err = %v, want a %v refusal of weather", err, layers.NotLoadable)
	}
	// The compiler's diagnostics stay in the chain, with their codes.
	if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Code != ir.Unsupported {
		t.Fatalf("broken layer: diagnostics %v, want the unsupported import", ds)
	}
	if _, err := os.Stat(filepath.Join(dir, "tools", "weather", "trusted")); !os.IsNotExist(err) {
		t.Fatalf("a broken layer was installed: %v", err)
	}

	// A local copy of a good layer installs under its domain.
	good, err := layers.Resolve(filepath.Join(dir, "tools", "email", "trusted"))
	if err != nil || good.Domain != "email" {
		t.Fatalf("local email: %+v, %v", good, err)
	}
	other := t.TempDir()
	if _, err := layers.Install(good, other, false); err != nil {
		t.Fatal(err)
	}
}

// TestREADMEsDescribeEveryEffectAndContract keeps each layer's README in
// step with its spec files: every effect's signature and clauses, every
// contract's signature and English rendering.
func TestREADMEsDescribeEveryEffectAndContract(t *testing.T) {
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
			c, err := catalog.Load([]string{dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			data, err := fs.ReadFile(src.Files, "README.md")
			if err != nil {
				t.Fatal(err)
			}
			readme := strings.NewReplacer("&lt;", "<", "&gt;", ">").Replace(string(data))
			l := c.Layers[0]
			for _, e := range l.Effects {
				for _, want := range append(append([]string{"### `" + e.Signature + "`"}, e.Requires...), e.Ensures...) {
					if !strings.Contains(readme, want) {
						t.Errorf("README lacks %q", want)
					}
				}
			}
			for _, ct := range l.Contracts {
				if want := "| `" + ct.Signature + "` | " + ct.English + " |"; !strings.Contains(readme, want) {
					t.Errorf("README lacks the row %q", want)
				}
			}
		})
	}
}
