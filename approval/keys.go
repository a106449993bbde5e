package approval

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// Names of the service's secrets in the secrets store.
const (
	SigningKeySecret    = "approval-signing-key"
	SessionSecretSecret = "approval-session-secret"
)

// Keys are the service's persistent secrets.
type Keys struct {
	Signing       ed25519.PrivateKey
	SessionSecret []byte
	Created       []string // the names made on this call (first start)
}

// LoadKeys reads the signing key seed and the session secret from st,
// making each on first use. A stored value of the wrong shape is an error,
// never silently replaced: a new signing key would orphan every receipt
// and binary made with the old one without anyone being told.
func LoadKeys(st secrets.Store) (Keys, error) {
	var k Keys
	seed, made, err := loadOrMake(st, SigningKeySecret, ed25519.SeedSize)
	if err != nil {
		return Keys{}, err
	}
	if made {
		k.Created = append(k.Created, SigningKeySecret)
	}
	k.Signing = ed25519.NewKeyFromSeed(seed)
	if k.SessionSecret, made, err = loadOrMake(st, SessionSecretSecret, 32); err != nil {
		return Keys{}, err
	}
	if made {
		k.Created = append(k.Created, SessionSecretSecret)
	}
	return k, nil
}

// PublicKey reads the service's public key from st without making a key
// when there is none (a verifier must never mint the key it checks
// against).
func PublicKey(st secrets.Store) (ed25519.PublicKey, error) {
	v, err := st.Get(SigningKeySecret)
	if err != nil {
		return nil, fmt.Errorf("approval: reading secret %q: %w", SigningKeySecret, err)
	}
	seed, err := hex.DecodeString(v)
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("approval: secret %q is not %d hex-encoded bytes", SigningKeySecret, ed25519.SeedSize)
	}
	return ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey), nil
}

func loadOrMake(st secrets.Store, name string, size int) ([]byte, bool, error) {
	v, err := st.Get(name)
	switch {
	case err == nil:
		b, err := hex.DecodeString(v)
		if err != nil || len(b) != size {
			return nil, false, fmt.Errorf("approval: secret %q is not %d hex-encoded bytes; refusing to replace it", name, size)
		}
		return b, false, nil
	case !errors.Is(err, secrets.ErrNotFound):
		return nil, false, fmt.Errorf("approval: reading secret %q: %w", name, err)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(rand.Reader, b); err != nil {
		return nil, false, fmt.Errorf("approval: making secret %q: %w", name, err)
	}
	if err := st.Set(name, hex.EncodeToString(b)); err != nil {
		return nil, false, fmt.Errorf("approval: storing secret %q: %w", name, err)
	}
	return b, true, nil
}

// Discovery is .clauz3/approval-service.json.
type Discovery struct {
	URL       string `json:"url"`
	PublicKey string `json:"public_key"`
	KeyID     string `json:"key_id"`
}

// DiscoveryPath is where WriteDiscovery writes under dir.
func DiscoveryPath(dir string) string { return filepath.Join(dir, ".clauz3", "approval-service.json") }

// WriteDiscovery writes the discovery file under dir atomically (a
// temporary file renamed into place), so a reader never sees half of it.
func WriteDiscovery(dir, url string, pub ed25519.PublicKey) (string, error) {
	path := DiscoveryPath(dir)
	data, err := json.MarshalIndent(Discovery{URL: url, PublicKey: receipt.EncodePublicKey(pub), KeyID: receipt.KeyID(pub)}, "", "  ")
	if err != nil {
		return "", fmt.Errorf("approval: discovery file: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("approval: discovery file: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".approval-service-*.json")
	if err != nil {
		return "", fmt.Errorf("approval: discovery file: %w", err)
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("approval: discovery file %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("approval: discovery file %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("approval: discovery file %s: %w", path, err)
	}
	return path, nil
}
