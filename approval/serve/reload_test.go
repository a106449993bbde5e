package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/state"
)

// TestLayerConfigReadAtSubmission: `clauz3 layers configure` takes effect
// without a restart. The service made at start re-reads the layer
// configuration on disk for each submission, so the card shows the
// configuration now on disk and the build identity (which the receipt
// binds) is of it; an approval made under the old configuration is not
// run under the new one (the run compares identities); and a
// configuration that became unreadable refuses the submission.
func TestLayerConfigReadAtSubmission(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err == nil {
		goBin, err = filepath.Abs(goBin)
	}
	if err != nil {
		t.Skip("no go command") // the identity needs the toolchain's version
	}
	uid := os.Geteuid()
	dir := t.TempDir()
	l := state.Layout{Config: filepath.Join(dir, "c"), State: filepath.Join(dir, "s")}
	for _, d := range []string{l.Config, l.State, l.LayerConfig()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	configure := func(ledger string) {
		t.Helper()
		if err := state.WriteFile(filepath.Join(l.LayerConfig(), "bank.json"), []byte(`{"env": {"CLAUZ3_BANK_DB": "`+ledger+`"}}`)); err != nil {
			t.Fatal(err)
		}
	}
	configure("/srv/clauz3/first.db")
	keys := state.Keys{Signing: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32)), SessionSecret: bytes.Repeat([]byte{9}, 32)}
	settings := state.Settings{Mode: "dev", Addr: "127.0.0.1:1", ServiceUID: uid, Go: goBin}
	sp, err := newProver(l, nil, settings, uid, keys, 10*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The layer store of this test is the corpus' layers.
	sp.importRoot = filepath.Join("..", "..", "corpus")
	src := []byte(`import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 3)
`)
	var planHash string
	ledger := func() (string, string) {
		t.Helper()
		p, err := sp.reprove(context.Background(), "plan.py", src, "main")
		if err != nil {
			t.Fatal(err)
		}
		planHash = p.PlanHash
		for _, s := range p.Card.Config {
			if s.Key == "CLAUZ3_BANK_DB" {
				return s.Value, p.BuildIdentity
			}
		}
		t.Fatalf("the card shows no ledger: %+v", p.Card.Config)
		return "", ""
	}
	first, firstID := ledger()
	if first != "/srv/clauz3/first.db" {
		t.Fatalf("the card shows the ledger %q, want the configured /srv/clauz3/first.db", first)
	}
	configure("/srv/clauz3/second.db")
	second, secondID := ledger()
	if second != "/srv/clauz3/second.db" {
		t.Errorf("after layers configure, the card shows the ledger %q, want /srv/clauz3/second.db: the configuration on disk was not read", second)
	}
	if secondID == firstID {
		t.Errorf("the build identity did not change with the layer configuration (%s)", firstID)
	}
	// The run of a request approved under the first configuration is
	// refused before anything is built: the configuration on disk now is
	// not the one its identity binds.
	run := sp.executor()
	_, err = run(context.Background(), approval.RunJob{ID: "req_1", PlanName: "plan.py", PlanSource: string(src), PlanHash: planHash, Target: "main", BuildIdentity: firstID})
	var e *Error
	if !errors.As(err, &e) || e.Kind != IdentityChanged {
		t.Errorf("a run approved under the first layer configuration, asked for under the second: %v", err)
	}
	// A configuration that no longer reads refuses the submission.
	if err := state.WriteFile(filepath.Join(l.LayerConfig(), "bank.json"), []byte(`{"env": {"PATH": "/tmp"}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := sp.reprove(context.Background(), "plan.py", src, "main"); err == nil {
		t.Error("a submission was accepted under a layer configuration the service refuses")
	}
}
