package clientkey

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Header is the HTTP header that carries a proof.
const Header = "Clauz3-Client-Proof"

// MaxSkew is how far a proof's time may be from the service's clock.
const MaxSkew = 2 * time.Minute

// Purposes a proof is made for; one purpose's proof is refused for another.
const (
	Wait   = "wait"   // GET /api/requests/{id}/wait
	Run    = "run"    // POST /api/requests/{id}/run
	Redeem = "redeem" // POST /api/receipts/redeem (binding: the challenge)
)

// Error is every error of this package: what kind it is and the words.
// Callers and tests tell errors apart by Kind, never by the words.
type Error struct {
	Kind Kind
	err  error // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps, if any.
func (e *Error) Unwrap() error { return errors.Unwrap(e.err) }

func fail(kind Kind, format string, args ...any) error {
	return &Error{Kind: kind, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of error an Error is.
type Kind int

const (
	BadKey       Kind = iota + 1 // a private key cannot be made from the random source or the seed
	BadPublicKey                 // a client_key is not base64 of an ed25519 public key
	NoProof                      // the request carries no proof
	NULByte                      // a purpose, request id or binding holds a NUL byte
	Malformed                    // the proof is not <decimal unix time>.<base64 of 64 bytes>
	Skewed                       // the proof's time is more than MaxSkew from the service's clock
	WrongKey                     // the signature is not the key's for this purpose, request and binding
)

func (k Kind) String() string {
	switch k {
	case BadKey:
		return "bad key"
	case BadPublicKey:
		return "bad public key"
	case NoProof:
		return "no proof"
	case NULByte:
		return "NUL byte"
	case Malformed:
		return "malformed"
	case Skewed:
		return "skewed"
	case WrongKey:
		return "wrong key"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Key is a client's private key for one submission.
type Key struct{ priv ed25519.PrivateKey }

// New makes a fresh key from the system's random source.
func New() (Key, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return Key{}, fail(BadKey, "clientkey: making a key: %w", err)
	}
	return Key{priv: priv}, nil
}

// FromSeed makes the key of a 32-byte seed (tests that need a fixed key).
func FromSeed(seed []byte) (Key, error) {
	if len(seed) != ed25519.SeedSize {
		return Key{}, fail(BadKey, "clientkey: a seed is %d bytes, not %d", ed25519.SeedSize, len(seed))
	}
	return Key{priv: ed25519.NewKeyFromSeed(seed)}, nil
}

// Public is the key's public half as a submission carries it (standard
// base64 of the 32 bytes).
func (k Key) Public() string {
	return base64.StdEncoding.EncodeToString(k.priv.Public().(ed25519.PublicKey))
}

// ParsePublic reads a submission's client_key.
func ParsePublic(s string) (ed25519.PublicKey, error) {
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, fail(BadPublicKey, "client_key is not standard base64: %w", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, fail(BadPublicKey, "client_key is %d bytes, not an ed25519 public key (%d)", len(b), ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// message is what a proof signs. NUL separates the fields, and neither a
// purpose, a request id nor a binding may hold one (Verify refuses it),
// so two different calls never sign the same bytes.
func message(purpose, requestID, binding string, unix int64) []byte {
	return []byte("clauz3 client proof v1\x00" + purpose + "\x00" + requestID + "\x00" + binding + "\x00" + strconv.FormatInt(unix, 10))
}

// Proof is the Header value proving possession of k for one call.
func (k Key) Proof(purpose, requestID, binding string, now time.Time) string {
	unix := now.Unix()
	sig := ed25519.Sign(k.priv, message(purpose, requestID, binding, unix))
	return strconv.FormatInt(unix, 10) + "." + base64.StdEncoding.EncodeToString(sig)
}

// Verify checks a Header value: signed by pub, for this purpose, request
// and binding, at a time within MaxSkew of now. Every failure says why.
func Verify(pub ed25519.PublicKey, header, purpose, requestID, binding string, now time.Time) error {
	if header == "" {
		return fail(NoProof, "%s", "no proof of the submitting client's key ("+Header+" header)")
	}
	if strings.ContainsRune(purpose+requestID+binding, 0) {
		return fail(NULByte, "a proof's purpose, request id or binding holds a NUL byte")
	}
	ts, sig64, ok := strings.Cut(header, ".")
	if !ok {
		return fail(Malformed, "%s is not <unix time>.<signature>", Header)
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || ts != strconv.FormatInt(unix, 10) {
		return fail(Malformed, "%s: time %q is not a decimal unix time", Header, ts)
	}
	at := time.Unix(unix, 0)
	if d := now.Sub(at); d > MaxSkew || d < -MaxSkew {
		return fail(Skewed, "%s: the proof is dated %s, more than %s from the service's clock (%s)", Header, at.UTC().Format(time.RFC3339), MaxSkew, now.UTC().Format(time.RFC3339))
	}
	sig, err := base64.StdEncoding.Strict().DecodeString(sig64)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return fail(Malformed, "%s: the signature is not %d bytes of standard base64", Header, ed25519.SignatureSize)
	}
	if len(pub) != ed25519.PublicKeySize || !ed25519.Verify(pub, message(purpose, requestID, binding, unix), sig) {
		return fail(WrongKey, "%s: the signature is not the submitting client's for %s of %s", Header, purpose, requestID)
	}
	return nil
}
