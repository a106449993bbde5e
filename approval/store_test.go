package approval

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// testAuditKey signs the test stores' audit rows, as the service key does.
var (
	testAuditKey = ed25519.NewKeyFromSeed([]byte("0123456789abcdef0123456789abcdef"))
	testAuditPub = testAuditKey.Public().(ed25519.PublicKey)
)

func openTestStore(t *testing.T, path string) *Store {
	t.Helper()
	st, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	st.SetAuditKey(testAuditKey)
	t.Cleanup(func() { st.Close() })
	return st
}

func record(id string) Record {
	return Record{ID: id, CreatedAt: time.Now(), PlanName: "plan.py", PlanHash: planHash(id), Target: "main", PlanSource: "src",
		View: View{Guarantees: []Guarantee{{Source: "g", English: "G."}}, Coverage: []Coverage{}}}
}

func TestStoreMigratesOnceAndSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "approval.db")
	st := openTestStore(t, path)
	if err := st.Insert(ctx, record("req_1"), nil, nil, audit.Event{Kind: "request.submitted", RequestID: "req_1"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	st = openTestStore(t, path) // migrating again is a no-op and keeps the data
	e, err := st.Get(ctx, "req_1")
	if err != nil || e.PlanSource != "src" || e.View.Guarantees[0].English != "G." || e.Decision != nil {
		t.Fatalf("reopened Get = %+v, %v", e, err)
	}
	var version int
	if err := st.r.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Fatalf("user_version = %d, %v", version, err)
	}
	if _, err := st.Get(ctx, "req_2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get(unknown) = %v", err)
	}
}

func TestStoreRefusesANewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "approval.db")
	st := openTestStore(t, path)
	if _, err := st.w.Exec(`PRAGMA user_version = 99`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := OpenStore(context.Background(), path); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("OpenStore on a newer schema = %v", err)
	}
}

func TestStoreDecisionsAreFinal(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t, filepath.Join(t.TempDir(), "approval.db"))
	if err := st.Insert(ctx, record("req_1"), nil, nil); err != nil {
		t.Fatal(err)
	}
	d := Decision{Decision: "rejected", DecidedBy: "human", DecidedAt: time.Now()}
	if _, err := st.Decide(ctx, "req_1", d, nil, audit.Event{Kind: "decision.rejected", RequestID: "req_1"}); err != nil {
		t.Fatal(err)
	}
	d.Decision = "approved_once"
	if _, err := st.Decide(ctx, "req_1", d, nil); !errors.Is(err, ErrAlreadyDecided) {
		t.Fatalf("second Decide = %v", err)
	}
	var se *sqlite.Error
	if _, err := st.w.Exec(`UPDATE decisions SET decision = 'approved_once'`); !errors.As(err, &se) || se.Code() != sqlite3.SQLITE_CONSTRAINT_TRIGGER {
		t.Fatalf("UPDATE of a decision = %v", err)
	}
	if _, err := st.Decide(ctx, "req_9", d, nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Decide(unknown) = %v", err)
	}
}

// A failed step rolls the whole transaction back: no decision without its
// audit row, no audit row without its decision.
func TestStoreDecideIsAtomic(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t, filepath.Join(t.TempDir(), "approval.db"))
	if err := st.Insert(ctx, record("req_1"), nil, nil); err != nil {
		t.Fatal(err)
	}
	d := Decision{Decision: "approved_once", DecidedBy: "human", DecidedAt: time.Now()}
	boom := errors.New("signing failed")
	failing := func(Record, string) (*receipt.Receipt, *receipt.Payload, error) { return nil, nil, boom }
	if _, err := st.Decide(ctx, "req_1", d, failing, audit.Event{Kind: "decision.approved_once", RequestID: "req_1"}); !errors.Is(err, boom) {
		t.Fatalf("Decide = %v", err)
	}
	// An audit event the log refuses aborts the decision too.
	if _, err := st.Decide(ctx, "req_1", d, nil, audit.Event{Kind: "Bad Kind"}); err == nil {
		t.Fatal("Decide with a refused audit event succeeded")
	}
	e, err := st.Get(ctx, "req_1")
	if err != nil || e.Decision != nil {
		t.Fatalf("after failed decisions: %+v, %v", e.Decision, err)
	}
	var n int
	if err := st.r.QueryRow(`SELECT count(*) FROM audit`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("audit rows after rollbacks: %d, %v", n, err)
	}
}

