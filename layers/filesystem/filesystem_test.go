package filesystem

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

// world is a fake home with a credential folder, a root inside it and a
// folder outside the root.
func world(t *testing.T) (home, root, outside string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home = filepath.Join(base, "home")
	root = filepath.Join(home, "work")
	outside = filepath.Join(base, "elsewhere")
	for _, d := range []string{filepath.Join(home, ".ssh"), filepath.Join(root, "in"), filepath.Join(root, "out"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for p, s := range map[string]string{
		filepath.Join(home, ".ssh", "id_ed25519"): "PRIVATE",
		filepath.Join(root, "in", "notes.txt"):    "hello\n",
		filepath.Join(outside, "secret.txt"):      "nope",
		filepath.Join(root, "in", "bin.dat"):      "\xff\xfe",
	} {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "in", "escape.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "in", "notes.txt"), filepath.Join(root, "in", "alias.txt")); err != nil {
		t.Fatal(err)
	}
	return home, root, outside
}

func TestReadFile(t *testing.T) {
	home, root, outside := world(t)
	fs := &FS{Roots: []string{root}, Floor: pathfloor.New(home)}
	for _, tc := range []struct {
		path, want string
		wantErr    Kind // 0: the read succeeds
	}{
		{filepath.Join(root, "in", "notes.txt"), "hello\n", 0},
		{filepath.Join(outside, "secret.txt"), "", Floor},
		{filepath.Join(root, "in", "escape.txt"), "", Floor},
		{filepath.Join(root, "in", "alias.txt"), "", Symlink},
		{root + "/../elsewhere/secret.txt", "", DotDot},
		{filepath.Join(root, "in", "missing.txt"), "", Floor},
		{filepath.Join(root, "in", "bin.dat"), "", NotText},
		{"in/notes.txt", "", Floor},
		{filepath.Join(root, "in"), "", NotRegular},
	} {
		t.Run(tc.path, func(t *testing.T) {
			got, err := fs.ReadFile(tc.path)
			if tc.wantErr != 0 {
				if KindOf(err) != tc.wantErr {
					t.Fatalf("err = %v, want a %v refusal", err, tc.wantErr)
				}
				var refusal *pathfloor.Refusal
				if isFloor := errors.As(err, &refusal); isFloor != (tc.wantErr == Floor) || isFloor && refusal.Path != tc.path {
					t.Fatalf("the path floor's refusal %+v, want one for the path only when the kind is %v", refusal, Floor)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v", got, err)
			}
		})
	}
}

// TestFloorBeatsRoots configures the whole home as a root: the floor
// still refuses the credential folder.
func TestFloorBeatsRoots(t *testing.T) {
	home, _, _ := world(t)
	fs := &FS{Roots: []string{home}, Floor: pathfloor.New(home)}
	if _, err := fs.ReadFile(filepath.Join(home, ".ssh", "id_ed25519")); !floorRefused(err, filepath.Join(home, ".ssh", "id_ed25519")) {
		t.Fatalf("read of ~/.ssh: err = %v", err)
	}
	if err := fs.WriteFile(filepath.Join(home, ".ssh", "authorized_keys"), "ssh-ed25519 AAAA"); !floorRefused(err, filepath.Join(home, ".ssh", "authorized_keys")) {
		t.Fatalf("write into ~/.ssh: err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, ".ssh", "authorized_keys")); !os.IsNotExist(err) {
		t.Fatalf("the refused write left a file: %v", err)
	}
}

func TestWriteAndList(t *testing.T) {
	home, root, outside := world(t)
	fs := &FS{Roots: []string{root}, Floor: pathfloor.New(home)}
	out := filepath.Join(root, "out", "report.txt")
	if err := fs.WriteFile(out, "total: 3\n"); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(out); err != nil || string(data) != "total: 3\n" {
		t.Fatalf("written %q, %v", data, err)
	}
	if err := fs.WriteFile(filepath.Join(outside, "x.txt"), "x"); !floorRefused(err, filepath.Join(outside, "x.txt")) {
		t.Fatalf("write outside: err = %v", err)
	}
	if err := fs.WriteFile(filepath.Join(root, "in", "escape.txt"), "overwrite"); err == nil {
		t.Fatal("write through a symlink leading out was allowed")
	}
	if data, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(data) != "nope" {
		t.Fatalf("the file behind the symlink changed: %q", data)
	}
	if err := fs.WriteFile(filepath.Join(root, "nofolder", "x.txt"), "x"); err == nil {
		t.Fatal("write into a missing folder was allowed")
	}
	names, err := fs.ListDir(filepath.Join(root, "in"))
	want := []string{"alias.txt", "bin.dat", "escape.txt", "notes.txt"}
	if err != nil || !reflect.DeepEqual(names, want) {
		t.Fatalf("list = %v, %v; want %v", names, err, want)
	}
	if _, err := fs.ListDir(outside); err == nil {
		t.Fatal("list outside the roots was allowed")
	}
}

// floorRefused: err is the layer's Floor error, holding the path floor's
// refusal of path.
func floorRefused(err error, path string) bool {
	var refusal *pathfloor.Refusal
	return KindOf(err) == Floor && errors.As(err, &refusal) && refusal.Path == path
}

func TestFromEnv(t *testing.T) {
	home, root, _ := world(t)
	t.Setenv("HOME", home)
	t.Setenv("CLAUZ3_FS_ROOTS", root)
	if got, err := ReadFile(filepath.Join(root, "in", "notes.txt")); err != nil || got != "hello\n" {
		t.Fatalf("got %q, %v", got, err)
	}
	if err := WriteFile(filepath.Join(root, "out", "a.txt"), "a"); err != nil {
		t.Fatal(err)
	}
	if names, err := ListDir(filepath.Join(root, "out")); err != nil || len(names) != 1 {
		t.Fatalf("list = %v, %v", names, err)
	}
	t.Setenv("CLAUZ3_FS_ROOTS", "relative/root")
	if _, err := ReadFile(filepath.Join(root, "in", "notes.txt")); KindOf(err) != NotConfigured {
		t.Fatalf("relative root: err = %v", err)
	}
	t.Setenv("CLAUZ3_FS_ROOTS", "")
	if _, err := ReadFile(filepath.Join(root, "in", "notes.txt")); KindOf(err) != NotConfigured {
		t.Fatalf("unset: err = %v", err)
	}
}

// TestEffectsSandboxed: the filesystem layer's happy path (read, write,
// list under the root) passes under the kernel sandbox gen derives for
// CLAUZ3_FS_ROOTS, and the file outside the root stays unreadable.
func TestEffectsSandboxed(t *testing.T) {
	var root string
	sandboxtest.Run(t, "filesystem", []string{"read_file", "write_file", "list_dir"}, func() (map[string]string, string) {
		home, r, outside := world(t)
		root = r
		return map[string]string{"HOME": home, "CLAUZ3_FS_ROOTS": root}, filepath.Join(outside, "secret.txt")
	}, func(env map[string]string) error {
		root := env["CLAUZ3_FS_ROOTS"]
		if got, err := ReadFile(filepath.Join(root, "in", "notes.txt")); err != nil || got != "hello\n" {
			return fmt.Errorf("read_file = %q, %v", got, err)
		}
		if err := WriteFile(filepath.Join(root, "out", "report.txt"), "total: 3\n"); err != nil {
			return err
		}
		names, err := ListDir(filepath.Join(root, "out"))
		if err != nil || !reflect.DeepEqual(names, []string{"report.txt"}) {
			return fmt.Errorf("list_dir = %v, %v", names, err)
		}
		return nil
	})
	if data, err := os.ReadFile(filepath.Join(root, "out", "report.txt")); err != nil || string(data) != "total: 3\n" {
		t.Fatalf("after the confined run: %q, %v", data, err)
	}
}

// TestEffectsRefusedBySandbox: each effect on a path the sandbox does not
// grant fails with an error that keeps the kernel's errno, so the run
// reports the sandbox's refusal and not an effect failure. The layer's
// own roots name the place (the path floor lets it through); only the
// policy, derived from other roots, leaves it out.
func TestEffectsRefusedBySandbox(t *testing.T) {
	all := []string{"read_file", "write_file", "list_dir"}
	for _, tc := range []struct {
		name    string
		effects []string // what the plan calls: only readers get read-only roots
		op      func(root, outside string) error
	}{
		{"read_file outside the granted root", all, func(_, outside string) error {
			_, err := ReadFile(filepath.Join(outside, "secret.txt"))
			return err
		}},
		{"write_file outside the granted root", all, func(_, outside string) error {
			return WriteFile(filepath.Join(outside, "new.txt"), "x")
		}},
		{"list_dir outside the granted root", all, func(_, outside string) error {
			_, err := ListDir(outside)
			return err
		}},
		{"write_file into a root granted read-only", []string{"read_file", "list_dir"}, func(root, _ string) error {
			return WriteFile(filepath.Join(root, "out", "report.txt"), "x")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sandboxtest.Refused(t, "filesystem", tc.effects, func() (map[string]string, string) {
				home, root, outside := world(t)
				return map[string]string{"HOME": home, "CLAUZ3_FS_ROOTS": root, "OUTSIDE": outside}, filepath.Join(outside, "secret.txt")
			}, func(env map[string]string) error {
				root, outside := env["CLAUZ3_FS_ROOTS"], env["OUTSIDE"]
				os.Setenv("CLAUZ3_FS_ROOTS", root+string(filepath.ListSeparator)+outside)
				return tc.op(root, outside)
			})
		})
	}
}
