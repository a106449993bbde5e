package audit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
)

// DB is what the SQL adapter needs; *sql.DB, *sql.Tx and *sql.Conn have it.
type DB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// schema is the audit table (SQLite dialect) and the triggers that make
// it append-only for anyone going through SQL.
var schema = []string{
	`CREATE TABLE IF NOT EXISTS audit(
		seq INTEGER PRIMARY KEY,
		at TEXT NOT NULL,
		kind TEXT NOT NULL,
		request_id TEXT NOT NULL,
		actor TEXT NOT NULL,
		detail TEXT NOT NULL,
		prev_hash TEXT NOT NULL,
		hash TEXT NOT NULL,
		sig TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
		BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END`,
	`CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
		BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END`,
}

// CreateSchema creates the audit table and its append-only triggers (SQLite
// dialect), one statement at a time; it is idempotent, and adds the sig
// column to a table made before rows were signed (its old rows stay
// unsigned, so such a log no longer verifies: it is reported, not
// silently trusted).
func CreateSchema(ctx context.Context, db DB) error {
	for _, q := range schema {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("audit: schema: %w", err)
		}
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('audit') WHERE name = 'sig'`).Scan(&n); err != nil {
		return fmt.Errorf("audit: schema: %w", err)
	}
	if n == 0 {
		if _, err := db.ExecContext(ctx, `ALTER TABLE audit ADD COLUMN sig TEXT NOT NULL DEFAULT ''`); err != nil {
			return fmt.Errorf("audit: schema: adding the signature column: %w", err)
		}
	}
	return nil
}

// SQL adapts db (a database, a transaction or a connection) to Store.
func SQL(db DB) Store { return sqlStore{db} }

type sqlStore struct{ db DB }

const columns = `seq, at, kind, request_id, actor, detail, prev_hash, hash, sig`

func scan(sc interface{ Scan(...any) error }) (Row, error) {
	var r Row
	err := sc.Scan(&r.Seq, &r.At, &r.Kind, &r.RequestID, &r.Actor, &r.Detail, &r.PrevHash, &r.Hash, &r.Sig)
	return r, err
}

func (s sqlStore) Last(ctx context.Context) (Row, bool, error) {
	r, err := scan(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM audit ORDER BY seq DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, false, nil
	}
	if err != nil {
		return Row{}, false, err
	}
	return r, true, nil
}

func (s sqlStore) Insert(ctx context.Context, r Row) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO audit(`+columns+`) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Seq, r.At, r.Kind, r.RequestID, r.Actor, r.Detail, r.PrevHash, r.Hash, r.Sig)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("insert of row %d affected %d rows", r.Seq, n)
	}
	return nil
}

func (s sqlStore) All(ctx context.Context) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM audit ORDER BY seq`)
		if err != nil {
			yield(Row{}, err)
			return
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scan(rows)
			if err != nil {
				yield(Row{}, err)
				return
			}
			if !yield(r, nil) {
				return
			}
		}
		if err := rows.Err(); err != nil {
			yield(Row{}, err)
		}
	}
}
