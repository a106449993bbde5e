package layersetup

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
		want  string
	}{
		{"email without a server", Request{Domain: "email", Email: Email{From: "a@example.com"}}, "", true, "email: --server HOST:PORT and --from ADDRESS are required"},
		{"malformed account", Request{Domain: "bank", Accounts: []string{"checking"}}, "", true, "checking"},
		{"layer refusal", Request{Domain: "filesystem", Roots: []string{"relative/dir"}}, "", false, "filesystem: "},
		{"unknown layer", Request{Domain: "payroll"}, "", false, `"payroll": the layers configured here are`},
		{"loose config folder", Request{Domain: "bank", Accounts: []string{"checking=1"}}, "config", false, "a service's folder is 0700 or 0750"},
		{"loose layer folder", Request{Domain: "bank", Accounts: []string{"checking=1"}}, "layers", false, "a service's folder is 0700 or 0750"},
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
			if err == nil || !strings.Contains(err.Error(), c.want) || errors.As(err, &usage) != c.usage {
				t.Fatalf("Configure = %v (usage error: %v), want %q (usage error: %v)", err, errors.As(err, &usage), c.want, c.usage)
			}
			if entries, _ := os.ReadDir(l.LayerConfig()); len(entries) != 0 {
				t.Errorf("a refused request wrote %v", entries)
			}
			if _, err := os.Stat(filepath.Join(l.State, "data")); err == nil {
				t.Errorf("a refused request made the layer's data")
			}
		})
	}
}
