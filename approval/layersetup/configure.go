package layersetup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/state"
)

// Request is one configuration of a layer, as `clauz3 layers configure`
// reads it from its flags: Domain names the layer, and only that layer's
// settings are read. Paths are absolute (the command resolves them
// against its working folder).
type Request struct {
	Domain   string
	Email    Email
	Ledger   string   // bank: "" is <state>/data/bank/ledger.db
	Accounts []string // bank: NAME=CENTS, accounts to create (ParseAccount)
	DB       DB       // db: Path "" is <state>/data/db/db.sqlite
	Roots    []string // filesystem, grep, editor
	WebFetch WebFetch
}

// Configure writes the configuration of req.Domain into the service's
// layout l (<config>/layers/<domain>.json) and makes what the layer works
// on, for the service whose account is owner: its config folders must be
// that account's with the service's modes. Run by root for a real
// service, it hands every file it made to the service's account (and the
// state folder's group), so the service, not root, owns its layer data.
// It returns the file written and the result. Every error names what it
// refuses; a setup error is prefixed with the domain; a request missing a
// required setting or with a malformed one is a *UsageError.
func Configure(l state.Layout, owner int, req Request) (string, Result, error) {
	if err := state.CheckDir(l.Config, owner); err != nil {
		return "", Result{}, err
	}
	if err := state.CheckDir(l.LayerConfig(), owner); err != nil {
		return "", Result{}, err
	}
	var res Result
	var err error
	switch req.Domain {
	case "email":
		if req.Email.Server == "" || req.Email.From == "" {
			const msg = "email: --server HOST:PORT and --from ADDRESS are required"
			return "", Result{}, &UsageError{Msg: msg, Err: fail(RequiredMissing, "--server", msg)}
		}
		res, err = SetupEmail(req.Email, l.LayerConfig())
	case "bank":
		b := Bank{Ledger: req.Ledger}
		if b.Ledger == "" {
			b.Ledger = filepath.Join(l.State, "data", "bank", "ledger.db")
		}
		for _, a := range req.Accounts {
			acc, perr := ParseAccount(a)
			if perr != nil {
				return "", Result{}, &UsageError{Msg: perr.Error(), Err: perr}
			}
			b.Accounts = append(b.Accounts, acc)
		}
		res, err = SetupBank(b)
	case "db":
		d := req.DB
		if d.Path == "" {
			d.Path = filepath.Join(l.State, "data", "db", "db.sqlite")
		}
		res, err = SetupDB(d)
	case "web_fetch":
		// Loopback is a dev-mode setting: whether this service is one is
		// its own settings' word, never the caller's.
		settings, serr := state.ReadSettings(l, owner)
		if serr != nil {
			return "", Result{}, serr
		}
		res, err = SetupWebFetch(req.WebFetch, settings.Mode == client.ModeDev)
	case "filesystem", "grep", "editor":
		res, err = SetupFS(FS{Domain: req.Domain, Roots: req.Roots, Service: []string{l.Config, l.State}})
	default:
		return "", Result{}, fail(UnknownLayer, "", "%q: the layers configured here are email, bank, db, filesystem, grep, editor and web_fetch", req.Domain)
	}
	if err != nil {
		// The layer's *Error (its Kind) stays reachable under the domain.
		return "", Result{}, fmt.Errorf("%s: %w", req.Domain, err)
	}
	path, err := Write(l.LayerConfig(), res)
	if err != nil {
		return "", Result{}, err
	}
	if os.Geteuid() != owner {
		var gid int
		if fi, err := os.Stat(l.State); err == nil {
			gid = int(fi.Sys().(*syscall.Stat_t).Gid)
		}
		for _, f := range append(res.Files, path) {
			if err := os.Lchown(f, owner, gid); err != nil && !errors.Is(err, os.ErrNotExist) {
				return "", Result{}, err
			}
		}
	}
	return path, res, nil
}

// UsageError is a configuration request that is wrong as written (a
// required setting missing, a malformed one), not one the layer refused.
// Err is the *Error that says which.
type UsageError struct {
	Msg string
	Err error
}

func (e *UsageError) Error() string { return e.Msg }

func (e *UsageError) Unwrap() error { return e.Err }
