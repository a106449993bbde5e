package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/clauz3/clauz3/securitymod/receipt"
)

// SystemPath is the client configuration of a real (two-principal)
// installation, written by `sudo clauz3 service init`. It is a variable
// only so a test can link a binary with another path (go build -ldflags
// -X); nothing at run time sets it, and no flag, environment variable or
// project file reaches it.
var SystemPath = "/etc/clauz3/client.json"

// Modes of an installation.
const (
	ModeReal = "real" // the service runs under its own OS account
	ModeDev  = "dev"  // same-user development mode: no OS separation
)

// LeftoverEnv and LeftoverFile named the service before issue 11; a run
// that still sees either is refused, so nobody believes they still work.
const (
	LeftoverEnv  = "CLAUZ3_APPROVAL_SERVICE"
	LeftoverFile = ".clauz3/approval-service.json"
)

// Config is client.json.
type Config struct {
	Mode string `json:"mode"`
	// URL is the service's loopback HTTP address: the human's browser UI,
	// the sealed binary's redemption, and (dev mode only) the API.
	URL string `json:"url"`
	// Socket is the API's Unix socket (real mode), served by the account
	// ServiceUID; the client checks the peer's uid on every connection.
	Socket     string `json:"socket,omitempty"`
	ServiceUID *int   `json:"service_uid,omitempty"`
	// PublicKey pins the service's receipt key (standard base64).
	PublicKey string `json:"public_key"`
	KeyID     string `json:"key_id"`
}

// Found is the service a client talks to and where that was read.
type Found struct {
	Config
	Path string
}

// Paths are where Find looks: the system file, else the user's file under
// the account database's home folder.
type Paths struct {
	System   string
	UserHome string
}

// UserPath is the dev-mode client configuration under home.
func UserPath(home string) string { return filepath.Join(home, ".config", "clauz3", "client.json") }

// DefaultPaths are SystemPath and the current account's home folder from
// the account database (os/user), never $HOME: the agent sets its own
// environment.
func DefaultPaths() (Paths, error) {
	u, err := user.Current()
	if err != nil {
		return Paths{}, fail(NoHome, "", "the current account's home folder: %w", err)
	}
	if u.HomeDir == "" || !filepath.IsAbs(u.HomeDir) {
		return Paths{}, fail(NoHome, u.HomeDir, "the account database gives no absolute home folder for uid %s", u.Uid)
	}
	return Paths{System: SystemPath, UserHome: u.HomeDir}, nil
}

// Find reads the client configuration: the system file when it exists
// (it must be a regular file owned by root, writable by nobody else, in a
// folder only root or the service account may change, and name a real
// installation), else the user's dev-mode file (owned by the caller,
// writable by nobody else, naming a dev installation). Anything else is a
// refusal that says why.
func Find(p Paths) (Found, error) {
	sys, err := readChecked(p.System, 0)
	switch {
	case err == nil:
		c, err := parse(p.System, sys)
		if err != nil {
			return Found{}, err
		}
		if c.Mode != ModeReal {
			return Found{}, fail(WrongMode, p.System, "%s: mode %q: the system configuration names a real installation only", p.System, c.Mode)
		}
		return Found{Config: c, Path: p.System}, nil
	case !errors.Is(err, fs.ErrNotExist):
		return Found{}, err
	}
	if p.UserHome == "" {
		return Found{}, fail(NotSetUp, "", "no approval service is set up: no home folder to look in")
	}
	path := UserPath(p.UserHome)
	data, err := readChecked(path, os.Geteuid())
	if errors.Is(err, fs.ErrNotExist) {
		return Found{}, fail(NotSetUp, path, "no approval service is set up (neither %s nor %s exists): the human runs `sudo clauz3 service init` (or `clauz3 service init --dev` for a same-user development setup)", p.System, path)
	}
	if err != nil {
		return Found{}, err
	}
	c, err := parse(path, data)
	if err != nil {
		return Found{}, err
	}
	if c.Mode != ModeDev {
		return Found{}, fail(WrongMode, path, "%s: mode %q: a user's configuration names a dev installation only (a real one is in %s)", path, c.Mode, p.System)
	}
	return Found{Config: c, Path: path}, nil
}

// readChecked reads path, which must be a regular file (no symlink) owned
// by uid and not writable by group or others. Its folder must be owned by
// uid or root and not writable by group or others either, else whoever
// may write the folder could swap the file.
func readChecked(path string, uid int) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, fail(Unreadable, path, "%s: %w", path, err)
	}
	if err := checkOwner(path, fi, uid, false); err != nil {
		return nil, err
	}
	dfi, err := os.Lstat(filepath.Dir(path))
	if err != nil {
		return nil, fail(Unreadable, filepath.Dir(path), "%s: %w", filepath.Dir(path), err)
	}
	if err := checkOwner(filepath.Dir(path), dfi, uid, true); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, fail(Unreadable, path, "%s: %w", path, err)
	}
	defer f.Close()
	// Check what was opened, not only what was looked at.
	ofi, err := f.Stat()
	if err != nil || !os.SameFile(fi, ofi) {
		return nil, fail(Changed, path, "%s changed while it was read; refusing it", path)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(&limited{f, 64 << 10}); err != nil {
		return nil, fail(Unreadable, path, "%s: %w", path, err)
	}
	return buf.Bytes(), nil
}

type limited struct {
	f *os.File
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, errors.New("larger than 64 KiB")
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.f.Read(p)
	l.n -= int64(n)
	return n, err
}

