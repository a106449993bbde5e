package pathfloor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Refusal is the only error Check returns: the path as the caller gave it,
// what kind of refusal it is, and why in words. Callers and tests tell
// refusals apart by Kind (and Location), never by Reason's words.
type Refusal struct {
	Path     string
	Kind     Kind
	Location string // the denied location, when Kind is DeniedLocation
	Reason   string
}

// Kind is what kind of refusal a Refusal is.
type Kind int

const (
	// NoFloor: the floor is missing or was built from a bad configuration.
	NoFloor Kind = iota + 1
	// BadPath: the path is empty, holds a NUL, or is relative.
	BadPath
	// DeniedLocation: the path or its target is inside a denied location.
	DeniedLocation
	// BrokenSymlink: the path is a symlink whose target does not exist.
	BrokenSymlink
	// Missing: the target (or, for a write, its parent) does not exist.
	Missing
	// Unresolvable: resolving or stat-ing the path or its parent failed
	// (a loop, a permission, a file where a directory was needed).
	Unresolvable
	// SpecialFile: the target is neither a regular file nor a directory.
	SpecialFile
	// BadRoot: no roots were given, or a root is unusable.
	BadRoot
	// OutsideRoots: the target is outside every root.
	OutsideRoots
)

func (k Kind) String() string {
	switch k {
	case NoFloor:
		return "no floor"
	case BadPath:
		return "bad path"
	case DeniedLocation:
		return "denied location"
	case BrokenSymlink:
		return "broken symlink"
	case Missing:
		return "missing"
	case Unresolvable:
		return "unresolvable"
	case SpecialFile:
		return "special file"
	case BadRoot:
		return "bad root"
	case OutsideRoots:
		return "outside roots"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("path floor: %q refused: %s", r.Path, r.Reason)
}

// homeDenied are denied locations relative to the home directory.
var homeDenied = []string{
	".ssh",
	".aws",
	".gnupg",
	".config/clauz3",
	".local/share/clauz3",
	".kube",
	".docker/config.json",
	".netrc",
	".git-credentials",
	".npmrc",
	".pypirc",
	".config/gcloud",
	".azure",
	".config/gh",
	".password-store",
	".local/share/keyrings",
	".pgpass",
	".cargo/credentials",
	".cargo/credentials.toml",
	".terraform.d/credentials.tfrc.json",
	// Shell start-up files and user services run later, without the
	// human: a plan that writes one acts after its approval ends.
	".bashrc",
	".bash_profile",
	".bash_login",
	".bash_logout",
	".profile",
	".zshrc",
	".zprofile",
	".zshenv",
	".zlogin",
	".config/fish",
	".config/autostart",
	".config/systemd",
	".local/share/systemd",
}

// systemDenied are absolute denied locations.
var systemDenied = []string{
	"/etc/shadow",
	"/etc/shadow-",
	"/etc/gshadow",
	"/etc/gshadow-",
	"/etc/sudoers",
	"/etc/sudoers.d",
	"/etc/master.passwd",
	"/etc/ssh",
	"/proc",
	"/sys",
	"/dev",
	"/run/secrets",
	"/var/run/secrets",
	"/etc/clauz3",     // the approval service's configuration
	"/var/lib/clauz3", // the approval service's state, key and layer store
}

// deniedNames are file or folder names (or runs of consecutive names,
// "a/b") denied wherever they appear in a path: the configuration of agent
// harnesses and of clauz3 itself, which live in every project folder as
// well as in the home directory, and what runs by itself later in a
// project (git hooks and config, direnv). A plan that rewrites one
// (.claude/settings.json allowing Bash(*), an MCP server list, the
// project's clauz3 client file, a pre-commit hook) changes what runs next
// without the human, so no root can grant them.
var deniedNames = []string{
	".git/hooks",
	".git/config", // core.hooksPath, core.fsmonitor and aliases run commands
	".envrc",
	".claude",
	".claude.json",
	".clauz3",
	".mcp.json",
	".cursor",
	".codex",
	".gemini",
	".continue",
	".windsurf",
	".vscode", // tasks.json can run a command when the folder is opened
}

// Floor holds the denied locations. The zero value refuses everything;
// build one with New.
type Floor struct {
	denied    []string // absolute, cleaned, lexical forms
	configErr string   // non-empty: every Check refuses with this reason
}

// New returns the floor for the given home directory. extraDenied entries
// are absolute paths or "~/..." paths under home. An unusable home or
// entry does not panic and does not fail open: the returned Floor refuses
// every Check with the configuration reason.
func New(home string, extraDenied ...string) *Floor {
	f := &Floor{}
	if runtime.GOOS == "windows" {
		f.configErr = "the path floor does not support Windows paths"
		return f
	}
	if home == "" || !filepath.IsAbs(home) || strings.ContainsRune(home, 0) {
		f.configErr = fmt.Sprintf("floor misconfigured: home %q is not an absolute path", home)
		return f
	}
	home = filepath.Clean(home)
	for _, rel := range homeDenied {
		f.denied = append(f.denied, filepath.Join(home, rel))
	}
	f.denied = append(f.denied, systemDenied...)
	for _, e := range extraDenied {
		switch {
		case strings.ContainsRune(e, 0):
			f.configErr = fmt.Sprintf("floor misconfigured: denied entry %q contains NUL", e)
			return f
		case e == "~":
			f.denied = append(f.denied, home)
		case strings.HasPrefix(e, "~/"):
			f.denied = append(f.denied, filepath.Join(home, e[2:]))
		case filepath.IsAbs(e):
			f.denied = append(f.denied, filepath.Clean(e))
		default:
			f.configErr = fmt.Sprintf("floor misconfigured: denied entry %q is neither absolute nor ~/...", e)
			return f
		}
	}
	return f
}

// Check decides whether path may be read (write false) or written (write
// true) under roots. On success it returns the resolved target, which the
// caller must use instead of path. Every refusal is a *Refusal.
func (f *Floor) Check(path string, roots []string, write bool) (string, error) {
	refuse := func(kind Kind, format string, args ...any) (string, error) {
		return "", &Refusal{Path: path, Kind: kind, Reason: fmt.Sprintf(format, args...)}
	}
	denyAt := func(location, format string, args ...any) (string, error) {
		return "", &Refusal{Path: path, Kind: DeniedLocation, Location: location, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case f == nil || (f.configErr == "" && len(f.denied) == 0):
		return refuse(NoFloor, "no path floor configured")
	case f.configErr != "":
		return refuse(NoFloor, "%s", f.configErr)
	case path == "":
		return refuse(BadPath, "empty path")
	case strings.ContainsRune(path, 0):
		return refuse(BadPath, "path contains NUL")
	case !filepath.IsAbs(path):
		return refuse(BadPath, "relative path: make it absolute against the layer's folder first")
	}

	denied := f.deniedForms()
	lexical := filepath.Clean(path)
	if d, ok := deniedBy(lexical, denied); ok {
		return denyAt(d, "inside denied location %s", d)
	}
	if n, ok := deniedName(lexical, write); ok {
		return denyAt(n, "inside denied location %s (agent or clauz3 configuration)", n)
	}

	resolved, kind, reason := resolveTarget(path, write)
	if reason != "" {
		return refuse(kind, "%s", reason)
	}
	if d, ok := deniedBy(resolved, denied); ok {
		return denyAt(d, "resolves to %s, inside denied location %s", resolved, d)
	}
	if n, ok := deniedName(resolved, write); ok {
		return denyAt(n, "resolves to %s, inside denied location %s (agent or clauz3 configuration)", resolved, n)
	}

	if len(roots) == 0 {
		return refuse(BadRoot, "no roots given")
	}
	inRoot := false
	for _, root := range roots {
		r, reason := resolveRoot(root)
		if reason != "" {
			return refuse(BadRoot, "%s", reason)
		}
		if within(resolved, r, false) {
			inRoot = true
		}
	}
	if !inRoot {
		return refuse(OutsideRoots, "resolves to %s, outside every root", resolved)
	}
	return resolved, nil
}

// resolveTarget resolves every symlink and ".." of path. An existing
// target is resolved whole; a write to a target that does not exist yet
// is resolved through its parent directory, which must exist.
func resolveTarget(path string, write bool) (resolved string, kind Kind, reason string) {
	fi, err := os.Lstat(path)
	switch {
	case err == nil:
		r, err := filepath.EvalSymlinks(path)
		if err != nil {
			if fi.Mode()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) {
				return "", BrokenSymlink, "broken symlink"
			}
			return "", Unresolvable, fmt.Sprintf("cannot resolve: %v", err)
		}
		st, err := os.Stat(r)
		if err != nil {
			return "", Unresolvable, fmt.Sprintf("cannot stat resolved target: %v", err)
		}
		if !st.Mode().IsRegular() && !st.IsDir() {
			return "", SpecialFile, fmt.Sprintf("resolves to %s, which is not a regular file or directory", r)
		}
		return r, 0, ""
	case errors.Is(err, fs.ErrNotExist) && write:
		parent, base := splitLast(path)
		if base == "" || base == "." || base == ".." {
			return "", Missing, "does not exist and names no file"
		}
		rp, err := filepath.EvalSymlinks(parent)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return "", Missing, "parent directory does not exist (or is a broken symlink)"
			}
			return "", Unresolvable, fmt.Sprintf("cannot resolve parent directory: %v", err)
		}
		st, err := os.Stat(rp)
		if err != nil {
			return "", Unresolvable, fmt.Sprintf("cannot stat parent directory: %v", err)
		}
		if !st.IsDir() {
			return "", Unresolvable, fmt.Sprintf("parent %s is not a directory", rp)
		}
		return filepath.Join(rp, base), 0, ""
	case errors.Is(err, fs.ErrNotExist):
		return "", Missing, "does not exist"
	default:
		return "", Unresolvable, fmt.Sprintf("cannot stat: %v", err)
	}
}

