package serve

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// InitOptions are what `clauz3 service init` was told, checked for form
// by the command (a loopback --addr with a fixed port, an absolute go
// command from FindGo).
type InitOptions struct {
	Layout state.Layout
	// Dev sets up a same-user development installation.
	Dev                   bool
	Addr                  string
	Account, Socket, Unit string // real mode
	Go                    string
	GoCache, GoModCache   string // dev mode only
	ModuleSource          string // real mode
	ClientHome            string // dev mode only
	// Password reads the human's password; it is asked only once every
	// other check passed and nothing would be replaced.
	Password func() (string, error)
	// ClientPaths finds the account's home for a dev client
	// configuration.
	ClientPaths func() (client.Paths, error)
	Stdout      io.Writer
}

// UsageError is a refusal of what init was told (a flag that does not
// fit the installation) rather than of the machine's state.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

func usage(format string, a ...any) error { return &UsageError{fmt.Errorf(format, a...)} }

// Init sets up an installation: in a real one (run by root) the service
// account, its folders, the vetted module cache, a systemd unit and the
// root-owned client configuration; in a dev one, same-user folders and
// the user's client configuration. It never replaces a service's keys.
func Init(o InitOptions) error {
	l := o.Layout
	uid, gid := os.Geteuid(), os.Getegid()
	if !o.Dev {
		if uid != 0 {
			return fmt.Errorf("a real installation is set up by root (sudo clauz3 service init): it makes the %s account and root-owned client configuration; for a same-user development setup use --dev", o.Account)
		}
		// The login page's port must be one the agent cannot squat.
		start, err := state.UnprivilegedPortStart()
		if err == nil {
			err = state.CheckPrivilegedAddr(o.Addr, start)
		}
		if err != nil {
			return fmt.Errorf("--addr: %v", err)
		}
		if !filepath.IsAbs(o.Socket) {
			return usage("--socket %q is not an absolute path", o.Socket)
		}
		if uid, gid, err = ensureAccount(o.Account, l.State); err != nil {
			return err
		}
	}
	if _, err := os.Lstat(l.KeysFile()); err == nil {
		return fmt.Errorf("%s already holds a service's keys; refusing to replace them (every receipt and session would be orphaned)", l.State)
	}
	password, err := o.Password()
	if err != nil {
		return fmt.Errorf("the password: %v", err)
	}
	hash, err := approval.HashPassword(password)
	if err != nil {
		return err
	}
	for _, d := range []string{l.Config, l.State, l.LayerConfig(), l.LayerStore()} {
		if err := mkdirOwned(d, 0o700, uid, gid); err != nil {
			return err
		}
	}
	keys, err := state.MakeKeys(l)
	if err != nil {
		return err
	}
	pub := keys.Signing.Public().(ed25519.PublicKey)
	pubKey := receipt.EncodePublicKey(pub)
	mode := client.ModeReal
	if o.Dev {
		mode = client.ModeDev
	}
	settings := state.Settings{Mode: mode, Addr: o.Addr, ServiceUID: uid, Go: o.Go, GoCache: o.GoCache, GoModCache: o.GoModCache}
	cc := client.Config{Mode: mode, URL: "http://" + o.Addr, PublicKey: pubKey, KeyID: receipt.KeyID(pub)}
	if o.Dev {
		paths, err := o.ClientPaths()
		if err != nil {
			return err
		}
		settings.ClientConfig = client.UserPath(paths.UserHome)
		if o.ClientHome != "" {
			settings.ClientConfig = client.UserPath(o.ClientHome)
		}
	} else {
		settings.Socket = o.Socket
		settings.ClientConfig = client.SystemPath
		cc.Socket, cc.ServiceUID = o.Socket, &uid
		if err := mkdirOwned(filepath.Dir(o.Socket), 0o755, uid, gid); err != nil {
			return err
		}
		// A real service builds with its own module cache and never
		// fetches: seed it now with the vetted modules, each checked
		// against the pinned go.sum, and hand it to the service account.
		if err := seedModCache(o.Go, filepath.Join(l.State, "gomodcache"), o.ModuleSource, uid, gid); err != nil {
			return err
		}
		fmt.Fprintf(o.Stdout, "service init: seeded the module cache %s with the vetted modules\n", filepath.Join(l.State, "gomodcache"))
	}
	if err := cc.Check(); err != nil {
		return fmt.Errorf("internal error: the client configuration does not check: %v", err)
	}
	sj, _ := json.MarshalIndent(settings, "", "  ")
	ccj, _ := json.MarshalIndent(cc, "", "  ")
	for _, w := range []struct {
		path string
		data []byte
	}{{l.SettingsFile(), sj}, {l.PasswordFile(), []byte(hash + "\n")}} {
		if err := state.WriteFile(w.path, append(w.data, '\n')); err != nil {
			return err
		}
	}
	if err := chownAll(uid, gid, l.KeysFile(), l.SettingsFile(), l.PasswordFile()); err != nil {
		return err
	}
	// The client configuration: the user's own in dev mode, root's
	// (readable by every agent, writable by root only) in a real one.
	clientDir := filepath.Dir(settings.ClientConfig)
	if err := os.MkdirAll(clientDir, 0o755); err != nil {
		return err
	}
	if o.Dev {
		os.Chmod(clientDir, 0o700)
	}
	if err := state.WriteFile(settings.ClientConfig, append(ccj, '\n')); err != nil {
		return err
	}
	if !o.Dev {
		if err := os.Chmod(settings.ClientConfig, 0o644); err != nil {
			return err
		}
		if err := writeUnit(o.Unit, o.Account, l); err != nil {
			return err
		}
		fmt.Fprintf(o.Stdout, "service init: wrote the systemd unit %s (systemctl enable --now clauz3)\n", o.Unit)
	}
	fmt.Fprintf(o.Stdout, "service init: %s installation, service uid %d\n", mode, uid)
	fmt.Fprintf(o.Stdout, "service init: config %s, state %s\n", l.Config, l.State)
	fmt.Fprintf(o.Stdout, "service init: client configuration %s (key %s)\n", settings.ClientConfig, cc.KeyID)
	fmt.Fprintf(o.Stdout, "service init: install layers with `clauz3 layers install NAME`%s\n", map[bool]string{true: " --dev", false: ""}[o.Dev])
	if o.Dev {
		fmt.Fprintln(o.Stdout, "service init: DEV MODE: the service runs as your own OS user; it does not protect you from a hostile agent")
	}
	return nil
}