func checkOwner(path string, fi fs.FileInfo, uid int, dir bool) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fail(NoOwner, path, "%s: cannot read its owner on this system", path)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return fail(Symlink, path, "%s is a symbolic link; refusing it", path)
	case dir && !fi.IsDir():
		return fail(NotAFolder, path, "%s is not a folder", path)
	case !dir && !fi.Mode().IsRegular():
		return fail(NotAFile, path, "%s is not a regular file", path)
	case int(st.Uid) != uid && !(dir && st.Uid == 0):
		return fail(NotOwned, path, "%s is owned by uid %d, not %d; refusing it", path, st.Uid, uid)
	case fi.Mode().Perm()&0o022 != 0:
		return fail(Writable, path, "%s is writable by group or others (mode %v); refusing it", path, fi.Mode().Perm())
	}
	return nil
}

func parse(path string, data []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fail(Malformed, path, "%s: %w", path, err)
	}
	if dec.More() {
		return Config{}, fail(Malformed, path, "%s: data after the JSON object", path)
	}
	if err := c.Check(); err != nil {
		// Check's *Error (its Kind) stays reachable through the file name.
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Check checks a configuration's fields.
func (c Config) Check() error {
	u, err := url.Parse(c.URL)
	if err != nil || u.Scheme != "http" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || (u.Path != "" && u.Path != "/") {
		return fail(BadURL, "", "url %q: want http://<loopback address>:<port>", c.URL)
	}
	host, _, err := net.SplitHostPort(u.Host)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fail(BadURL, "", "url %q: the service listens on a loopback IP address only", c.URL)
	}
	pub, err := receipt.ParsePublicKey(c.PublicKey)
	if err != nil {
		return fail(BadPublicKey, "", "public_key: %w", err)
	}
	if receipt.KeyID(pub) != c.KeyID {
		return fail(KeyIDMismatch, "", "key_id %q is not the id of public_key (%s)", c.KeyID, receipt.KeyID(pub))
	}
	switch c.Mode {
	case ModeReal:
		if !filepath.IsAbs(c.Socket) {
			return fail(BadSocket, c.Socket, "socket %q: a real installation's API is an absolute Unix socket path", c.Socket)
		}
		if c.ServiceUID == nil || *c.ServiceUID <= 0 {
			return fail(NoServiceUID, "", "service_uid: a real installation names the service account's uid (not root)")
		}
	case ModeDev:
		if c.Socket != "" || c.ServiceUID != nil {
			return fail(DevHasSocket, c.Socket, "a dev installation has no socket or service_uid: it is reached over loopback HTTP")
		}
	default:
		return fail(BadMode, "", "mode %q: want %q or %q", c.Mode, ModeReal, ModeDev)
	}
	return nil
}

// BaseURL is the URL requests name; in real mode they travel over the
// socket, with this Host so the service's Host guard accepts them.
func (f Found) BaseURL() string { return strings.TrimSuffix(f.URL, "/") }

// From says where the service came from, for a transcript.
func (f Found) From() string {
	if f.Mode == ModeReal {
		return fmt.Sprintf("%s, socket %s served by uid %d", f.Path, f.Socket, *f.ServiceUID)
	}
	return f.Path + ", DEV MODE: same OS user as the agent, no OS separation"
}

// HTTPClient talks to the found service only: in real mode every
// connection goes to the Unix socket and is dropped unless its peer is
// the service account; in dev mode to the pinned loopback address. No
// proxy from the environment, no redirect.
func (f Found) HTTPClient() *http.Client {
	tr := &http.Transport{
		Proxy:               nil,
		DisableCompression:  true,
		MaxIdleConnsPerHost: 2,
		IdleConnTimeout:     30 * time.Second,
	}
	u, _ := url.Parse(f.URL)
	addr := u.Host
	if f.Mode == ModeReal {
		socket, uid := f.Socket, *f.ServiceUID
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			return DialService(ctx, socket, uid)
		}
	} else {
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "tcp", addr)
		}
	}
	return &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// DialService connects to socket and checks that the process serving it
// runs as uid (SO_PEERCRED); a socket squatted by anyone else is refused.
func DialService(ctx context.Context, socket string, uid int) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", socket)
	if err != nil {
		return nil, fail(DialFailed, socket, "the approval service's socket %s: %w", socket, err)
	}
	got, err := peerUID(c.(*net.UnixConn))
	if err != nil {
		c.Close()
		return nil, fail(PeerUnknown, socket, "the approval service's socket %s: reading the peer's uid: %w", socket, err)
	}
	if got != uid {
		c.Close()
		return nil, fail(WrongPeer, socket, "the approval service's socket %s is served by uid %d, not the service account (uid %d); refusing it", socket, got, uid)
	}
	return c, nil
}

// Leftovers refuses the ways of naming a service that issue 11 removed:
// the environment variable and a project discovery file in any of dirs.
// They are refused rather than ignored, so nobody believes they still
// choose the service.
func Leftovers(getenv func(string) string, dirs ...string) error {
	if v := getenv(LeftoverEnv); v != "" {
		return fail(LeftoverEnvSet, "", "%s is set (%q): the approval service is no longer chosen by the environment; it is found from %s (or, in dev mode, ~/.config/clauz3/client.json). Unset it", LeftoverEnv, v, SystemPath)
	}
	for _, d := range dirs {
		p := filepath.Join(d, LeftoverFile)
		if _, err := os.Lstat(p); err == nil {
			return fail(LeftoverFileExists, p, "%s exists: a project file no longer chooses the approval service (it is found from %s, or in dev mode ~/.config/clauz3/client.json); remove it", p, SystemPath)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fail(Unreadable, p, "%s: %w", p, err)
		}
	}
	return nil
}
