package approval

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

func openTestStore(t *testing.T, path string) *Store {
	t.Helper()
	st, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
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
	if err := st.Insert(ctx, record("req_1"), nil, nil, nil, audit.Event{Kind: "request.submitted", RequestID: "req_1"}); err != nil {
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
	if err := st.Insert(ctx, record("req_1"), nil, nil, nil); err != nil {
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
	if _, err := st.w.Exec(`UPDATE decisions SET decision = 'approved_once'`); err == nil || !strings.Contains(err.Error(), "final") {
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
	if err := st.Insert(ctx, record("req_1"), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	d := Decision{Decision: "approved_once", DecidedBy: "human", DecidedAt: time.Now()}
	boom := errors.New("signing failed")
	if _, err := st.Decide(ctx, "req_1", d, func(Record) (*receipt.Receipt, *receipt.Payload, error) { return nil, nil, boom }); !errors.Is(err, boom) {
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
		if err := st.Insert(ctx, record(id), nil, nil, nil, audit.Event{Kind: "request.submitted", RequestID: id, Actor: "runner"}); err != nil {
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
			errs[i] = st.Insert(ctx, record(id), nil, nil, nil, audit.Event{Kind: kind, RequestID: id})
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
