package serve

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/state"
)

// TestLayerSecrets: a layer's configuration names a secret of its own
// folder in the service's config, and the service answers it for that
// layer only, under the name the run's store holds it by. Naming another
// layer's secret, one of the service's own, a secret holding the
// service's key material (attack D1: the signing key mailed out), a
// missing or loosely kept secret, or setting the store's folder, is
// refused with the reason.
func TestLayerSecrets(t *testing.T) {
	keys := state.Keys{Signing: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, 32)), SessionSecret: bytes.Repeat([]byte{5}, 32)}
	uid := os.Geteuid()
	for _, c := range []struct {
		name    string
		env     map[string]string      // email.json's env
		secrets map[string]string      // "<domain>/<name>" -> value
		modes   map[string]os.FileMode // "<domain>/<name>" -> mode (default 0600)
		want    Kind                   // 0: accepted
	}{
		{name: "its own secret", env: map[string]string{"CLAUZ3_SMTP_USER": "u", "CLAUZ3_SMTP_PASSWORD_SECRET": "smtp-password"},
			secrets: map[string]string{"email/smtp-password": "pw\n", "web_search/api-key": "k"}},
		{name: "another layer's secret", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "api-key"},
			secrets: map[string]string{"web_search/api-key": "k"}, want: OtherLayersSecret},
		{name: "a path to another layer's secret", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "../web_search/api-key"},
			secrets: map[string]string{"web_search/api-key": "k"}, want: BadSecretName},
		{name: "the service's signing key by name", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "approval-signing-key"},
			secrets: map[string]string{"email/approval-signing-key": "x"}, want: ServiceSecret},
		{name: "the signing key's seed as hex", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"},
			secrets: map[string]string{"email/pw": "seed=" + hex.EncodeToString(keys.Signing.Seed())}, want: KeyMaterial},
		{name: "the signing key as base64", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"},
			secrets: map[string]string{"email/pw": base64.StdEncoding.EncodeToString(keys.Signing)}, want: KeyMaterial},
		{name: "the session secret as base64url", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"},
			secrets: map[string]string{"email/pw": base64.RawURLEncoding.EncodeToString(keys.SessionSecret)}, want: KeyMaterial},
		{name: "missing", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"}, want: NoSecret},
		{name: "empty", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"}, secrets: map[string]string{"email/pw": "\n"}, want: EmptySecret},
		{name: "readable by others", env: map[string]string{"CLAUZ3_SMTP_PASSWORD_SECRET": "pw"}, secrets: map[string]string{"email/pw": "x"},
			modes: map[string]os.FileMode{"email/pw": 0o644}, want: SecretUnreadable},
		{name: "the store's folder", env: map[string]string{"CLAUZ3_SECRETS_DIR": "/tmp/mine"}, want: SecretsDirSet},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			l := state.Layout{Config: filepath.Join(dir, "config"), State: filepath.Join(dir, "state")}
			if err := os.MkdirAll(l.LayerConfig(), 0o700); err != nil {
				t.Fatal(err)
			}
			data, _ := json.Marshal(map[string]any{"env": c.env})
			if err := os.WriteFile(filepath.Join(l.LayerConfig(), "email.json"), data, 0o600); err != nil {
				t.Fatal(err)
			}
			for k, v := range c.secrets {
				p := filepath.Join(l.Config, "secrets", k)
				if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
					t.Fatal(err)
				}
				mode := os.FileMode(0o600)
				if m, ok := c.modes[k]; ok {
					mode = m
				}
				if err := os.WriteFile(p, []byte(v), mode); err != nil {
					t.Fatal(err)
				}
				os.Chmod(p, mode)
			}
			env, released, err := readLayerConfig(l, uid, keys, "real")
			if c.want != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Kind != c.want {
					t.Fatalf("readLayerConfig = %v, %v, %v; want a %v refusal", env, released, err, c.want)
				}
				var se *state.Error
				if c.want == SecretUnreadable && (!errors.As(err, &se) || se.Kind != state.LooseMode) {
					t.Fatalf("readLayerConfig = %v; want the state's loose-mode refusal inside", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(env["email"], " "); got != "CLAUZ3_SMTP_PASSWORD_SECRET=email.smtp-password CLAUZ3_SMTP_USER=u" {
				t.Errorf("email's configuration = %q", got)
			}
			if len(released) != 1 || len(released["email"]) != 1 || released["email"]["email.smtp-password"] != "pw" {
				t.Errorf("released = %v, want email's password only", released)
			}
		})
	}
}
