package pathfloor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// tree is a fake home and project laid out under a temporary directory:
//
//	B/home/.ssh/id_rsa           a denied directory
//	B/home/.SSH-not/x            near miss: a different directory
//	B/home/.sshx/notes           near miss: component, not prefix
//	B/home/.netrc                a denied file
//	B/home/.aws -> B/keys        a denied location that is a symlink
//	B/keys/credentials
//	B/home/proj/                 a root
//	B/home/proj/file.txt
//	B/home/proj/sub/
//	B/home/proj/loop1 -> loop2, loop2 -> loop1
//	B/home/proj/broken -> B/nonexistent/x
//	B/home/proj/sshlink -> ../.ssh/id_rsa
//	B/home/proj/sshdir -> B/home/.ssh
//	B/home/proj/netrc -> ../.netrc
//	B/home/proj/etc -> /etc
//	B/home/proj/awslink -> B/home/.aws
//	B/home/project2/file.txt     near miss: prefix of a root, not inside it
//	B/rootlink -> B/home/proj    a symlinked root
//	B/outside.txt
type tree struct{ B, home, proj string }

func mkTree(t testing.TB, base string) tree {
	t.Helper()
	base, err := filepath.EvalSymlinks(base)
	if err != nil {
		t.Fatal(err)
	}
	tr := tree{B: base, home: filepath.Join(base, "home"), proj: filepath.Join(base, "home", "proj")}
	dirs := []string{"home/.ssh", "home/.SSH-not", "home/.sshx", "keys", "home/proj/sub", "home/project2"}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(base, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{"home/.ssh/id_rsa", "home/.SSH-not/x", "home/.sshx/notes", "home/.netrc", "keys/credentials",
		"home/proj/file.txt", "home/proj/sub/inner.txt", "home/project2/file.txt", "outside.txt"}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(base, f), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	links := [][2]string{
		{"home/.aws", filepath.Join(base, "keys")},
		{"home/proj/loop1", "loop2"},
		{"home/proj/loop2", "loop1"},
		{"home/proj/broken", filepath.Join(base, "nonexistent", "x")},
		{"home/proj/sshlink", "../.ssh/id_rsa"},
		{"home/proj/sshdir", filepath.Join(base, "home", ".ssh")},
		{"home/proj/netrc", "../.netrc"},
		{"home/proj/etc", "/etc"},
		{"home/proj/awslink", filepath.Join(base, "home", ".aws")},
		{"rootlink", filepath.Join(base, "home", "proj")},
	}
	for _, l := range links {
		if err := os.Symlink(l[1], filepath.Join(base, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

func TestCheck(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the floor refuses everything on Windows; see TestWindowsRefuses")
	}
	tr := mkTree(t, t.TempDir())
	fl := New(tr.home, "~/private", filepath.Join(tr.B, "extra-denied"))
	B := tr.B
	proj := []string{tr.proj}

	cases := []struct {
		name     string
		path     string
		roots    []string
		write    bool
		want     string // resolved path on success
		kind     Kind   // 0: Check succeeds
		location string // the denied location, when kind is DeniedLocation and it matters
	}{
		{name: "plain read", path: B + "/home/proj/file.txt", roots: proj, want: B + "/home/proj/file.txt"},
		{name: "read a directory", path: B + "/home/proj/sub", roots: proj, want: B + "/home/proj/sub"},
		{name: "dotdot inside root", path: B + "/home/proj/sub/../file.txt", roots: proj, want: B + "/home/proj/file.txt"},
		{name: "write new file", path: B + "/home/proj/sub/new.txt", roots: proj, write: true, want: B + "/home/proj/sub/new.txt"},
		{name: "write existing file", path: B + "/home/proj/file.txt", roots: proj, write: true, want: B + "/home/proj/file.txt"},
		{name: "target through symlinked root", path: B + "/rootlink/file.txt", roots: proj, want: B + "/home/proj/file.txt"},
		{name: "root given as symlink", path: B + "/home/proj/file.txt", roots: []string{B + "/rootlink"}, want: B + "/home/proj/file.txt"},
		{name: "second root matches", path: B + "/outside.txt", roots: []string{tr.proj, B}, want: B + "/outside.txt"},
		{name: "near miss .sshx is not .ssh", path: B + "/home/.sshx/notes", roots: []string{tr.home}, want: B + "/home/.sshx/notes"},
		{name: "near miss .SSH-not is not .ssh", path: B + "/home/.SSH-not/x", roots: []string{tr.home}, want: B + "/home/.SSH-not/x"},

		{name: "relative path", path: "home/proj/file.txt", roots: proj, kind: BadPath},
		{name: "dot relative path", path: "./file.txt", roots: proj, kind: BadPath},
		{name: "empty path", path: "", roots: proj, kind: BadPath},
		{name: "NUL in path", path: B + "/home/proj/file.txt\x00.png", roots: proj, kind: BadPath},
		{name: "missing file read", path: B + "/home/proj/missing.txt", roots: proj, kind: Missing},
		{name: "write into missing directory", path: B + "/home/proj/nodir/new.txt", roots: proj, write: true, kind: Missing},
		{name: "write under a file", path: B + "/home/proj/file.txt/new.txt", roots: proj, write: true, kind: Unresolvable},
		{name: "symlink loop", path: B + "/home/proj/loop1", roots: proj, kind: Unresolvable},
		{name: "symlink loop write", path: B + "/home/proj/loop1", roots: proj, write: true, kind: Unresolvable},
		{name: "write below a symlink loop", path: B + "/home/proj/loop1/new.txt", roots: proj, write: true, kind: Unresolvable},
		{name: "broken symlink read", path: B + "/home/proj/broken", roots: proj, kind: BrokenSymlink},
		{name: "broken symlink write", path: B + "/home/proj/broken", roots: proj, write: true, kind: BrokenSymlink},
		{name: "symlink into ~/.ssh", path: B + "/home/proj/sshlink", roots: proj, kind: DeniedLocation, location: B + "/home/.ssh"},
		{name: "symlink to ~/.netrc", path: B + "/home/proj/netrc", roots: proj, kind: DeniedLocation, location: B + "/home/.netrc"},
		{name: "new file through symlinked parent into ~/.ssh", path: B + "/home/proj/sshdir/authorized_keys", roots: proj, write: true, kind: DeniedLocation, location: B + "/home/.ssh"},
		{name: "existing file through symlinked parent into ~/.ssh", path: B + "/home/proj/sshdir/id_rsa", roots: proj, kind: DeniedLocation, location: B + "/home/.ssh"},
		{name: "~/.ssh directly even when home is a root", path: B + "/home/.ssh/id_rsa", roots: []string{tr.home}, kind: DeniedLocation},
		{name: "~/.ssh itself", path: B + "/home/.ssh", roots: []string{tr.home}, kind: DeniedLocation},
		{name: "~/.ssh via dotdot", path: B + "/home/proj/../.ssh/id_rsa", roots: []string{tr.home}, kind: DeniedLocation},
		{name: "~/.ssh that does not exist yet", path: B + "/home/.ssh/new/authorized_keys", roots: []string{tr.home}, write: true, kind: DeniedLocation},
		{name: "case-folded ~/.SSH", path: B + "/home/.SSH/id_rsa", roots: []string{tr.home}, kind: DeniedLocation},
		{name: "case-folded ~/.Aws", path: B + "/home/.Aws/credentials", roots: []string{tr.home}, kind: DeniedLocation},
		{name: "denied location that is a symlink, reached directly", path: B + "/keys/credentials", roots: []string{B}, kind: DeniedLocation, location: B + "/keys"},
		{name: "denied location that is a symlink, reached via a link", path: B + "/home/proj/awslink/credentials", roots: proj, kind: DeniedLocation},
		{name: "~/.config/clauz3 not created yet", path: B + "/home/.config/clauz3/key", roots: []string{tr.home}, write: true, kind: DeniedLocation},
		{name: "extra denied ~ entry", path: B + "/home/private/diary", roots: []string{tr.home}, write: true, kind: DeniedLocation},
		{name: "extra denied absolute entry", path: B + "/extra-denied/x", roots: []string{B}, write: true, kind: DeniedLocation},
		{name: "dotdot out of root", path: B + "/home/proj/../../outside.txt", roots: proj, kind: OutsideRoots},
		{name: "symlink out of root", path: B + "/home/proj/etc/hostname", roots: proj, kind: OutsideRoots},
		{name: "prefix of root is not inside", path: B + "/home/project2/file.txt", roots: proj, kind: OutsideRoots},
		{name: "write outside root", path: B + "/new.txt", roots: proj, write: true, kind: OutsideRoots},
		{name: "no roots", path: B + "/home/proj/file.txt", roots: nil, kind: BadRoot},
		{name: "relative root", path: B + "/home/proj/file.txt", roots: []string{"home/proj"}, kind: BadRoot},
		{name: "missing root refuses even if another matches", path: B + "/home/proj/file.txt", roots: []string{tr.proj, B + "/gone"}, kind: BadRoot},
		{name: "root that is a file", path: B + "/home/proj/file.txt", roots: []string{B + "/home/proj/file.txt"}, kind: BadRoot},
		{name: "/etc/shadow with root /", path: "/etc/shadow", roots: []string{"/"}, kind: DeniedLocation, location: "/etc/shadow"},
		{name: "/etc/sudoers.d entry", path: "/etc/sudoers.d/x", roots: []string{"/"}, write: true, kind: DeniedLocation},
		{name: "/proc via self root", path: "/proc/self/root/etc/shadow", roots: []string{"/"}, kind: DeniedLocation},
		{name: "/dev/null write", path: "/dev/null", roots: []string{"/"}, write: true, kind: DeniedLocation, location: "/dev"},
		{name: "/sys", path: "/sys/kernel", roots: []string{"/"}, kind: DeniedLocation, location: "/sys"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := fl.Check(c.path, c.roots, c.write)
			if c.kind == 0 {
				if err != nil {
					t.Fatalf("Check(%q) refused: %v", c.path, err)
				}
				if got != c.want {
					t.Fatalf("Check(%q) = %q, want %q", c.path, got, c.want)
				}
				return
			}
			var r *Refusal
			if !errors.As(err, &r) {
				t.Fatalf("Check(%q) = %q, %v; want a %v *Refusal", c.path, got, err, c.kind)
			}
			if got != "" {
				t.Errorf("refusal returned a path %q", got)
			}
			if r.Path != c.path || r.Kind != c.kind || c.location != "" && r.Location != c.location || r.Reason == "" {
				t.Fatalf("Check(%q) refusal = {%q, %v, %q, %q}; want kind %v at location %q", c.path, r.Path, r.Kind, r.Location, r.Reason, c.kind, c.location)
			}
		})
	}
}

// A ~/.ssh that is a symlink to a directory that does not exist yet is
// still denied at its target, so creating the target later through
// another name cannot reach it.
func TestDeniedBrokenSymlinkTarget(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip()
	}
	base, _ := filepath.EvalSymlinks(t.TempDir())
	home := filepath.Join(base, "home")
	if err := os.MkdirAll(filepath.Join(base, "vault"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "vault", "keys"), filepath.Join(home, ".ssh")); err != nil {
		t.Fatal(err)
	}
	_, err := New(home).Check(filepath.Join(base, "vault", "keys"), []string{base}, true)
	var r *Refusal
	if !errors.As(err, &r) || r.Kind != DeniedLocation {
		t.Fatalf("write to the target of a dangling ~/.ssh link: err = %v, want a denied-location refusal", err)
	}
}

func TestMisconfiguredFloorRefusesEverything(t *testing.T) {
	base, _ := filepath.EvalSymlinks(t.TempDir())
	ok := filepath.Join(base, "f")
	if err := os.WriteFile(ok, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	floors := map[string]*Floor{
		"empty home":           New(""),
		"relative home":        New("home/u"),
		"relative extra entry": New(base, "notes"),
		"NUL extra entry":      New(base, "/x\x00"),
		"zero value":           {},
		"nil":                  nil,
	}
	for name, fl := range floors {
		t.Run(name, func(t *testing.T) {
			_, err := fl.Check(ok, []string{base}, false)
			var r *Refusal
			if !errors.As(err, &r) || r.Kind != NoFloor {
				t.Fatalf("Check on a misconfigured floor = %v, want a no-floor *Refusal", err)
			}
		})
	}
	// The control: the same call on a good floor passes.
	if _, err := New(base).Check(ok, []string{base}, false); err != nil {
		t.Fatalf("control: %v", err)
	}
}

func TestWithinIsComponentWise(t *testing.T) {
	cases := []struct {
		p, base string
		fold    bool
		want    bool
	}{
		{"/a/b", "/a/b", false, true},
		{"/a/b/c", "/a/b", false, true},
		{"/a/bc", "/a/b", false, false},
		{"/a", "/a/b", false, false},
		{"/x", "/", false, true},
		{"/", "/", false, true},
		{"/A/B", "/a/b", false, false},
		{"/A/B", "/a/b", true, true},
		{"/home/u/.\u212aube/config", "/home/u/.kube", true, true}, // KELVIN SIGN folds to k
	}
	for _, c := range cases {
		if got := within(c.p, c.base, c.fold); got != c.want {
			t.Errorf("within(%q, %q, %v) = %v, want %v", c.p, c.base, c.fold, got, c.want)
		}
	}
}

// The wording itself is under test here: layers and logs show it to people.
func TestRefusalMessage(t *testing.T) {
	err := error(&Refusal{Path: "/x", Reason: "why"})
	if got := err.Error(); got != `path floor: "/x" refused: why` {
		t.Fatalf("Error() = %q", got)
	}
}

// deniedOracle is written independently of the package: it lists the
// denied locations of mkTree's fake home by hand.
func deniedOracle(tr tree) []string {
	out := []string{
		"/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/proc", "/sys", "/dev",
		tr.B + "/keys", // ~/.aws resolves here
	}
	for _, d := range []string{".ssh", ".aws", ".gnupg", ".config/clauz3", ".kube", ".docker/config.json", ".netrc",
		".git-credentials", ".npmrc", ".pypirc", ".config/gcloud", ".azure"} {
		out = append(out, tr.home+"/"+d)
	}
	return out
}

func FuzzCheck(f *testing.F) {
	if runtime.GOOS == "windows" {
		f.Skip()
	}
	tr := mkTree(f, f.TempDir())
	fl := New(tr.home)
	roots := []string{tr.proj, tr.B + "/keys/..", tr.B + "/home/project2"}
	for _, s := range []string{
		"home/proj/file.txt", "home/proj/sub/../file.txt", "home/proj/sshlink", "home/proj/sshdir/id_rsa",
		"home/proj/sshdir/new", "home/proj/awslink/credentials", "home/proj/etc/passwd", "home/proj/loop1",
		"home/proj/broken", "keys/credentials", "home/.SSH/id_rsa", "home/proj/../.ssh", "/etc/shadow",
		"/proc/self/root/etc/shadow", "home/proj/./sub//inner.txt", "rootlink/sub/new.txt", "home/proj/",
		"outside.txt", "home/project2/../.netrc", "home/proj/sub/..", "..", "/",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	denied := deniedOracle(tr)
	f.Fuzz(func(t *testing.T, rel string, write bool) {
		p := rel
		if !strings.HasPrefix(rel, "/") {
			p = tr.B + "/" + rel
		}
		got, err := fl.Check(p, roots, write)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Kind == 0 || r.Reason == "" || got != "" {
				t.Fatalf("Check(%q) error %v is not a *Refusal with a reason (path %q)", p, err, got)
			}
			return
		}
		if !filepath.IsAbs(got) || filepath.Clean(got) != got {
			t.Fatalf("Check(%q) = %q: not absolute and clean", p, got)
		}
		// The result is fully resolved: the target itself, or for a new
		// file its parent.
		if r, err := filepath.EvalSymlinks(got); err == nil {
			if r != got {
				t.Fatalf("Check(%q) = %q, which resolves further to %q", p, got, r)
			}
		} else if _, lerr := os.Lstat(got); errors.Is(lerr, fs.ErrNotExist) && write {
			if r, err := filepath.EvalSymlinks(filepath.Dir(got)); err != nil || r != filepath.Dir(got) {
				t.Fatalf("Check(%q) = %q whose parent does not resolve to itself (%q, %v)", p, got, r, err)
			}
		} else {
			t.Fatalf("Check(%q) = %q, which does not resolve: %v", p, got, err)
		}
		inRoot := false
		for _, root := range roots {
			r, err := filepath.EvalSymlinks(root)
			if err != nil {
				t.Fatal(err)
			}
			if got == r || strings.HasPrefix(got, r+"/") {
				inRoot = true
			}
		}
		if !inRoot {
			t.Fatalf("Check(%q) = %q, outside every root", p, got)
		}
		lower := strings.ToLower(got)
		for _, d := range denied {
			d = strings.ToLower(d)
			if lower == d || strings.HasPrefix(lower, d+"/") {
				t.Fatalf("Check(%q) = %q, inside denied %q", p, got, d)
			}
		}
	})
}

// TestAgentHarnessConfigDenied (attack D3): a plan that may write under a
// project root must not rewrite the agent harness's or clauz3's own
// configuration there (.claude/settings.json allowing Bash(*), an MCP
// server list, clauz3's client file), wherever the folder sits and
// whatever the roots say; the service's own folders are denied too.
func TestAgentHarnessConfigDenied(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the floor refuses everything on Windows")
	}
	base, _ := filepath.EvalSymlinks(t.TempDir())
	home := filepath.Join(base, "home")
	proj := filepath.Join(base, "work", "proj")
	for _, d := range []string{home + "/.claude", proj + "/.claude", proj + "/.clauz3", proj + "/.cursor", proj + "/sub/.claude", proj + "/src"} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{proj + "/.claude/settings.json", proj + "/.mcp.json", home + "/.claude.json", proj + "/src/main.go"} {
		if err := os.WriteFile(f, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(proj+"/.claude", proj+"/src/innocent"); err != nil {
		t.Fatal(err)
	}
	fl := New(home)
	roots := []string{proj, home, "/"}
	cases := []struct {
		name, path string
	}{
		{"project .claude/settings.json", proj + "/.claude/settings.json"},
		{"new file in project .claude", proj + "/.claude/settings.local.json"},
		{"the .claude folder itself", proj + "/.claude"},
		{"nested .claude", proj + "/sub/.claude/settings.json"},
		{"case-folded .Claude", proj + "/.Claude/settings.json"},
		{".claude through a symlink", proj + "/src/innocent/settings.json"},
		{".claude reached with dotdot", proj + "/src/../.claude/settings.json"},
		{"home .claude", home + "/.claude/settings.json"},
		{"home .claude.json", home + "/.claude.json"},
		{"project .mcp.json", proj + "/.mcp.json"},
		{"project .clauz3", proj + "/.clauz3/approval-service.json"},
		{"project .cursor", proj + "/.cursor/mcp.json"},
		{"~/.config/clauz3", home + "/.config/clauz3/client.json"},
		{"/etc/clauz3", "/etc/clauz3/client.json"},
		{"/var/lib/clauz3", "/var/lib/clauz3/state.db"},
		// What runs later by itself, without the human.
		{"git hook", proj + "/.git/hooks/pre-commit"},
		{"git config", proj + "/.git/config"},
		{"nested repository's hook", proj + "/sub/.git/hooks/post-checkout"},
		{"direnv", proj + "/.envrc"},
		{"~/.bashrc", home + "/.bashrc"},
		{"~/.profile", home + "/.profile"},
		{"~/.zshrc", home + "/.zshrc"},
		{"user service", home + "/.config/systemd/user/evil.service"},
		{"autostart", home + "/.config/autostart/evil.desktop"},
	}
	for _, c := range cases {
		for _, write := range []bool{true, false} {
			_, err := fl.Check(c.path, roots, write)
			var r *Refusal
			if !errors.As(err, &r) || r.Kind != DeniedLocation {
				t.Errorf("%s (write %v): Check(%q) = %v, want a denied-location refusal", c.name, write, c.path, err)
			}
		}
	}
	// Agent instruction files: rewriting one steers the agent's next
	// session, so writes are refused; reading one is allowed.
	for _, f := range []string{proj + "/CLAUDE.md", proj + "/sub/AGENTS.md", proj + "/claude.md", proj + "/.cursorrules", home + "/.claude.md-not"} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{proj + "/CLAUDE.md", proj + "/sub/AGENTS.md", proj + "/claude.md", proj + "/.cursorrules", proj + "/.github/copilot-instructions.md"} {
		_, err := fl.Check(f, roots, true)
		var r *Refusal
		if !errors.As(err, &r) || r.Kind != DeniedLocation {
			t.Errorf("write %s = %v, want a denied-location refusal", f, err)
		}
	}
	for _, f := range []string{proj + "/CLAUDE.md", proj + "/sub/AGENTS.md", home + "/.claude.md-not"} {
		if _, err := fl.Check(f, roots, false); err != nil {
			t.Errorf("read %s: %v", f, err)
		}
	}
	// The control: an ordinary file of the same project is writable, and
	// a name that only starts like a denied one is not denied.
	for _, d := range []string{proj + "/.git/objects", proj + "/.git/hooks", proj + "/sub/.git/hooks", home + "/.config/systemd/user", home + "/.config/autostart", proj + "/hooks"} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, ok := range []string{proj + "/src/main.go", proj + "/src/.claudette", proj + "/.git/objects/ab", proj + "/hooks/x", proj + "/.gitignore", home + "/.profile.d"} {
		if _, err := fl.Check(ok, []string{proj, home}, true); err != nil {
			t.Errorf("control %s: %v", ok, err)
		}
	}
}
