package execute

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// TestReleaseSecrets: a run's secret store holds the secrets of the
// layers it links and no other layer's, and is gone when the run ends; the
// configuration of a layer with secrets names the store.
func TestReleaseSecrets(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs", "secrets")
	o := Options{
		LayerEnv:     map[string][]string{"email": {"CLAUZ3_SMTP_PASSWORD_SECRET=email.pw"}, "web_search": {"CLAUZ3_SEARCH_KEY_SECRET=web_search.key"}},
		LayerSecrets: map[string]map[string]string{"email": {"email.pw": "mail password"}, "web_search": {"web_search.key": "search key"}},
		SecretsDir:   dir,
	}
	env, err := layerEnv(o)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(env["email"], " "); got != "CLAUZ3_SMTP_PASSWORD_SECRET=email.pw CLAUZ3_SECRETS_DIR="+dir {
		t.Errorf("email's run configuration = %q", got)
	}
	remove, err := releaseSecrets(o, []*gen.Layer{{Name: "tools.email.trusted"}})
	if err != nil {
		t.Fatal(err)
	}
	store, _, err := secrets.OpenFile("clauz3", dir)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := store.Get("email.pw"); err != nil || v != "mail password" {
		t.Errorf("the email layer's secret in the run's store = %q, %v", v, err)
	}
	if v, err := store.Get("web_search.key"); !errors.Is(err, secrets.ErrNotFound) {
		t.Errorf("a layer the run does not link got its secret into the store: %q, %v", v, err)
	}
	remove()
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the run's secret store outlives the run: %v", err)
	}
	// A configuration that points the store elsewhere is refused.
	o.LayerEnv["email"] = append(o.LayerEnv["email"], "CLAUZ3_SECRETS_DIR=/home/agent/store")
	var e *Error
	if _, err := layerEnv(o); !errors.As(err, &e) || e.Kind != SecretsDirSet {
		t.Errorf("layerEnv with CLAUZ3_SECRETS_DIR = %v", err)
	}
}
