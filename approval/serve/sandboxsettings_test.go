package serve

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/compiler"
)

// TestSandboxSettingsReachThePolicy (issue 15): service.json's "sandbox"
// section, as a person writes it, is what every run's kernel sandbox gets:
// its grants and its resource limits (CPU seconds, address space, open
// files, file size, processes) appear in the policy the build embeds and
// the card shows, and the policy is part of the build identity that the
// receipt binds, so a limit changed after an approval refuses that
// approval's run.
func TestSandboxSettingsReachThePolicy(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err == nil {
		goBin, err = filepath.Abs(goBin)
	}
	if err != nil {
		t.Fatalf("no go command: %v", err)
	}
	uid := os.Geteuid()
	dir := t.TempDir()
	l := state.Layout{Config: filepath.Join(dir, "c"), State: filepath.Join(dir, "s")}
	for _, d := range []string{l.Config, l.State, l.LayerConfig()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := state.WriteFile(filepath.Join(l.LayerConfig(), "bank.json"), []byte(`{"env": {"CLAUZ3_BANK_DB": "/srv/clauz3/ledger.db"}}`)); err != nil {
		t.Fatal(err)
	}
	_, signing, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	keys := state.Keys{Signing: signing, SessionSecret: make([]byte, 32)}
	src := []byte(`import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 5)
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
`)
	prog, err := compiler.Compile("plan.py", src, compiler.Config{ImportRoots: []string{filepath.Join("..", "..", "corpus")}})
	if err != nil {
		t.Fatal(err)
	}
	identity := func(serviceJSON string) (string, string) {
		t.Helper()
		var settings state.Settings
		if err := json.Unmarshal([]byte(serviceJSON), &settings); err != nil {
			t.Fatal(err)
		}
		settings.Go, settings.ServiceUID = goBin, uid
		o, err := ExecuteOptions(l, settings, uid, "http://127.0.0.1:1", keys)
		if err != nil {
			t.Fatal(err)
		}
		id, err := execute.BuildIdentity(context.Background(), prog, src, o)
		if err != nil {
			t.Fatal(err)
		}
		return id.Digest, id.SandboxText
	}
	digest, text := identity(`{"mode": "dev", "sandbox": {"read_only": ["/srv/ro"], "read_write": ["/srv/rw"], "connect_ports": [9000],
		"cpu_seconds": 7, "address_space_bytes": 3221225472, "open_files": 99, "file_size_bytes": 12345, "processes": 5}}`)
	for _, want := range []string{
		"read-only: /srv/ro\n",
		"read-write: /srv/clauz3, /srv/rw\n",
		"network: TCP connect to ports 9000\n",
		"limits: cpu 7s, address space 3221225472 bytes, open files 99, file size 12345 bytes, processes 5\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the policy lacks %q:\n%s", want, text)
		}
	}
	other, _ := identity(`{"mode": "dev", "sandbox": {"read_only": ["/srv/ro"], "read_write": ["/srv/rw"], "connect_ports": [9000],
		"cpu_seconds": 8, "address_space_bytes": 3221225472, "open_files": 99, "file_size_bytes": 12345, "processes": 5}}`)
	if other == digest {
		t.Errorf("a changed CPU limit keeps the build identity %s: an approval would carry over", digest)
	}
}