// splitLast splits an absolute path into its parent (unclean, so that
// "link/.." keeps the kernel's meaning when resolved) and its last
// component.
func splitLast(path string) (parent, base string) {
	p := strings.TrimRight(path, "/")
	if p == "" {
		return "/", ""
	}
	i := strings.LastIndexByte(p, '/')
	parent, base = p[:i], p[i+1:]
	if parent == "" {
		parent = "/"
	}
	return parent, base
}

func resolveRoot(root string) (string, string) {
	if root == "" || strings.ContainsRune(root, 0) || !filepath.IsAbs(root) {
		return "", fmt.Sprintf("root %q is not an absolute path", root)
	}
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Sprintf("root %q does not resolve: %v", root, err)
	}
	st, err := os.Stat(r)
	if err != nil || !st.IsDir() {
		return "", fmt.Sprintf("root %q is not a directory", root)
	}
	return r, ""
}

// deniedForms returns every denied location in its lexical form and, when
// it differs, its resolved form, computed now (the filesystem may have
// changed since New).
func (f *Floor) deniedForms() []string {
	out := make([]string, 0, 2*len(f.denied))
	for _, d := range f.denied {
		out = append(out, d)
		if r := resolveLoose(d, 0); r != "" && r != d {
			out = append(out, r)
		}
	}
	return out
}

