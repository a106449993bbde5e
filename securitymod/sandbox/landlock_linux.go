package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

// landlockABI is the kernel's Landlock ABI version, 0 when it has none
// (not built in, or disabled at boot).
func landlockABI() int {
	v, err := ll.LandlockGetABIVersion()
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// Access rights the sandbox hands out. Execute, device, socket, fifo and
// symlink creation and cross-folder reparenting (refer) are never
// granted: a sealed binary runs no program and makes no special files.
const (
	roFile  = ll.AccessFSReadFile
	roDir   = ll.AccessFSReadFile | ll.AccessFSReadDir
	rwFile  = ll.AccessFSReadFile | ll.AccessFSWriteFile | ll.AccessFSTruncate
	rwDir   = rwFile | ll.AccessFSReadDir | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile | ll.AccessFSMakeDir | ll.AccessFSMakeReg
	dirOnly = ll.AccessFSReadDir | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile | ll.AccessFSMakeChar | ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock | ll.AccessFSMakeFifo | ll.AccessFSMakeBlock | ll.AccessFSMakeSym | ll.AccessFSRefer
)

// handledFS is every filesystem right the kernel's ABI knows: whatever
// is handled and not granted is denied.
func handledFS(abi int) uint64 {
	switch {
	case abi >= 9:
		return 1<<17 - 1
	case abi >= 5:
		return 1<<16 - 1
	case abi >= 3:
		return 1<<15 - 1
	case abi == 2:
		return 1<<14 - 1
	default:
		return 1<<13 - 1
	}
}

// grant is one Landlock path rule to be.
type grant struct {
	path   string
	access uint64
	follow bool // open following symlinks (a configured path); carved entries never do
}

// deniedSubtrees returns the path floor's deny list for home plus extra,
// each in its written and resolved form.
func deniedSubtrees(home string, extra []string) []string {
	f := pathfloor.New(home, extra...)
	var out []string
	for _, d := range f.Denied() {
		out = append(out, d)
		if r, err := filepath.EvalSymlinks(d); err == nil && r != d {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

func within(p, base string) bool {
	return p == base || base == "/" || strings.HasPrefix(p, base+"/")
}

// plan turns the configured paths into rules that grant them minus every
// denied subtree. Landlock only allows, so a folder containing a denied
// subtree is not granted itself: its entries are, except the ones on the
// way to the denied subtree, which are carved the same way, and the
// folder itself gets only ReadDir (listing names, never contents).
// Carving works on the tree as it is at Apply time; an entry made later
// directly in a carved folder is not granted.
func plan(paths []string, access uint64, denied []string, mustExist bool) ([]grant, []string, error) {
	var grants []grant
	var notes []string
	for _, p := range paths {
		r, err := filepath.EvalSymlinks(p)
		if err != nil {
			if !mustExist && os.IsNotExist(err) {
				continue
			}
			return nil, nil, &Error{Step: "landlock", Reason: fmt.Sprintf("%s: %v", p, err)}
		}
		if d := deniedCovering(r, denied); d != "" {
			notes = append(notes, fmt.Sprintf("%s not granted: inside the denied %s", p, d))
			continue
		}
		var inside []string
		for _, d := range denied {
			if d != r && within(d, r) {
				inside = append(inside, d)
			}
		}
		if len(inside) == 0 {
			grants = append(grants, grant{path: r, access: access, follow: true})
			continue
		}
		g, err := carve(r, access, inside)
		if err != nil {
			return nil, nil, err
		}
		grants = append(grants, g...)
		notes = append(notes, fmt.Sprintf("%s granted without %s", p, strings.Join(inside, ", ")))
	}
	return grants, notes, nil
}

func deniedCovering(p string, denied []string) string {
	for _, d := range denied {
		if within(p, d) {
			return d
		}
	}
	return ""
}

// carve grants dir's entries except the denied ones; dir itself gets
// ReadDir only.
func carve(dir string, access uint64, denied []string) ([]grant, error) {
	grants := []grant{{path: dir, access: ll.AccessFSReadDir}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &Error{Step: "landlock", Reason: fmt.Sprintf("listing %s to leave out denied subtrees: %v", dir, err)}
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.Type()&os.ModeSymlink != 0 {
			// A link's target is granted only through its own place in
			// the tree: following it could grant anything.
			continue
		}
		var inside []string
		skip := false
		for _, d := range denied {
			switch {
			case d == p:
				skip = true
			case within(d, p):
				inside = append(inside, d)
			}
		}
		switch {
		case skip:
		case len(inside) == 0:
			grants = append(grants, grant{path: p, access: access})
		case e.IsDir():
			g, err := carve(p, access, inside)
			if err != nil {
				return nil, err
			}
			grants = append(grants, g...)
		}
	}
	return grants, nil
}

// addPath adds one rule; dir-only rights are dropped for a non-folder.
func addPath(fd int, g grant, handled uint64) error {
	flags := unix.O_PATH | unix.O_CLOEXEC
	if !g.follow {
		flags |= unix.O_NOFOLLOW
	}
	pfd, err := unix.Open(g.path, flags, 0)
	if err != nil {
		return &Error{Step: "landlock", Reason: fmt.Sprintf("opening %s: %v", g.path, err)}
	}
	defer unix.Close(pfd)
	var st unix.Stat_t
	if err := unix.Fstat(pfd, &st); err != nil {
		return &Error{Step: "landlock", Reason: fmt.Sprintf("stat %s: %v", g.path, err)}
	}
	access := g.access & handled
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
	case unix.S_IFLNK:
		return nil // swapped for a link since it was listed: grant nothing
	default:
		access &^= dirOnly
	}
	if access == 0 {
		return nil
	}
	attr := ll.PathBeneathAttr{AllowedAccess: access, ParentFd: pfd}
	if err := ll.LandlockAddPathBeneathRule(fd, &attr, 0); err != nil {
		return &Error{Step: "landlock", Reason: fmt.Sprintf("rule for %s: %v", g.path, err)}
	}
	return nil
}

// ruleset is one Landlock layer: handled rights and the rules.
type ruleset struct {
	fs     uint64
	net    uint64
	scoped uint64
	paths  []grant
	ports  []uint16
}

// enforce creates the ruleset and restricts every thread of the process
// with it: the kernel's TSYNC flag from ABI 8, else go-landlock's psx
// all-threads syscall (Landlock, unlike seccomp, applies per thread).
func (rs ruleset) enforce(abi int) error {
	attr := ll.RulesetAttr{HandledAccessFS: rs.fs, HandledAccessNet: rs.net, Scoped: rs.scoped}
	fd, err := ll.LandlockCreateRuleset(&attr, 0)
	if err != nil {
		return &Error{Step: "landlock", Reason: fmt.Sprintf("create ruleset: %v", err)}
	}
	defer unix.Close(fd)
	for _, g := range rs.paths {
		if err := addPath(fd, g, rs.fs); err != nil {
			return err
		}
	}
	for _, port := range rs.ports {
		attr := ll.NetPortAttr{AllowedAccess: ll.AccessNetConnectTCP, Port: uint64(port)}
		if err := ll.LandlockAddNetPortRule(fd, &attr, 0); err != nil {
			return &Error{Step: "landlock", Reason: fmt.Sprintf("rule for port %d: %v", port, err)}
		}
	}
	if abi >= 8 {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return &Error{Step: "prctl", Reason: fmt.Sprintf("PR_SET_NO_NEW_PRIVS: %v", err)}
		}
		if err := ll.LandlockRestrictSelf(fd, ll.FlagRestrictSelfTSync); err != nil {
			return &Error{Step: "landlock", Reason: fmt.Sprintf("restrict_self (all threads): %v", err)}
		}
		return nil
	}
	if err := ll.AllThreadsPrctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return &Error{Step: "prctl", Reason: fmt.Sprintf("PR_SET_NO_NEW_PRIVS on all threads: %v", err)}
	}
	if err := ll.AllThreadsLandlockRestrictSelf(fd, 0); err != nil {
		return &Error{Step: "landlock", Reason: fmt.Sprintf("restrict_self on all threads: %v", err)}
	}
	return nil
}
