package gen

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
)

// trustedToolchains are the places DefaultToolchain looks for the go
// command, in order: the official tarball's and Debian's install
// locations. The PATH is never searched: an agent can put its own `go`
// first on it.
func trustedToolchains() []string {
	return []string{"/usr/local/go/bin/go", "/usr/lib/go/bin/go"}
}

// DefaultToolchain returns the first of the trusted install locations
// whose go command passes CheckToolchain.
func DefaultToolchain() (string, error) {
	var reasons []string
	for _, p := range trustedToolchains() {
		err := CheckToolchain(p)
		if err == nil {
			return p, nil
		}
		reasons = append(reasons, err.Error())
	}
	return "", fmt.Errorf("no trusted Go toolchain (set BuildOptions.Toolchain to an absolute path): %s", strings.Join(reasons, "; "))
}

// CheckToolchain refuses a go command that someone other than root or the
// current user could have replaced: the path must be absolute and, after
// symlinks, a regular file owned by root or the current user and writable
// by neither group nor others; every folder above it must be owned by
// root or the current user and not writable by group or others (unless
// sticky, as /tmp is, where others cannot rename what they do not own).
func CheckToolchain(path string) error {
	if !filepath.IsAbs(path) {
		return refusal(NotAbsolute, path, "toolchain %q: not an absolute path", path)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("toolchain %s: %w", path, err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return fmt.Errorf("toolchain %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return refusal(WrongFileType, real, "toolchain %s: %s is not a regular file", path, real)
	}
	if err := trustedOwner(real, fi, false); err != nil {
		return fmt.Errorf("toolchain %s: %w", path, err)
	}
	for dir := filepath.Dir(real); ; dir = filepath.Dir(dir) {
		di, err := os.Stat(dir)
		if err != nil {
			return fmt.Errorf("toolchain %s: %w", path, err)
		}
		if err := trustedOwner(dir, di, true); err != nil {
			return fmt.Errorf("toolchain %s: %w", path, err)
		}
		if dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// trustedOwner refuses a file not owned by root or the current user, or
// writable by group or others (a folder may be if it is sticky).
func trustedOwner(path string, fi fs.FileInfo, dir bool) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return refusal(ForeignOwner, path, "%s: cannot read its owner", path)
	}
	if st.Uid != 0 && int(st.Uid) != os.Geteuid() {
		return refusal(ForeignOwner, path, "%s is owned by uid %d, neither root nor the current user", path, st.Uid)
	}
	if fi.Mode().Perm()&0o022 != 0 && !(dir && fi.Mode()&fs.ModeSticky != 0) {
		return refusal(WritableByOthers, path, "%s is writable by group or others (mode %v)", path, fi.Mode())
	}
	return nil
}

// checkOwnDir refuses a folder the current user does not own or that
// group or others may write: what a build trusts in it (a cached binary,
// its record) must be the current user's alone.
func checkOwnDir(what, dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !fi.IsDir() {
		return refusal(WrongFileType, dir, "%s: %s is not a folder", what, dir)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return refusal(ForeignOwner, dir, "%s: %s: cannot read its owner", what, dir)
	}
	if int(st.Uid) != os.Geteuid() {
		return refusal(ForeignOwner, dir, "%s: %s is owned by uid %d, not the current user (%d)", what, dir, st.Uid, os.Geteuid())
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return refusal(WritableByOthers, dir, "%s: %s is writable by group or others (mode %v)", what, dir, fi.Mode())
	}
	return nil
}

// accountHome is the current user's home folder from the account
// database, never from $HOME, which the caller's environment chooses.
func accountHome() (string, error) {
	u, err := user.Current()
	if err != nil {
		return "", fmt.Errorf("looking up the current user: %v", err)
	}
	if u.HomeDir == "" || !filepath.IsAbs(u.HomeDir) {
		return "", fmt.Errorf("the account database gives user %s no absolute home folder", u.Username)
	}
	return u.HomeDir, nil
}

// toolchain is a checked go command and the settings its runs get.
type toolchain struct {
	goBin    string
	goCache  string // GOCACHE
	modCache string // GOMODCACHE
	home     string
}

// resolveToolchain checks opts' toolchain (or finds the default) and
// fills in the go caches from the account database's home folder.
func (o *BuildOptions) resolveToolchain() (*toolchain, error) {
	tc := &toolchain{goBin: o.Toolchain, goCache: o.GoCache, modCache: o.ModCache}
	if tc.goBin == "" {
		p, err := DefaultToolchain()
		if err != nil {
			return nil, err
		}
		tc.goBin = p
	} else if err := CheckToolchain(tc.goBin); err != nil {
		return nil, err
	}
	// Run the file that was checked, not a path whose links could be
	// changed between the check and the run.
	real, err := filepath.EvalSymlinks(tc.goBin)
	if err != nil {
		return nil, fmt.Errorf("toolchain %s: %w", tc.goBin, err)
	}
	tc.goBin = real
	home, err := accountHome()
	if err != nil {
		return nil, err
	}
	tc.home = home
	if tc.goCache == "" {
		tc.goCache = filepath.Join(home, ".cache", "go-build")
	}
	if tc.modCache == "" {
		tc.modCache = filepath.Join(home, "go", "pkg", "mod")
	}
	for _, c := range []struct{ what, dir string }{{"GOCACHE", tc.goCache}, {"GOMODCACHE", tc.modCache}} {
		if !filepath.IsAbs(c.dir) {
			return nil, refusal(NotAbsolute, c.dir, "%s %q: not an absolute path", c.what, c.dir)
		}
		// What the go command compiles from and links must be the
		// current user's alone; a cache not made yet is made by go.
		if _, err := os.Stat(c.dir); err == nil {
			if err := checkOwnDir(c.what, c.dir); err != nil {
				return nil, err
			}
		}
	}
	return tc, nil
}

// hermeticEnv are the settings every go command of a build runs with: no
// network (no proxy, no version control fetch), no module download, no
// checksum database, no user go env file
// (GOENV=off: `go env -w` could otherwise add -toolexec), the local
// toolchain, no cgo, no workspace, no external packages driver.
var hermeticEnv = []string{
	// -trimpath here, not only on go build, so the type-checking go list
	// of the binding check compiles with the same flags and shares its
	// GOCACHE entries with the build (else a cold build compiles the
	// standard library twice).
	"GOFLAGS=-mod=mod -buildvcs=false -trimpath",
	"GOENV=off",
	"GOPROXY=off",
	"GOSUMDB=off",
	// No GOPRIVATE/GONOPROXY: a private module bypasses GOPROXY=off and is
	// fetched directly; GOVCS forbids that path too.
	"GOVCS=*:off",
	"GOWORK=off",
	"GOTOOLCHAIN=local",
	"GO111MODULE=on",
	"CGO_ENABLED=0",
	"GOPACKAGESDRIVER=off",
}

// environ is the complete environment of the go command: nothing is
// inherited from this process (no GOFLAGS, GOPROXY, CC, CGO_*, GOROOT,
// PATH of the caller), then opts.Env, which is the Go caller's, not the
// environment's.
func (tc *toolchain) environ(extra []string) []string {
	env := []string{
		"PATH=" + filepath.Dir(tc.goBin) + ":/usr/bin:/bin",
		"HOME=" + tc.home,
		"GOPATH=" + filepath.Join(tc.home, "go"),
		"GOCACHE=" + tc.goCache,
		"GOMODCACHE=" + tc.modCache,
		"LANG=C",
	}
	env = append(env, hermeticEnv...)
	return append(env, extra...)
}

// runGo runs the checked go command; it is the default GoRunner.
func (tc *toolchain) runGo(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, tc.goBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = stderr
	err := cmd.Run()
	return out.Bytes(), err
}

// version is `go version` of the checked toolchain, run directly (not
// through an injected GoRunner: it names what builds the binary).
func (tc *toolchain) version(ctx context.Context, env []string) (string, error) {
	var errOut bytes.Buffer
	out, err := tc.runGo(ctx, "/", env, &errOut, "version")
	if err != nil {
		return "", fmt.Errorf("toolchain %s: go version: %v %s", tc.goBin, err, strings.TrimSpace(errOut.String()))
	}
	v := strings.TrimSpace(string(out))
	if !strings.HasPrefix(v, "go version go") {
		return "", fmt.Errorf("toolchain %s: go version printed %q", tc.goBin, v)
	}
	return v, nil
}