// resolveLoose resolves as much of p as exists: the longest existing
// prefix is resolved and the rest appended; a symlink whose target does
// not exist yet is followed through its text. It returns "" when nothing
// useful can be said (a loop, an unreadable link).
func resolveLoose(p string, depth int) string {
	if depth > 40 {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	fi, err := os.Lstat(p)
	if err == nil {
		if fi.Mode()&fs.ModeSymlink == 0 {
			return ""
		}
		t, err := os.Readlink(p)
		if err != nil {
			return ""
		}
		if !filepath.IsAbs(t) {
			base := resolveLoose(filepath.Dir(p), depth+1)
			if base == "" {
				return ""
			}
			t = filepath.Join(base, t)
		}
		return resolveLoose(t, depth+1)
	}
	parent := filepath.Dir(p)
	if parent == p {
		return ""
	}
	rp := resolveLoose(parent, depth+1)
	if rp == "" {
		return ""
	}
	return filepath.Join(rp, filepath.Base(p))
}

func deniedBy(p string, denied []string) (string, bool) {
	for _, d := range denied {
		if within(p, d, true) {
			return d, true
		}
	}
	return "", false
}

// deniedWriteNames are denied for writes only, wherever they appear: the
// instruction files agent harnesses load into the agent's context at its
// next start. Reading one is harmless; rewriting one steers the agent
// without the human.
var deniedWriteNames = []string{
	"CLAUDE.md",
	"CLAUDE.local.md",
	"AGENTS.md",
	"GEMINI.md",
	".cursorrules",
	".windsurfrules",
	".clinerules",
	".github/copilot-instructions.md",
	".aider.conf.yml",
}

// deniedName reports the first component of the cleaned absolute path p
// that is a denied name (folding case, as deniedBy does), as the path up
// to and including it.
func deniedName(p string, write bool) (string, bool) {
	names := deniedNames
	if write {
		names = append(append([]string(nil), deniedNames...), deniedWriteNames...)
	}
	pc := components(p)
	for i := range pc {
		for _, n := range names {
			nc := strings.Split(n, "/")
			if i+len(nc) > len(pc) {
				continue
			}
			match := true
			for j := range nc {
				match = match && strings.EqualFold(pc[i+j], nc[j])
			}
			if match {
				return "/" + strings.Join(pc[:i+len(nc)], "/"), true
			}
		}
	}
	return "", false
}

// within reports whether the cleaned absolute path p is base or below it,
// comparing whole components (never a string prefix: /home/u/.sshx is not
// inside /home/u/.ssh). fold compares components with Unicode case folding.
func within(p, base string, fold bool) bool {
	pc, bc := components(p), components(base)
	if len(bc) > len(pc) {
		return false
	}
	for i := range bc {
		if fold {
			if !strings.EqualFold(pc[i], bc[i]) {
				return false
			}
		} else if pc[i] != bc[i] {
			return false
		}
	}
	return true
}

func components(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// Denied returns the floor's denied locations (absolute, cleaned, as
// written): the kernel sandbox (securitymod/sandbox) leaves them out of
// every folder it grants.
func (f *Floor) Denied() []string {
	return append([]string(nil), f.denied...)
}