// The service's audit chain, in its real database: tamper one row behind
// the triggers' back and VerifyAudit names it.
func TestStoreAuditChainTamper(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t, filepath.Join(t.TempDir(), "approval.db"))
	for _, id := range []string{"req_1", "req_2", "req_3"} {
		if err := st.Insert(ctx, record(id), nil, nil, audit.Event{Kind: "request.submitted", RequestID: id, Actor: "runner"}); err != nil {
			t.Fatal(err)
		}
	}
	if seq, err := st.VerifyAudit(ctx); seq != 0 || err != nil {
		t.Fatalf("VerifyAudit = %d, %v", seq, err)
	}
	head, ok, err := st.AuditHead(ctx)
	if err != nil || !ok || head.Seq != 3 {
		t.Fatalf("AuditHead = %+v %v %v", head, ok, err)
	}
	for _, q := range []string{`DROP TRIGGER audit_no_update`, `UPDATE audit SET request_id = 'req_9' WHERE seq = 2`} {
		if _, err := st.w.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	seq, err := st.VerifyAudit(ctx)
	var be *audit.BrokenError
	if seq != 2 || !errors.As(err, &be) {
		t.Fatalf("VerifyAudit after tampering = %d, %v", seq, err)
	}
	// And the service refuses to extend a chain whose head is broken.
	if _, err := st.w.Exec(`UPDATE audit SET detail = 'x' WHERE seq = 3`); err != nil {
		t.Fatal(err)
	}
	if err := st.Audit(ctx, audit.Event{Kind: "k"}); !errors.As(err, &be) {
		t.Fatalf("Audit on a broken head = %v", err)
	}
}

func TestStoreIsWALWithFullSync(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), "approval.db"))
	var mode string
	var sync int
	if err := st.w.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v", mode, err)
	}
	if err := st.w.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
		t.Fatalf("synchronous = %d, %v (want 2, FULL)", sync, err)
	}
	// The reader pool cannot write.
	if _, err := st.r.Exec(`INSERT INTO audit(seq, at, kind, request_id, actor, detail, prev_hash, hash) VALUES(1,'','','','','','','')`); err == nil {
		t.Fatal("the read pool wrote")
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	t.Setenv("HOME", "/tmp/home")
	p, err := DefaultPath()
	if err != nil || p != "/tmp/cfg/clauz3/approval.db" {
		t.Fatalf("DefaultPath = %q, %v", p, err)
	}
}

// Writes that share a commit are isolated: a failing one is undone alone
// (its request row too), the others commit with their audit rows.
func TestStoreGroupCommitIsolatesFailures(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t, filepath.Join(t.TempDir(), "approval.db"))
	var wg sync.WaitGroup
	errs := make([]error, 60)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind := "request.submitted"
			if i%3 == 0 {
				kind = "Not A Kind" // audit.Append refuses it after the request row was inserted
			}
			id := fmt.Sprintf("req_%d", i)
			errs[i] = st.Insert(ctx, record(id), nil, nil, audit.Event{Kind: kind, RequestID: id})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		_, getErr := st.Get(ctx, fmt.Sprintf("req_%d", i))
		switch {
		case i%3 == 0 && (err == nil || !errors.Is(getErr, ErrNotFound)):
			t.Errorf("write %d: err %v, but its row exists (%v)", i, err, getErr)
		case i%3 != 0 && (err != nil || getErr != nil):
			t.Errorf("write %d: %v / %v", i, err, getErr)
		}
	}
	var n int
	if err := st.r.QueryRow(`SELECT count(*) FROM audit`).Scan(&n); err != nil || n != 40 {
		t.Fatalf("%d audit rows, %v; want 40", n, err)
	}
	if seq, err := st.VerifyAudit(ctx); seq != 0 || err != nil {
		t.Fatalf("VerifyAudit = %d, %v", seq, err)
	}
	st.Close()
	if err := st.Audit(ctx, audit.Event{Kind: "k"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("write after Close = %v", err)
	}
}

func pubKey(pub ed25519.PublicKey) func() (ed25519.PublicKey, error) {
	return func() (ed25519.PublicKey, error) { return pub, nil }
}

// decideWithReceipt approves id and stores a receipt that carries the
// audit head the store hands to the issuer, as the service does.
func decideWithReceipt(t *testing.T, st *Store, id string) receipt.Payload {
	t.Helper()
	var issued receipt.Payload
	now := time.Now().UTC().Truncate(time.Second)
	nonce, _ := receipt.NewNonce()
	_, err := st.Decide(context.Background(), id, Decision{Decision: "approved_once", DecidedBy: "human", DecidedAt: now},
		func(rec Record, head string) (*receipt.Receipt, *receipt.Payload, error) {
			issued = receipt.Payload{RequestID: rec.ID, PlanHash: rec.PlanHash, BuildID: "sha256:" + strings.Repeat("b", 64), Target: rec.Target, Guarantees: []string{"g"},
				Decision: "approved_once", IssuedAt: now, ExpiresAt: now.Add(time.Hour), Nonce: nonce, AuditHead: head}
			rc, err := receipt.Sign(testAuditKey, issued)
			return &rc, &issued, err
		}, audit.Event{Kind: "decision.approved_once", RequestID: id, Actor: "human"})
	if err != nil {
		t.Fatal(err)
	}
	return issued
}

