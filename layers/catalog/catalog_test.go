package catalog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/layers"
)

func project(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		src, err := layers.Resolve(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := layers.Install(src, dir, false); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBundledLayersRender(t *testing.T) {
	var all []string
	for _, in := range layers.Bundled() {
		all = append(all, in.Name)
	}
	dir := project(t, all...)
	c, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Layers) != len(all) {
		t.Fatalf("%d layers, want %d", len(c.Layers), len(all))
	}
	for _, l := range c.Layers {
		if len(l.Effects) == 0 || len(l.Contracts) == 0 || l.Policy == nil {
			t.Errorf("%s: %d effects, %d contracts, policy %v", l.Name, len(l.Effects), len(l.Contracts), l.Policy)
		}
		for _, ct := range l.Contracts {
			if ct.English == "" {
				t.Errorf("%s.%s has no English rendering: %s", l.Name, ct.Name, ct.EnglishError)
			}
		}
	}
	var buf bytes.Buffer
	if err := c.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"tools.email.trusted  (",
		"    send_email(addr: str, msg: str) -> None\n      markers: email\n      requires: lambda addr, msg: '@' in addr  (addr must be an e-mail address)\n",
		"    contracts.only(addresses: list[str])\n",
		"    db_query(table: str, where: dict[str, object] | None = None) -> list[UserRow]\n",
		"      ensures: lambda result: len(result) <= 100\n",
		"    contracts.addresses_from(schema: type, field: str)\n      Compiled where a plan calls it, with the row type it passes for schema",
		"  policy (email): used when email is called; required: none; recommended: only, unique_recipients\n",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestRoots(t *testing.T) {
	dir := project(t, "email")
	var e *Error
	if _, err := Load(nil, []string{filepath.Join(dir, "tools", "email")}); !errors.As(err, &e) || e.Kind != BadRoot || e.Root != filepath.Join(dir, "tools", "email") {
		t.Errorf("bad trusted root: err = %v, want a %v error naming the root", err, BadRoot)
	}
	c, err := Load(nil, []string{filepath.Join(dir, "tools", "email", "trusted")})
	if err != nil || len(c.Layers) != 1 || c.Layers[0].Name != "tools.email.trusted" {
		t.Fatalf("explicit root: %+v, %v", c, err)
	}
	// A broken layer is an error, not a silent omission.
	if err := os.WriteFile(filepath.Join(dir, "tools", "email", "trusted", "broken.py"), []byte("from tools.nowhere.trusted import x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load([]string{dir}, nil)
	if !errors.As(err, &e) || e.Kind != NotLoadable || e.Layer != "tools.email.trusted" {
		t.Errorf("broken layer: err = %v, want a %v error naming tools.email.trusted", err, NotLoadable)
	}
	// The compiler's diagnostics stay in the chain, with their codes.
	if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Code != ir.Unsupported {
		t.Errorf("broken layer: diagnostics %v, want the unsupported import", ds)
	}
	empty, err := Load([]string{t.TempDir()}, nil)
	if err != nil || len(empty.Layers) != 0 {
		t.Fatalf("empty project: %+v, %v", empty, err)
	}
}
