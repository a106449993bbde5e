package audit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// openSQLite opens a real SQLite database (WAL, immediate transactions)
// with the audit schema.
func openSQLite(t *testing.T) *sql.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.db")
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	if err := CreateSchema(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := CreateSchema(ctx, db); err != nil {
		t.Fatalf("CreateSchema is not idempotent: %v", err)
	}
	return db
}

func appendSQL(t *testing.T, db *sql.DB, n int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		if _, err := Append(context.Background(), SQL(db), testKey, Event{Kind: "request.submitted", RequestID: fmt.Sprintf("req_%d", i), Actor: "runner", Detail: fmt.Sprintf(`{"n":%d}`, i)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSQLAdapterRoundTrip(t *testing.T) {
	db := openSQLite(t)
	ctx := context.Background()
	if _, ok, err := SQL(db).Last(ctx); ok || err != nil {
		t.Fatalf("Last on an empty log = %v, %v", ok, err)
	}
	appendSQL(t, db, 5)
	last, ok, err := SQL(db).Last(ctx)
	if err != nil || !ok || last.Seq != 5 || last.RequestID != "req_5" {
		t.Fatalf("Last = %+v, %v, %v", last, ok, err)
	}
	var seqs []int64
	for r, err := range SQL(db).All(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, r.Seq)
	}
	if fmt.Sprint(seqs) != "[1 2 3 4 5]" {
		t.Fatalf("All = %v", seqs)
	}
	if seq, err := Verify(ctx, SQL(db), testPub); seq != 0 || err != nil {
		t.Fatalf("Verify = %d, %v", seq, err)
	}
	// Insert refuses an existing seq (the primary key), so a stale writer
	// cannot fork the chain.
	if err := SQL(db).Insert(ctx, last); err == nil {
		t.Fatal("a second row 5 was inserted")
	}
}

func TestSQLTriggersMakeTheLogAppendOnly(t *testing.T) {
	db := openSQLite(t)
	appendSQL(t, db, 2)
	for _, q := range []string{`UPDATE audit SET detail = 'x' WHERE seq = 1`, `DELETE FROM audit WHERE seq = 2`} {
		_, err := db.Exec(q)
		var se *sqlite.Error
		if !errors.As(err, &se) || se.Code() != sqlite3.SQLITE_CONSTRAINT_TRIGGER {
			t.Errorf("%s = %v, want the append-only trigger's abort", q, err)
		}
	}
}

// Tampering a tamperer would do with the triggers dropped: Verify names
// the first broken row.
func TestSQLVerifyNamesTheFirstBrokenRow(t *testing.T) {
	cases := map[string]struct {
		sql  []string
		seq  int64
		kind BrokenKind
	}{
		"detail edited":  {[]string{`UPDATE audit SET detail = '{"n":99}' WHERE seq = 3`}, 3, Edited},
		"actor edited":   {[]string{`UPDATE audit SET actor = 'human:x' WHERE seq = 2`}, 2, Edited},
		"row deleted":    {[]string{`DELETE FROM audit WHERE seq = 4`}, 5, OutOfSequence},
		"rows swapped":   {[]string{`UPDATE audit SET seq = 100 WHERE seq = 2`, `UPDATE audit SET seq = 2 WHERE seq = 3`, `UPDATE audit SET seq = 3 WHERE seq = 100`}, 2, PrevHashMismatch},
		"hash garbled":   {[]string{`UPDATE audit SET hash = 'zz' WHERE seq = 1`}, 1, MalformedHash},
		"first deleted":  {[]string{`DELETE FROM audit WHERE seq = 1`}, 2, OutOfSequence},
		"bytes invalid":  {[]string{`UPDATE audit SET detail = CAST(X'FF' AS TEXT) WHERE seq = 5`}, 5, InvalidUTF8},
		"row re-hashed?": {[]string{`UPDATE audit SET prev_hash = hash WHERE seq = 3`}, 3, PrevHashMismatch},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			db := openSQLite(t)
			appendSQL(t, db, 6)
			for _, q := range append([]string{`DROP TRIGGER audit_no_update`, `DROP TRIGGER audit_no_delete`}, c.sql...) {
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			seq, err := Verify(context.Background(), SQL(db), testPub)
			var be *BrokenError
			if seq != c.seq || !errors.As(err, &be) || be.Seq != c.seq || be.Kind != c.kind || be.Reason == "" {
				t.Fatalf("Verify = %d, %v; want row %d broken (%v)", seq, err, c.seq, c.kind)
			}
		})
	}
}

// Concurrent appenders, each in its own immediate transaction, never fork
// the chain.
func TestSQLConcurrentAppendsInTransactions(t *testing.T) {
	db := openSQLite(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				errs <- err
				return
			}
			if _, err := Append(ctx, SQL(tx), testKey, Event{Kind: "k", RequestID: fmt.Sprint(i)}); err != nil {
				tx.Rollback()
				errs <- err
				return
			}
			errs <- tx.Commit()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM audit`).Scan(&n); err != nil || n != 40 {
		t.Fatalf("%d rows, %v", n, err)
	}
	if seq, err := Verify(ctx, SQL(db), testPub); seq != 0 || err != nil {
		t.Fatalf("Verify = %d, %v", seq, err)
	}
}

// A store that cannot be read is a failed verification, not a pass.
func TestSQLVerifyOnAClosedDatabase(t *testing.T) {
	db := openSQLite(t)
	appendSQL(t, db, 2)
	db.Close()
	if seq, err := Verify(context.Background(), SQL(db), testPub); err == nil || seq != 0 {
		t.Fatalf("Verify on a closed database = %d, %v", seq, err)
	}
}

// TestSQLUpgradeFromUnsignedRows: a table made before rows were signed
// gains the sig column, and its old rows are reported as unsigned, never
// trusted; Append refuses to extend such a chain.
func TestSQLUpgradeFromUnsignedRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	old := Row{Seq: 1, At: "2026-11-29T13:00:00Z", Kind: "request.submitted", PrevHash: Genesis}
	old.Hash = HashRow(old)
	for _, q := range []string{
		`CREATE TABLE audit(seq INTEGER PRIMARY KEY, at TEXT NOT NULL, kind TEXT NOT NULL, request_id TEXT NOT NULL, actor TEXT NOT NULL, detail TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)`,
		`INSERT INTO audit VALUES(1, '` + old.At + `', 'request.submitted', '', '', '', '` + Genesis + `', '` + old.Hash + `')`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := CreateSchema(ctx, db); err != nil {
		t.Fatal(err)
	}
	seq, err := Verify(ctx, SQL(db), testPub)
	var be *BrokenError
	if !errors.As(err, &be) || seq != 1 || be.Kind != Unsigned {
		t.Fatalf("Verify of an unsigned legacy row = %d, %v", seq, err)
	}
	if _, err := Append(ctx, SQL(db), testKey, Event{Kind: "k"}); err == nil {
		t.Fatal("Append extended an unsigned chain")
	}
}