// TestAuditVerifyCatchesARewrittenRequest (attack G1): a tamperer deletes a
// request's rows and re-hashes the chain. Without the service key the
// re-hashed rows' signatures fail; with it, the audit heads that later
// receipts and redemption acknowledgements carry no longer name rows of
// the chain. Either way `audit verify` fails and says why.
func TestAuditVerifyCatchesARewrittenRequest(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (string, *Store) {
		path := filepath.Join(t.TempDir(), "approval.db")
		st := openTestStore(t, path)
		for _, id := range []string{"req_1", "req_2"} {
			if err := st.Insert(ctx, record(id), nil, nil, audit.Event{Kind: "request.submitted", RequestID: id, Actor: "runner"}); err != nil {
				t.Fatal(err)
			}
			p := decideWithReceipt(t, st, id)
			if id == "req_2" {
				challenge, _ := receipt.NewChallenge()
				_, err := st.Redeem(ctx, id, p.Nonce, challenge, time.Now(), func(head string) (receipt.Redemption, error) {
					return receipt.SignRedemption(testAuditKey, receipt.RedemptionPayload{RequestID: id, ReceiptNonce: p.Nonce, Challenge: challenge, RedeemedAt: time.Now(), AuditHead: head})
				}, audit.Event{Kind: "receipt.redeemed", RequestID: id, Actor: "runner"})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		rep, err := VerifyAuditFile(ctx, path, pubKey(testAuditPub))
		if err != nil || rep.Rows != 7 || rep.Anchors != 3 {
			t.Fatalf("control: %+v, %v", rep, err)
		}
		return path, st
	}
	// rewrite deletes req_1's rows and re-hashes what is left, signing
	// with key (nil: keeping the old signatures).
	rewrite := func(t *testing.T, st *Store, key ed25519.PrivateKey) {
		if _, err := st.w.Exec(`DROP TRIGGER audit_no_delete`); err != nil {
			t.Fatal(err)
		}
		if _, err := st.w.Exec(`DROP TRIGGER audit_no_update`); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{`DELETE FROM audit WHERE request_id = 'req_1'`, `DELETE FROM receipts WHERE request_id = 'req_1'`,
			`DELETE FROM decisions WHERE request_id = 'req_1'`, `DELETE FROM requests WHERE id = 'req_1'`} {
			if _, err := st.w.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		var rows []audit.Row
		for r, err := range audit.SQL(st.r).All(ctx) {
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r)
		}
		if _, err := st.w.Exec(`DELETE FROM audit`); err != nil {
			t.Fatal(err)
		}
		prev := audit.Genesis
		for i, r := range rows {
			r.Seq, r.PrevHash = int64(i+1), prev
			r.Hash = audit.HashRow(r)
			if key != nil {
				r.Sig = audit.SignHash(key, r.Hash)
			}
			if err := audit.SQL(st.w).Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
			prev = r.Hash
		}
	}
	t.Run("without the key", func(t *testing.T) {
		path, st := setup(t)
		rewrite(t, st, nil)
		_, err := VerifyAuditFile(ctx, path, pubKey(testAuditPub))
		var be *audit.BrokenError
		if !errors.As(err, &be) || be.Seq != 1 || be.Kind != audit.BadSignature {
			t.Fatalf("VerifyAuditFile = %v, want row 1's signature refused", err)
		}
	})
	t.Run("with the key", func(t *testing.T) {
		path, st := setup(t)
		rewrite(t, st, testAuditKey)
		_, err := VerifyAuditFile(ctx, path, pubKey(testAuditPub))
		var ae *audit.AnchorError
		if !errors.As(err, &ae) || ae.Anchor.What != "receipt of request req_2" || ae.Kind != audit.AnchorPastEnd {
			t.Fatalf("VerifyAuditFile = %v, want req_2's receipt head missing from the chain", err)
		}
	})
	t.Run("another public key", func(t *testing.T) {
		path, _ := setup(t)
		other := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)).Public().(ed25519.PublicKey)
		if _, err := VerifyAuditFile(ctx, path, pubKey(other)); err == nil {
			t.Fatal("VerifyAuditFile passed with another service's key")
		}
	})
}
