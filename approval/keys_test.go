package approval

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// mapSecrets is an in-memory secrets.Store.
type mapSecrets struct {
	m      map[string]string
	getErr error
}

func (s *mapSecrets) Get(name string) (string, error) {
	if s.getErr != nil {
		return "", s.getErr
	}
	v, ok := s.m[name]
	if !ok {
		return "", &secrets.Error{Op: "get", Name: name, Reason: "absent", Err: secrets.ErrNotFound}
	}
	return v, nil
}

func (s *mapSecrets) Set(name, value string) error { s.m[name] = value; return nil }

func TestLoadKeys(t *testing.T) {
	st := &mapSecrets{m: map[string]string{}}
	k1, err := LoadKeys(st)
	if err != nil || len(k1.Created) != 2 || len(k1.SessionSecret) != 32 {
		t.Fatalf("first LoadKeys = %+v, %v", k1.Created, err)
	}
	k2, err := LoadKeys(st)
	if err != nil || len(k2.Created) != 0 || !k1.Signing.Equal(k2.Signing) || string(k1.SessionSecret) != string(k2.SessionSecret) {
		t.Fatalf("second LoadKeys made new keys: %v %v", k2.Created, err)
	}
	// A damaged stored key is an error, never silently replaced.
	st.m[SigningKeySecret] = "not hex"
	if _, err := LoadKeys(st); err == nil || !strings.Contains(err.Error(), "refusing to replace") {
		t.Fatalf("LoadKeys on a damaged key = %v", err)
	}
	if st.m[SigningKeySecret] != "not hex" {
		t.Fatal("the damaged key was overwritten")
	}
	// A backend failure is an error, not "absent, make a new one".
	locked := &mapSecrets{m: map[string]string{}, getErr: errors.New("keyring locked")}
	if _, err := LoadKeys(locked); err == nil || len(locked.m) != 0 {
		t.Fatalf("LoadKeys with a failing backend = %v (stored %v)", err, locked.m)
	}
}

func TestWriteDiscovery(t *testing.T) {
	dir := t.TempDir()
	pub := testKey("service").Public().(ed25519.PublicKey)
	path, err := WriteDiscovery(dir, "http://127.0.0.1:8765", pub)
	if err != nil || path != filepath.Join(dir, ".clauz3", "approval-service.json") {
		t.Fatalf("WriteDiscovery = %q, %v", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d Discovery
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	got, err := receipt.ParsePublicKey(d.PublicKey)
	if err != nil || !got.Equal(pub) || d.URL != "http://127.0.0.1:8765" || d.KeyID != receipt.KeyID(pub) {
		t.Fatalf("discovery = %+v, %v", d, err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".clauz3", ".approval-service-*"))
	if len(leftovers) != 0 {
		t.Fatalf("temporary files left: %v", leftovers)
	}
}
