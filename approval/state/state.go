package state

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// Default folders of a real installation. The service's API socket lives
// in its own folder, which the agent may traverse but not write.
const (
	RealConfig = "/etc/clauz3/service"
	RealState  = "/var/lib/clauz3"
	RealSocket = "/run/clauz3/approval.sock"
	RealUnit   = "/etc/systemd/system/clauz3.service"
	Account    = "clauz3"
)

// Layout is where one service instance keeps what it owns.
type Layout struct {
	Config string // settings, password hash, policy, layer configuration
	State  string // database, keys, lock, layer store, caches
}

// DevLayout is the dev-mode default under the account database's home.
func DevLayout() (Layout, error) {
	u, err := user.Current()
	if err != nil {
		return Layout{}, fail(NoHome, "", "the current account's home folder: %w", err)
	}
	if !filepath.IsAbs(u.HomeDir) {
		return Layout{}, fail(NoHome, u.HomeDir, "the account database gives no absolute home folder for uid %s", u.Uid)
	}
	return Layout{Config: filepath.Join(u.HomeDir, ".config", "clauz3", "service"), State: filepath.Join(u.HomeDir, ".local", "state", "clauz3")}, nil
}

// RealLayout is the real installation's default.
func RealLayout() Layout { return Layout{Config: RealConfig, State: RealState} }

func (l Layout) SettingsFile() string { return filepath.Join(l.Config, "service.json") }
func (l Layout) PasswordFile() string { return filepath.Join(l.Config, "password") }
func (l Layout) PolicyFile() string   { return filepath.Join(l.Config, "policy.json") }
func (l Layout) LayerConfig() string  { return filepath.Join(l.Config, "layers") }
func (l Layout) DB() string           { return filepath.Join(l.State, "approval.db") }
func (l Layout) KeysFile() string     { return filepath.Join(l.State, "keys.json") }
func (l Layout) LockFile() string     { return filepath.Join(l.State, "lock") }
func (l Layout) LayerStore() string   { return filepath.Join(l.State, "layers") }
func (l Layout) Secrets() string      { return filepath.Join(l.State, "secrets") }

// Settings is service.json, written by `clauz3 service init`.
type Settings struct {
	Mode       string `json:"mode"` // client.ModeReal or client.ModeDev
	Addr       string `json:"addr"` // loopback host:port of the UI and redemption
	Socket     string `json:"socket,omitempty"`
	ServiceUID int    `json:"service_uid"`
	// Go is the absolute path of the go command sealed builds use.
	Go string `json:"go,omitempty"`
	// GoCache, dev mode only, shares the user's Go build cache (the same
	// OS user may write it anyway); empty means <state>/gocache, which a
	// real installation always uses.
	GoCache string `json:"go_cache,omitempty"`
	// GoModCache, dev mode only, likewise shares the user's module cache;
	// empty means <state>/gomodcache (see docs/threat-model.md for what a
	// real installation's module cache does not hold yet).
	GoModCache string `json:"go_mod_cache,omitempty"`
	// ClientConfig is where init wrote the client configuration.
	ClientConfig string `json:"client_config"`
	// Sandbox is what the service grants every run's kernel sandbox
	// besides what its layers' configuration names, the runs' resource
	// limits, and whether a machine without the protections may run
	// plans unconfined (default: no, it runs nothing there).
	Sandbox SandboxSettings `json:"sandbox,omitzero"`
}

// SandboxSettings is service.json's "sandbox" (approval/execute's
// SandboxOptions). Paths are absolute; zero limits are the defaults.
type SandboxSettings struct {
	ReadOnly        []string `json:"read_only,omitempty"`
	ReadWrite       []string `json:"read_write,omitempty"`
	ConnectPorts    []uint16 `json:"connect_ports,omitempty"`
	CPUSeconds      uint64   `json:"cpu_seconds,omitempty"`
	AddressSpace    uint64   `json:"address_space_bytes,omitempty"`
	OpenFiles       uint64   `json:"open_files,omitempty"`
	FileSize        uint64   `json:"file_size_bytes,omitempty"`
	Processes       uint64   `json:"processes,omitempty"`
	AllowUnconfined bool     `json:"allow_unconfined,omitempty"`
}

// CheckDir refuses a folder that is not a real folder owned by uid with
// no permission for others and no write for its group (0700 or 0750):
// whoever else could write it could plant a key, a policy or a layer.
func CheckDir(path string, uid int) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return fail(Unreadable, path, "state folder %s: %w", path, err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !ok:
		return fail(NoOwner, path, "%s: cannot read its owner on this system", path)
	case fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir():
		return fail(NotAFolder, path, "%s is not a folder (a symbolic link is refused)", path)
	case int(st.Uid) != uid:
		return fail(NotOwned, path, "%s is owned by uid %d, not by this service (uid %d); refusing a state folder it does not own", path, st.Uid, uid)
	case fi.Mode().Perm()&0o027 != 0:
		return fail(LooseMode, path, "%s has mode %v; a service's folder is 0700 or 0750 (no write for its group, nothing for others)", path, fi.Mode().Perm())
	}
	return nil
}

