package secrets

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/zalando/go-keyring"
)

// Store reads and writes named secrets.
type Store interface {
	Get(name string) (string, error)
	Set(name, value string) error
}

var (
	// ErrNotFound: the store has no secret of that name.
	ErrNotFound = errors.New("secret not found")
	// ErrNotAllowed: a Scoped store was asked for a name it does not list.
	ErrNotAllowed = errors.New("secret not allowed here")
	// ErrInvalid: a malformed name or value, or an unusable configuration.
	ErrInvalid = errors.New("invalid secret request")
	// ErrWithheld: a backend error replaced because its message contained
	// the secret value.
	ErrWithheld = errors.New("backend error withheld: its message contained the secret value")
)

// Error is every error of this package. It never contains a secret value.
type Error struct {
	Op     string // "open", "get" or "set"
	Name   string // the secret's name; empty for open
	Reason string
	Err    error // the cause: one of the sentinels or a backend error
}

func (e *Error) Error() string {
	msg := "secrets: " + e.Op
	if e.Name != "" {
		msg += fmt.Sprintf(" %q", e.Name)
	}
	msg += ": " + e.Reason
	if e.Err != nil && !isSentinel(e.Err) {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

func isSentinel(err error) bool {
	return err == ErrNotFound || err == ErrNotAllowed || err == ErrInvalid
}

// withheld replaces a backend error whose text contains the value.
func withheld(err error, value string) error {
	if err != nil && value != "" && strings.Contains(err.Error(), value) {
		return ErrWithheld
	}
	return err
}

// MaxValueLen is the largest value Set accepts, in bytes.
const MaxValueLen = 2048

func checkName(op, name string) error {
	ok := len(name) >= 1 && len(name) <= 128 && isAlnum(name[0])
	for i := 0; ok && i < len(name); i++ {
		ok = isAlnum(name[i]) || name[i] == '.' || name[i] == '_' || name[i] == '-'
	}
	if !ok {
		return &Error{Op: op, Name: name, Reason: "name must be 1-128 characters of [A-Za-z0-9._-] starting with a letter or digit", Err: ErrInvalid}
	}
	return nil
}

func checkValue(name, value string) error {
	if value == "" {
		return &Error{Op: "set", Name: name, Reason: "empty value", Err: ErrInvalid}
	}
	if len(value) > MaxValueLen {
		return &Error{Op: "set", Name: name, Reason: fmt.Sprintf("value longer than %d bytes", MaxValueLen), Err: ErrInvalid}
	}
	return nil
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// Backend says which store Open chose and why.
type Backend struct {
	Kind    string // "keyring" or "file"
	Service string // the keyring service name (the app name)
	Path    string // the encrypted file, when Kind is "file"
	Reason  string // why the keyring is not used, when Kind is "file"
	// Fallback is why the keyring is not used, as a kind to test on
	// (Reason is the same for people); 0 when Kind is "keyring".
	Fallback Fallback
}

// Fallback is why Open (or OpenFile) chose the file store.
type Fallback int

const (
	ProbeNoRandomness Fallback = iota + 1 // no randomness for the probe value
	ProbeSetFailed                        // the keyring refused the probe's set
	ProbeGetFailed                        // the keyring refused the probe's get
	ProbeDiffers                          // the probe read back another value
	ProbeDeleteFailed                     // the keyring refused the probe's delete
	ProbeTimeout                          // the keyring did not answer in time
	FileAsked                             // OpenFile was called: no keyring was tried
)

func (f Fallback) String() string {
	switch f {
	case ProbeNoRandomness:
		return "no randomness"
	case ProbeSetFailed:
		return "set failed"
	case ProbeGetFailed:
		return "get failed"
	case ProbeDiffers:
		return "differs"
	case ProbeDeleteFailed:
		return "delete failed"
	case ProbeTimeout:
		return "timeout"
	case FileAsked:
		return "file asked for"
	}
	return fmt.Sprintf("Fallback(%d)", int(f))
}

// String is the line to print at start.
func (b Backend) String() string {
	if b.Kind == "keyring" {
		return fmt.Sprintf("secrets: using the OS keyring (service %q)", b.Service)
	}
	return fmt.Sprintf("secrets: OS keyring unavailable (%s), using encrypted file %s", b.Reason, b.Path)
}

// kr is the keyring API; tests replace it to play a broken or hanging
// keyring.
var kr = struct {
	set func(service, user, password string) error
	get func(service, user string) (string, error)
	del func(service, user string) error
}{keyring.Set, keyring.Get, keyring.Delete}

// probeTimeout bounds the keyring probe: an unlock prompt nobody answers
// must not hang the start.
var probeTimeout = 5 * time.Second

const probeName = "clauz3-keyring-probe"

// Open returns the OS keyring store for appName when the keyring works,
// else the encrypted file store in fallbackDir, and the Backend chosen.
func Open(appName, fallbackDir string) (Store, Backend, error) {
	if err := checkName("open", appName); err != nil {
		e := err.(*Error)
		e.Reason = "app name: " + e.Reason
		return nil, Backend{}, e
	}
	why, reason := probe(appName)
	if reason == "" {
		return &keyringStore{service: appName}, Backend{Kind: "keyring", Service: appName}, nil
	}
	fs, err := openFile(fallbackDir, appName)
	if err != nil {
		return nil, Backend{}, &Error{Op: "open", Reason: fmt.Sprintf("OS keyring unavailable (%s) and no usable fallback", reason), Err: err}
	}
	return fs, Backend{Kind: "file", Service: appName, Path: fs.path, Reason: reason, Fallback: why}, nil
}

// OpenFile returns the encrypted file store in dir, never the keyring:
// for a caller that prepares a store another process of the same account
// reads through Open with dir as its fallback (the approval service's
// per-run store of the secrets it releases to a run's layers, whose clean
// environment reaches no keyring).
func OpenFile(appName, dir string) (Store, Backend, error) {
	if err := checkName("open", appName); err != nil {
		e := err.(*Error)
		e.Reason = "app name: " + e.Reason
		return nil, Backend{}, e
	}
	fs, err := openFile(dir, appName)
	if err != nil {
		return nil, Backend{}, &Error{Op: "open", Reason: "encrypted file store", Err: err}
	}
	return fs, Backend{Kind: "file", Service: appName, Path: fs.path, Reason: "the file store was asked for", Fallback: FileAsked}, nil
}

// probe sets, reads back and deletes a random probe value; it returns
// why the keyring is unusable (a kind and the words), or "".
func probe(service string) (Fallback, string) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return ProbeNoRandomness, "no randomness for the probe: " + err.Error()
	}
	want := hex.EncodeToString(b)
	k := kr // the goroutine may outlive this call: it uses its own copy
	type result struct {
		why    Fallback
		reason string
	}
	done := make(chan result, 1)
	// On a timeout this goroutine is abandoned (a keyring call cannot be
	// cancelled); if it finishes later, at worst the probe entry remains.
	go func() {
		if err := k.set(service, probeName, want); err != nil {
			done <- result{ProbeSetFailed, "set: " + withheld(err, want).Error()}
			return
		}
		got, err := k.get(service, probeName)
		if err != nil {
			done <- result{ProbeGetFailed, "get: " + withheld(err, want).Error()}
			return
		}
		if got != want {
			done <- result{ProbeDiffers, "the probe value read back differs from the one written"}
			return
		}
		if err := k.del(service, probeName); err != nil {
			done <- result{ProbeDeleteFailed, "delete: " + withheld(err, want).Error()}
			return
		}
		done <- result{}
	}()
	select {
	case r := <-done:
		return r.why, r.reason
	case <-time.After(probeTimeout):
		return ProbeTimeout, fmt.Sprintf("no answer within %s (locked keyring waiting for a prompt?)", probeTimeout)
	}
}

type keyringStore struct{ service string }

func (k *keyringStore) Get(name string) (string, error) {
	if err := checkName("get", name); err != nil {
		return "", err
	}
	v, err := kr.get(k.service, name)
	switch {
	case errors.Is(err, keyring.ErrNotFound):
		return "", &Error{Op: "get", Name: name, Reason: "not in the OS keyring", Err: ErrNotFound}
	case err != nil:
		return "", &Error{Op: "get", Name: name, Reason: "OS keyring", Err: err}
	}
	return v, nil
}

func (k *keyringStore) Set(name, value string) error {
	if err := checkName("set", name); err != nil {
		return err
	}
	if err := checkValue(name, value); err != nil {
		return err
	}
	if err := kr.set(k.service, name, value); err != nil {
		return &Error{Op: "set", Name: name, Reason: "OS keyring", Err: withheld(err, value)}
	}
	return nil
}

// Scoped returns a Store that passes to s only the names in allowed and
// refuses every other name with ErrNotAllowed.
func Scoped(s Store, allowed []string) Store {
	m := make(map[string]bool, len(allowed))
	for _, n := range allowed {
		m[n] = true
	}
	return &scoped{s: s, allowed: m}
}

type scoped struct {
	s       Store
	allowed map[string]bool
}

func (sc *scoped) check(op, name string) error {
	if !sc.allowed[name] {
		return &Error{Op: op, Name: name, Reason: "not among the secrets this layer's configuration names", Err: ErrNotAllowed}
	}
	if sc.s == nil {
		return &Error{Op: op, Name: name, Reason: "no store", Err: ErrInvalid}
	}
	return nil
}

func (sc *scoped) Get(name string) (string, error) {
	if err := sc.check("get", name); err != nil {
		return "", err
	}
	return sc.s.Get(name)
}

func (sc *scoped) Set(name, value string) error {
	if err := sc.check("set", name); err != nil {
		return err
	}
	return sc.s.Set(name, value)
}