// FindGo is the go command's absolute path: the flag's, else the one on
// PATH now, else GOROOT's. It is recorded at init; the service never
// looks the go command up again.
func FindGo(flagValue string) (string, error) {
	p := flagValue
	if p == "" {
		var err error
		if p, err = exec.LookPath("go"); err != nil {
			p = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
	}
	if !filepath.IsAbs(p) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		p = abs
	}
	p, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("--go: %v", err)
	}
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return "", fmt.Errorf("--go %s: not an executable file", p)
	}
	return p, nil
}

// ensureAccount finds or makes the service's system account.
func ensureAccount(name, home string) (int, int, error) {
	u, err := user.Lookup(name)
	if err != nil {
		var unknown user.UnknownUserError
		if !errors.As(err, &unknown) {
			return 0, 0, fmt.Errorf("looking up the account %s: %v", name, err)
		}
		out, err := exec.Command("useradd", "--system", "--user-group", "--home-dir", home, "--no-create-home", "--shell", "/usr/sbin/nologin", name).CombinedOutput()
		if err != nil {
			return 0, 0, fmt.Errorf("useradd %s: %v: %s", name, err, strings.TrimSpace(string(out)))
		}
		if u, err = user.Lookup(name); err != nil {
			return 0, 0, fmt.Errorf("the account %s after useradd: %v", name, err)
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if uid == 0 {
		return 0, 0, fmt.Errorf("the account %s is root: the service must be a principal of its own", name)
	}
	return uid, gid, nil
}

// seedModCache fills a real service's module cache from src (default:
// ~/go/pkg/mod of the account running init, from the account database)
// through gen.SeedModCache, then gives it to the service account.
func seedModCache(goBin, modCache, src string, uid, gid int) error {
	if src == "" {
		u, err := user.Current()
		if err != nil || !filepath.IsAbs(u.HomeDir) {
			return fmt.Errorf("the module cache to seed from: no home folder for this account (%v); give --module-source", err)
		}
		src = filepath.Join(u.HomeDir, "go", "pkg", "mod")
	}
	if err := gen.SeedModCache(context.Background(), goBin, modCache, src); err != nil {
		return fmt.Errorf("%v; a real service cannot build without its vetted modules: fill a module cache with them (go mod download, as the account running init, in a checkout of clauz3) and give it with --module-source", err)
	}
	return filepath.WalkDir(modCache, func(p string, d iofs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}

func mkdirOwned(dir string, mode os.FileMode, uid, gid int) error {
	if err := os.MkdirAll(dir, mode); err != nil {
		return err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	if err := os.Chown(dir, uid, gid); err != nil {
		return err
	}
	return os.Chmod(dir, mode)
}

func chownAll(uid, gid int, paths ...string) error {
	for _, p := range paths {
		if err := os.Lchown(p, uid, gid); err != nil {
			return err
		}
	}
	return nil
}

func writeUnit(path, account string, l state.Layout) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	unit := fmt.Sprintf(`[Unit]
Description=clauz3 approval service (proves, asks the human, builds and runs approved plans)
After=network.target

[Service]
User=%s
# The UI listens on a privileged loopback port, which the agent's account
# cannot bind first (docs/threat-model.md): this capability alone lets
# the service account bind it.
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
ExecStart=%s service run --state %s --config %s
RuntimeDirectory=clauz3
RuntimeDirectoryMode=0755
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=%s
PrivateTmp=yes
Restart=on-failure

[Install]
WantedBy=multi-user.target
`, account, self, l.State, l.Config, l.State)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(unit), 0o644)
}
