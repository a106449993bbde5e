package layersetup

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/layers/bank"
)

// serviceLayout is a service's config and state folders as init leaves
// them: this process's, 0700, with the layer configuration folder.
func serviceLayout(t *testing.T) state.Layout {
	t.Helper()
	dir := t.TempDir()
	l := state.Layout{Config: filepath.Join(dir, "config"), State: filepath.Join(dir, "state")}
	for _, d := range []string{l.Config, l.LayerConfig(), l.State} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// TestConfigure is `clauz3 layers configure` as the service application
// does it: a layer's settings become <config>/layers/<domain>.json with
// the data made where the service keeps it (the ledger under the state
// folder by default); a request wrong as written is a UsageError; a
// layer's refusal is prefixed with its domain; config folders that are
// not the service's are refused before anything is written.
func TestConfigure(t *testing.T) {
	uid := os.Geteuid()
	t.Run("bank ledger under the state folder", func(t *testing.T) {
		l := serviceLayout(t)
		path, res, err := Configure(l, uid, Request{Domain: "bank", Accounts: []string{"checking=1000"}})
		if err != nil {
			t.Fatal(err)
		}
		ledger := filepath.Join(l.State, "data", "bank", "ledger.db")
		var f File
		data, _ := os.ReadFile(path)
		if path != filepath.Join(l.LayerConfig(), "bank.json") || json.Unmarshal(data, &f) != nil || f.Env["CLAUZ3_BANK_DB"] != ledger || res.Domain != "bank" {
			t.Fatalf("wrote %s: %s (result %+v), want the ledger %s", path, data, res, ledger)
		}
		b, err := bank.Open(ledger)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if got, err := b.Balance("checking"); err != nil || got != 1000 {
			t.Fatalf("checking: %d %v, want 1000", got, err)
		}
	})
	for _, c := range []struct {
		name  string
		req   Request
		loose string // a folder of the layout made group-writable first
		usage bool
		want  Kind       // the layer setup's refusal, or 0
		state state.Kind // the state folder's refusal, or 0
	}{
		{"email without a server", Request{Domain: "email", Email: Email{From: "a@example.com"}}, "", true, RequiredMissing, 0},
		{"malformed account", Request{Domain: "bank", Accounts: []string{"checking"}}, "", true, BadAccount, 0},
		{"layer refusal", Request{Domain: "filesystem", Roots: []string{"relative/dir"}}, "", false, NotAbsolute, 0},
		{"unknown layer", Request{Domain: "payroll"}, "", false, UnknownLayer, 0},
		{"loose config folder", Request{Domain: "bank", Accounts: []string{"checking=1"}}, "config", false, 0, state.LooseMode},
		{"loose layer folder", Request{Domain: "bank", Accounts: []string{"checking=1"}}, "layers", false, 0, state.LooseMode},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := serviceLayout(t)
			switch c.loose {
			case "config":
				os.Chmod(l.Config, 0o770)
			case "layers":
				os.Chmod(l.LayerConfig(), 0o770)
			}
			_, _, err := Configure(l, uid, c.req)
			var usage *UsageError
			var e *Error
			var se *state.Error
			switch {
			case err == nil || errors.As(err, &usage) != c.usage:
				t.Fatalf("Configure = %v (usage error: %v), want a refusal (usage error: %v)", err, errors.As(err, &usage), c.usage)
			case c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want):
				t.Fatalf("Configure = %v, want a %v refusal", err, c.want)
			case c.state != 0 && (!errors.As(err, &se) || se.Kind != c.state):
				t.Fatalf("Configure = %v, want the state folder's %v refusal", err, c.state)
			}
			if entries, _ := os.ReadDir(l.LayerConfig()); len(entries) != 0 {
				t.Errorf("a refused request wrote %v", entries)
			}
			if _, err := os.Stat(filepath.Join(l.State, "data")); err == nil {
				t.Errorf("a refused request made the layer's data")
			}
		})
	}
	// The wording itself is under test here: a layer's refusal reaches the
	// administrator prefixed with the layer's domain.
	_, _, err := Configure(serviceLayout(t), uid, Request{Domain: "filesystem", Roots: []string{"relative/dir"}})
	if want := `filesystem: --root "relative/dir": not an absolute path`; err == nil || err.Error() != want {
		t.Fatalf("Configure = %v, want %q", err, want)
	}
}