// CheckFile refuses a file that is not a regular file owned by uid and
// readable by its owner only.
func CheckFile(path string, uid int) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !ok:
		return fail(NoOwner, path, "%s: cannot read its owner on this system", path)
	case !fi.Mode().IsRegular():
		return fail(NotAFile, path, "%s is not a regular file (a symbolic link is refused)", path)
	case int(st.Uid) != uid:
		return fail(NotOwned, path, "%s is owned by uid %d, not by this service (uid %d)", path, st.Uid, uid)
	case fi.Mode().Perm()&0o077 != 0:
		return fail(LooseMode, path, "%s has mode %v; want 0600", path, fi.Mode().Perm())
	}
	return nil
}

// ReadFile reads a file CheckFile accepts, without following a link.
func ReadFile(path string, uid int) ([]byte, error) {
	if err := CheckFile(path, uid); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, 1<<20))
}

// WriteFile writes data to path (0600) through a temporary file renamed
// into place.
func WriteFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o600)); err != nil {
		os.Remove(tmp.Name())
		return fail(WriteFailed, path, "%s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fail(WriteFailed, path, "%s: %w", path, err)
	}
	return nil
}

// ReadSettings reads and checks service.json.
func ReadSettings(l Layout, uid int) (Settings, error) {
	data, err := ReadFile(l.SettingsFile(), uid)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Settings{}, fail(SettingsMissing, l.SettingsFile(), "%s does not exist: run `clauz3 service init` first", l.SettingsFile())
		}
		return Settings{}, err
	}
	var s Settings
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fail(SettingsMalformed, l.SettingsFile(), "%s: %w", l.SettingsFile(), err)
	}
	if s.ServiceUID != uid {
		return Settings{}, fail(WrongServiceUID, l.SettingsFile(), "%s names service uid %d, but this process runs as uid %d", l.SettingsFile(), s.ServiceUID, uid)
	}
	for _, p := range append(append([]string(nil), s.Sandbox.ReadOnly...), s.Sandbox.ReadWrite...) {
		if !filepath.IsAbs(p) || filepath.Clean(p) != p {
			return Settings{}, fail(BadSandboxGrant, l.SettingsFile(), "%s: sandbox grant %q is not a clean absolute path", l.SettingsFile(), p)
		}
	}
	for _, port := range s.Sandbox.ConnectPorts {
		if port == 0 {
			return Settings{}, fail(BadSandboxGrant, l.SettingsFile(), "%s: sandbox connect_ports holds 0", l.SettingsFile())
		}
	}
	return s, nil
}

// Lock takes the state folder's lock (flock, exclusive, not waiting): a
// second instance on the same state is refused, never run beside the
// first (attack A3/A5). The lock lasts until release or the process ends.
func Lock(l Layout) (release func(), err error) {
	f, err := os.OpenFile(l.LockFile(), os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fail(LockFailed, l.LockFile(), "the state lock %s: %w", l.LockFile(), err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fail(LockHeld, l.LockFile(), "another approval service instance holds %s; refusing to start a second one on the same state", l.LockFile())
		}
		return nil, fail(LockFailed, l.LockFile(), "the state lock %s: %w", l.LockFile(), err)
	}
	f.Truncate(0)
	f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}

// Keys are a service instance's own secrets: its receipt signing key and
// its session secret, one pair per state folder.
type Keys struct {
	Signing       ed25519.PrivateKey
	SessionSecret []byte
}

type keysFile struct {
	SigningSeed   string `json:"signing_seed"`
	SessionSecret string `json:"session_secret"`
}

// MakeKeys makes the keys of a new state folder; an existing keys file is
// never replaced (it would orphan every receipt signed with it).
func MakeKeys(l Layout) (Keys, error) {
	var seed [ed25519.SeedSize]byte
	var sess [32]byte
	if _, err := io.ReadFull(rand.Reader, seed[:]); err != nil {
		return Keys{}, err
	}
	if _, err := io.ReadFull(rand.Reader, sess[:]); err != nil {
		return Keys{}, err
	}
	data, _ := json.Marshal(keysFile{SigningSeed: hex.EncodeToString(seed[:]), SessionSecret: hex.EncodeToString(sess[:])})
	f, err := os.OpenFile(l.KeysFile(), os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return Keys{}, fail(KeysExist, l.KeysFile(), "making the service's keys: %w", err)
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		return Keys{}, fail(WriteFailed, l.KeysFile(), "writing %s: %w", l.KeysFile(), err)
	}
	return Keys{Signing: ed25519.NewKeyFromSeed(seed[:]), SessionSecret: sess[:]}, nil
}

// LoadKeys reads the keys of the state folder, owned by uid.
func LoadKeys(l Layout, uid int) (Keys, error) {
	data, err := ReadFile(l.KeysFile(), uid)
	if err != nil {
		return Keys{}, fmt.Errorf("the service's keys: %w", err)
	}
	var kf keysFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&kf); err != nil {
		return Keys{}, fail(KeysMalformed, l.KeysFile(), "%s: %w", l.KeysFile(), err)
	}
	seed, err1 := hex.DecodeString(kf.SigningSeed)
	sess, err2 := hex.DecodeString(kf.SessionSecret)
	if err1 != nil || err2 != nil || len(seed) != ed25519.SeedSize || len(sess) != 32 {
		return Keys{}, fail(KeysMalformed, l.KeysFile(), "%s is malformed; refusing to replace it", l.KeysFile())
	}
	return Keys{Signing: ed25519.NewKeyFromSeed(seed), SessionSecret: sess}, nil
}
