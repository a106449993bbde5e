package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestAuditVerifyCommand (attack G1 through the CLI): `clauz3 audit verify`
// passes a signed log whose receipts' heads are in the chain, and fails,
// saying why, once a request's rows are deleted and the chain re-hashed
// (the signatures of the re-hashed rows no longer verify), or when the
// key is another service's.
func TestAuditVerifyCommand(t *testing.T) {
	ctx := context.Background()
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize))
	pub := receipt.EncodePublicKey(key.Public().(ed25519.PublicKey))
	// The service's state folder, as `clauz3 service init --dev` leaves it:
	// audit verify reads the database there and nowhere else.
	stateDir := t.TempDir()
	if err := os.Chmod(stateDir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(stateDir, "approval.db")
	st, err := approval.OpenStore(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	st.SetAuditKey(key)
	now := time.Now().UTC().Truncate(time.Second)
	for _, id := range []string{"req_1", "req_2"} {
		rec := approval.Record{ID: id, CreatedAt: now, PlanName: "plan.py", PlanHash: "sha256:" + strings.Repeat("a", 64), Target: "main", PlanSource: "src"}
		if err := st.Insert(ctx, rec, nil, nil, audit.Event{Kind: "request.submitted", RequestID: id, Actor: "runner"}); err != nil {
			t.Fatal(err)
		}
		nonce, _ := receipt.NewNonce()
		_, err := st.Decide(ctx, id, approval.Decision{Decision: "approved_once", DecidedBy: "human", DecidedAt: now},
			func(rec approval.Record, head string) (*receipt.Receipt, *receipt.Payload, error) {
				p := receipt.Payload{RequestID: rec.ID, PlanHash: rec.PlanHash, BuildID: "sha256:" + strings.Repeat("b", 64), Target: rec.Target, Guarantees: []string{},
					Decision: "approved_once", IssuedAt: now, ExpiresAt: now.Add(time.Hour), Nonce: nonce, AuditHead: head}
				rc, err := receipt.Sign(key, p)
				return &rc, &p, err
			}, audit.Event{Kind: "decision.approved_once", RequestID: id, Actor: "human"})
		if err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	verify := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := runAudit(append([]string{"verify", "--dev", "--state", stateDir, "--config", t.TempDir()}, args...), &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, out := verify("--public-key", pub); code != exitOK || !strings.Contains(out, "6 rows, chain intact and signed by key") || !strings.Contains(out, "2 receipt and redemption heads found") {
		t.Fatalf("control: %d %s", code, out)
	}
	other := receipt.EncodePublicKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)).Public().(ed25519.PublicKey))
	if code, out := verify("--public-key", other); code != exitRefused || !strings.Contains(out, "does not verify") {
		t.Errorf("another key: %d %s", code, out)
	}
	if code, out := verify("--public-key", "not a key"); code != exitRefused || !strings.Contains(out, "public key") {
		t.Errorf("a malformed key: %d %s", code, out)
	}

	// Delete req_1's rows and re-hash what is left, as a tamperer without
	// the service key can.
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{`DROP TRIGGER audit_no_delete`, `DELETE FROM audit WHERE request_id = 'req_1'`,
		`DELETE FROM receipts WHERE request_id = 'req_1'`, `DELETE FROM decisions WHERE request_id = 'req_1'`, `DELETE FROM requests WHERE id = 'req_1'`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var rows []audit.Row
	for r, err := range audit.SQL(db).All(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	if _, err := db.Exec(`DELETE FROM audit`); err != nil {
		t.Fatal(err)
	}
	prev := audit.Genesis
	for i, r := range rows {
		r.Seq, r.PrevHash = int64(i+1), prev
		r.Hash = audit.HashRow(r)
		if err := audit.SQL(db).Insert(ctx, r); err != nil {
			t.Fatal(err)
		}
		prev = r.Hash
	}
	code, out := verify("--public-key", pub)
	if code != exitRefused || !strings.Contains(out, "chain broken at row 1: signature does not verify with the service key") {
		t.Fatalf("after the rewrite: %d %s", code, out)
	}
}
