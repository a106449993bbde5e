package approval

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Store errors callers tell apart with errors.Is.
var (
	ErrNotFound        = errors.New("no such request")
	ErrAlreadyDecided  = errors.New("already decided")
	ErrAlreadyRedeemed = errors.New("receipt already redeemed")
	ErrUnknownReceipt  = errors.New("receipt was not issued by this service")
	ErrSchemaTooNew    = errors.New("database schema is newer than this program")
)

// migrations are applied in order; PRAGMA user_version counts how many
// ran. Append only: never edit a released step.
var migrations = [][]string{{
	`CREATE TABLE requests(
		id TEXT PRIMARY KEY,
		created_at TEXT NOT NULL,
		plan_name TEXT NOT NULL,
		plan_hash TEXT NOT NULL,
		target TEXT NOT NULL,
		plan_source TEXT NOT NULL,
		view TEXT NOT NULL,      -- JSON: what the service proved itself
		submitted TEXT NOT NULL  -- the client's body, kept for the raw record only
	)`,
	`CREATE TABLE decisions(
		request_id TEXT PRIMARY KEY REFERENCES requests(id),
		decision TEXT NOT NULL,
		reason TEXT NOT NULL,
		decided_by TEXT NOT NULL,
		decided_at TEXT NOT NULL
	)`,
	`CREATE TABLE receipts(
		nonce TEXT PRIMARY KEY,
		request_id TEXT NOT NULL UNIQUE REFERENCES requests(id),
		receipt TEXT NOT NULL,
		expires_at TEXT NOT NULL
	)`,
	`CREATE TABLE redemptions(
		nonce TEXT PRIMARY KEY REFERENCES receipts(nonce),
		request_id TEXT NOT NULL,
		challenge TEXT NOT NULL,
		redeemed_at TEXT NOT NULL,
		ack TEXT NOT NULL
	)`,
	`CREATE TRIGGER decisions_final BEFORE UPDATE ON decisions
		BEGIN SELECT RAISE(ABORT, 'a decision is final'); END`,
	`CREATE TRIGGER redemptions_final BEFORE DELETE ON redemptions
		BEGIN SELECT RAISE(ABORT, 'a redemption is final'); END`,
}}

// Store is the approval service's SQLite database. Writes go through one
// connection and one writer goroutine that commits them in groups: each
// write runs under its own SAVEPOINT inside a BEGIN IMMEDIATE transaction
// together with its audit rows, and nobody is answered before the group's
// commit (one fsync) returns. So no state change exists without its audit
// row, the chain never forks, a failed write leaves no trace, and an
// acknowledged write is on disk.
type Store struct {
	w, r    *sql.DB
	path    string
	getStmt *sql.Stmt

	jobs      chan writeJob
	stop      chan struct{}
	stopped   chan struct{}
	closeOnce sync.Once

	// auditKey signs every audit row (the service's signing key); until
	// SetAuditKey is called every write that audits is refused.
	auditKey atomic.Pointer[ed25519.PrivateKey]
}

// SetAuditKey gives the store the service's signing key, which signs every
// audit row it appends; call it before the first write. Without it every
// write that records an audit event fails (an unsigned row is never
// written).
func (s *Store) SetAuditKey(key ed25519.PrivateKey) {
	k := append(ed25519.PrivateKey(nil), key...)
	s.auditKey.Store(&k)
}

func (s *Store) key() ed25519.PrivateKey {
	if k := s.auditKey.Load(); k != nil {
		return *k
	}
	return nil
}

type writeJob struct {
	ctx  context.Context
	fn   func(tx *sql.Tx) error
	done chan error
}

// maxGroup bounds how many writes share one commit.
const maxGroup = 256

// ErrClosed is a write on a closed store.
var ErrClosed = errors.New("approval: store is closed")

// DefaultPath is <user config dir>/clauz3/approval.db.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("approval: no default database path: %w", err)
	}
	return filepath.Join(dir, "clauz3", "approval.db"), nil
}

// OpenStore opens (creating) the database at path, in WAL mode with full
// fsync on commit, and migrates its schema.
func OpenStore(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, fmt.Errorf("approval: store: empty database path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("approval: store %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("approval: store %s: %w", abs, err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	w, err := sql.Open("sqlite", abs+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("approval: store %s: %w", abs, err)
	}
	w.SetMaxOpenConns(1)
	q.Set("_query_only", "1")
	q.Del("_txlock")
	r, err := sql.Open("sqlite", abs+"?"+q.Encode())
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("approval: store %s: %w", abs, err)
	}
	r.SetMaxOpenConns(8)
	s := &Store{w: w, r: r, path: abs, jobs: make(chan writeJob), stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.writer()
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if s.getStmt, err = r.PrepareContext(ctx, getQuery); err != nil {
		s.Close()
		return nil, fmt.Errorf("approval: store %s: %w", abs, err)
	}
	var mode string
	if err := w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		s.Close()
		return nil, fmt.Errorf("approval: store %s: journal mode is %q, not wal (%v)", abs, mode, err)
	}
	return s, nil
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close stops the writer (writes it accepted are answered first) and
// closes both pools.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { close(s.stop) })
	<-s.stopped
	var err error
	if s.getStmt != nil {
		err = s.getStmt.Close()
	}
	return errors.Join(err, s.r.Close(), s.w.Close())
}

func (s *Store) migrate(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		var version int
		if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
			return fmt.Errorf("approval: store %s: reading schema version: %w", s.path, err)
		}
		if version > len(migrations) {
			return fmt.Errorf("approval: store %s: version %d, this program knows %d: %w", s.path, version, len(migrations), ErrSchemaTooNew)
		}
		for i := version; i < len(migrations); i++ {
			for _, q := range migrations[i] {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return fmt.Errorf("approval: store %s: migration %d: %w", s.path, i+1, err)
				}
			}
			if i == 0 {
				if err := audit.CreateSchema(ctx, tx); err != nil {
					return fmt.Errorf("approval: store %s: %w", s.path, err)
				}
			}
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, len(migrations))); err != nil {
			return fmt.Errorf("approval: store %s: setting schema version: %w", s.path, err)
		}
		return nil
	})
}

// write runs fn in a transaction (shared with other writes of the same
// group, isolated from them by a savepoint) and returns once that
// transaction has committed, or fn's error once its changes are undone.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	j := writeJob{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.jobs <- j:
	case <-s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-j.done
}

func (s *Store) writer() {
	defer close(s.stopped)
	for {
		var group []writeJob
		select {
		case j := <-s.jobs:
			group = append(group, j)
		case <-s.stop:
			return
		}
	collect:
		for len(group) < maxGroup {
			select {
			case j := <-s.jobs:
				group = append(group, j)
			default:
				break collect
			}
		}
		s.commitGroup(group)
	}
}

// commitGroup runs a group of writes in one transaction and answers each.
func (s *Store) commitGroup(group []writeJob) {
	errs := make([]error, len(group))
	answer := func() {
		for i, j := range group {
			j.done <- errs[i]
		}
	}
	tx, err := s.w.BeginTx(context.Background(), nil)
	if err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("approval: store: begin: %w", err)
		}
		answer()
		return
	}
	ok := 0
	for i, j := range group {
		if err := j.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if _, err := tx.Exec(`SAVEPOINT write`); err != nil {
			errs[i] = fmt.Errorf("approval: store: savepoint: %w", err)
			continue
		}
		if err := j.fn(tx); err != nil {
			errs[i] = err
			if _, rerr := tx.Exec(`ROLLBACK TO write`); rerr != nil {
				// The transaction's state is unknown: nobody in the
				// group may be told their write happened.
				s.failGroup(tx, errs, fmt.Errorf("approval: store: undoing a failed write: %w", rerr))
				answer()
				return
			}
		} else {
			ok++
		}
		if _, err := tx.Exec(`RELEASE write`); err != nil {
			s.failGroup(tx, errs, fmt.Errorf("approval: store: release: %w", err))
			answer()
			return
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = fmt.Errorf("approval: store: commit: %w", err)
			}
		}
	}
	answer()
}

func (s *Store) failGroup(tx *sql.Tx, errs []error, err error) {
	err = errors.Join(err, rollback(tx))
	for i := range errs {
		if errs[i] == nil {
			errs[i] = err
		}
	}
}

func rollback(tx *sql.Tx) error {
	if err := tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		return fmt.Errorf("approval: store: rollback: %w", err)
	}
	return nil
}

func (s *Store) appendAudit(ctx context.Context, tx *sql.Tx, events ...audit.Event) error {
	for _, e := range events {
		if _, err := audit.Append(ctx, audit.SQL(tx), s.key(), e); err != nil {
			return err
		}
	}
	return nil
}

// auditHead is the head of the chain inside tx, "<seq>:<hash>": what a
// receipt or acknowledgement signed in the same transaction records.
func auditHead(ctx context.Context, tx *sql.Tx) (string, error) {
	last, ok, err := audit.SQL(tx).Last(ctx)
	if err != nil {
		return "", fmt.Errorf("approval: store: reading the audit head: %w", err)
	}
	if !ok {
		return "", errors.New("approval: store: the audit log is empty: nothing for a receipt to anchor")
	}
	return audit.Head{Seq: last.Seq, Hash: last.Hash}.String(), nil
}

// IssueFunc signs the receipt of an approving decision on rec. It is called
// inside the transaction that records the decision, after its audit rows,
// with the audit head that names them; the payload must carry that head.
type IssueFunc func(rec Record, auditHead string) (*receipt.Receipt, *receipt.Payload, error)

// issueReceipt calls issue with the current head, stores the receipt and
// its receipt.issued row.
func (s *Store) issueReceipt(ctx context.Context, tx *sql.Tx, rec Record, issue IssueFunc) (*receipt.Receipt, error) {
	head, err := auditHead(ctx, tx)
	if err != nil {
		return nil, err
	}
	r, p, err := issue(rec, head)
	if err != nil {
		return nil, err
	}
	if r == nil || p == nil {
		return nil, fmt.Errorf("approval: store: the receipt of %s was not made", rec.ID)
	}
	if p.AuditHead != head {
		return nil, fmt.Errorf("approval: store: the receipt of %s carries audit head %q, not the current %q", rec.ID, p.AuditHead, head)
	}
	if err := insertReceipt(ctx, tx, rec.ID, r, p); err != nil {
		return nil, err
	}
	return r, s.appendAudit(ctx, tx, receiptIssued(rec.ID, p))
}

// Record is a request as stored: the service's own view plus the client's
// submission, which is kept for the raw record only.
type Record struct {
	ID         string
	CreatedAt  time.Time
	PlanName   string
	PlanHash   string
	Target     string
	PlanSource string
	View       View
	Submitted  json.RawMessage
}

// View is what the service proved itself and shows the human.
type View struct {
	Guarantees      []Guarantee  `json:"guarantees"`
	Assumes         []Assumption `json:"assumes,omitempty"`
	ProofSummary    ProofSummary `json:"proof_summary"`
	Coverage        []Coverage   `json:"coverage"`
	CoverageChecked bool         `json:"coverage_checked"`
	Card            *card.Card   `json:"card,omitempty"`
	// BuildIdentity is what the service will build, as it stood when it
	// proved the plan (execute.Identity): checked again before the run.
	BuildIdentity string `json:"build_identity,omitempty"`
}

// Decision is one final answer to a request.
type Decision struct {
	Decision  string
	Reason    string
	DecidedBy string // "human", "policy:<rule>" or "service"
	DecidedAt time.Time
}

const timeLayout = time.RFC3339Nano

// Insert stores a new request, its decision when it has one at once (a
// refusal or a policy's), events, and, when issue is not nil, the receipt
// the decision carries (see IssueFunc), all in one transaction.
func (s *Store) Insert(ctx context.Context, rec Record, d *Decision, issue IssueFunc, events ...audit.Event) error {
	view, err := json.Marshal(rec.View)
	if err != nil {
		return fmt.Errorf("approval: store: encoding the view of %s: %w", rec.ID, err)
	}
	submitted := rec.Submitted
	if submitted == nil {
		submitted = json.RawMessage("null")
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO requests(id, created_at, plan_name, plan_hash, target, plan_source, view, submitted) VALUES(?,?,?,?,?,?,?,?)`,
			rec.ID, rec.CreatedAt.UTC().Format(timeLayout), rec.PlanName, rec.PlanHash, rec.Target, rec.PlanSource, string(view), string(submitted))
		if err != nil {
			return fmt.Errorf("approval: store: inserting %s: %w", rec.ID, err)
		}
		if d != nil {
			if err := insertDecision(ctx, tx, rec.ID, *d); err != nil {
				return err
			}
		}
		if err := s.appendAudit(ctx, tx, events...); err != nil {
			return err
		}
		switch {
		case issue == nil:
			return nil
		case d == nil:
			return fmt.Errorf("approval: store: a receipt for %s without a decision", rec.ID)
		}
		_, err = s.issueReceipt(ctx, tx, rec, issue)
		return err
	})
}

func insertDecision(ctx context.Context, tx *sql.Tx, id string, d Decision) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO decisions(request_id, decision, reason, decided_by, decided_at) VALUES(?,?,?,?,?)`,
		id, d.Decision, d.Reason, d.DecidedBy, d.DecidedAt.UTC().Format(timeLayout)); err != nil {
		return fmt.Errorf("approval: store: recording the decision on %s: %w", id, err)
	}
	return nil
}

func insertReceipt(ctx context.Context, tx *sql.Tx, id string, r *receipt.Receipt, p *receipt.Payload) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("approval: store: encoding the receipt of %s: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO receipts(nonce, request_id, receipt, expires_at) VALUES(?,?,?,?)`,
		p.Nonce, id, string(data), p.ExpiresAt.UTC().Format(timeLayout)); err != nil {
		return fmt.Errorf("approval: store: recording the receipt of %s: %w", id, err)
	}
	return nil
}

// receiptIssued is the receipt.issued row of a receipt.
func receiptIssued(id string, p *receipt.Payload) audit.Event {
	detail, _ := json.Marshal(map[string]string{"nonce": p.Nonce, "expires_at": p.ExpiresAt.UTC().Format(receipt.TimeLayout), "decision": p.Decision, "audit_head": p.AuditHead})
	return audit.Event{At: p.IssuedAt, Kind: "receipt.issued", RequestID: id, Actor: "service", Detail: string(detail)}
}

// Decide records d on a pending request with events, then the receipt it
// carries (issue sees the stored record and the audit head, inside the
// transaction; see IssueFunc). A request that has a decision is
// ErrAlreadyDecided.
func (s *Store) Decide(ctx context.Context, id string, d Decision, issue IssueFunc, events ...audit.Event) (*receipt.Receipt, error) {
	var issued *receipt.Receipt
	err := s.write(ctx, func(tx *sql.Tx) error {
		rec, err := getRecord(ctx, tx, id)
		if err != nil {
			return err
		}
		var prior string
		err = tx.QueryRowContext(ctx, `SELECT decision FROM decisions WHERE request_id = ?`, id).Scan(&prior)
		switch {
		case err == nil:
			return fmt.Errorf("approval: %s: %w as %s", id, ErrAlreadyDecided, prior)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("approval: store: reading the decision on %s: %w", id, err)
		}
		if err := insertDecision(ctx, tx, id, d); err != nil {
			return err
		}
		if err := s.appendAudit(ctx, tx, events...); err != nil {
			return err
		}
		if issue == nil {
			return nil
		}
		issued, err = s.issueReceipt(ctx, tx, rec, issue)
		return err
	})
	if err != nil {
		return nil, err
	}
	return issued, nil
}

// Redeem marks the receipt with this nonce, issued for requestID, redeemed,
// appends events, and stores the acknowledgement sign makes with the audit
// head that names them, in the transaction that checks it was not redeemed
// before.
func (s *Store) Redeem(ctx context.Context, requestID, nonce, challenge string, at time.Time, sign func(auditHead string) (receipt.Redemption, error), events ...audit.Event) (receipt.Redemption, error) {
	var ack receipt.Redemption
	err := s.write(ctx, func(tx *sql.Tx) error {
		var owner string
		err := tx.QueryRowContext(ctx, `SELECT request_id FROM receipts WHERE nonce = ?`, nonce).Scan(&owner)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("approval: %s: %w", requestID, ErrUnknownReceipt)
		case err != nil:
			return fmt.Errorf("approval: store: reading the receipt of %s: %w", requestID, err)
		case owner != requestID:
			return fmt.Errorf("approval: %s: %w (its nonce belongs to %s)", requestID, ErrUnknownReceipt, owner)
		}
		var when string
		err = tx.QueryRowContext(ctx, `SELECT redeemed_at FROM redemptions WHERE nonce = ?`, nonce).Scan(&when)
		switch {
		case err == nil:
			return fmt.Errorf("approval: %s: %w at %s", requestID, ErrAlreadyRedeemed, when)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("approval: store: reading the redemption of %s: %w", requestID, err)
		}
		if err := s.appendAudit(ctx, tx, events...); err != nil {
			return err
		}
		head, err := auditHead(ctx, tx)
		if err != nil {
			return err
		}
		if ack, err = sign(head); err != nil {
			return err
		}
		data, err := json.Marshal(ack)
		if err != nil {
			return fmt.Errorf("approval: store: encoding the redemption of %s: %w", requestID, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO redemptions(nonce, request_id, challenge, redeemed_at, ack) VALUES(?,?,?,?,?)`,
			nonce, requestID, challenge, at.UTC().Format(timeLayout), string(data)); err != nil {
			return fmt.Errorf("approval: store: recording the redemption of %s: %w", requestID, err)
		}
		return nil
	})
	return ack, err
}

// Audit appends events on their own (refusals that change no state).
func (s *Store) Audit(ctx context.Context, events ...audit.Event) error {
	return s.write(ctx, func(tx *sql.Tx) error { return s.appendAudit(ctx, tx, events...) })
}

// VerifyAudit recomputes the audit chain and its signatures with the
// public half of the audit key (audit.Verify over this store, no anchors).
func (s *Store) VerifyAudit(ctx context.Context) (int64, error) {
	k := s.key()
	if k == nil {
		return 0, errors.New("approval: store: no audit key to verify the chain with")
	}
	return audit.Verify(ctx, audit.SQL(s.r), k.Public().(ed25519.PublicKey))
}

// AuditHead is the newest audit row, to record elsewhere as an anchor.
func (s *Store) AuditHead(ctx context.Context) (audit.Row, bool, error) {
	return audit.SQL(s.r).Last(ctx)
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func getRecord(ctx context.Context, q querier, id string) (Record, error) {
	var rec Record
	var created, view, submitted string
	err := q.QueryRowContext(ctx, `SELECT id, created_at, plan_name, plan_hash, target, plan_source, view, submitted FROM requests WHERE id = ?`, id).
		Scan(&rec.ID, &created, &rec.PlanName, &rec.PlanHash, &rec.Target, &rec.PlanSource, &view, &submitted)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, fmt.Errorf("approval: %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Record{}, fmt.Errorf("approval: store: reading %s: %w", id, err)
	}
	if rec.CreatedAt, err = time.Parse(timeLayout, created); err != nil {
		return Record{}, fmt.Errorf("approval: store: %s: created_at: %w", id, err)
	}
	if err := json.Unmarshal([]byte(view), &rec.View); err != nil {
		return Record{}, fmt.Errorf("approval: store: %s: view: %w", id, err)
	}
	rec.Submitted = json.RawMessage(submitted)
	return rec, nil
}

// Entry is a request with its decision and receipt, as read.
type Entry struct {
	Record
	Decision *Decision
	Receipt  *receipt.Receipt
	Redeemed bool
}

// Get reads one request.
func (s *Store) Get(ctx context.Context, id string) (Entry, error) {
	var e Entry
	var created, view, submitted string
	var decision, reason, decidedBy, decidedAt, rc sql.NullString
	var redeemed sql.NullInt64
	err := s.getStmt.QueryRowContext(ctx, id).Scan(&e.ID, &created, &e.PlanName, &e.PlanHash, &e.Target, &e.PlanSource, &view, &submitted,
		&decision, &reason, &decidedBy, &decidedAt, &rc, &redeemed)
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, fmt.Errorf("approval: %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("approval: store: reading %s: %w", id, err)
	}
	if e.CreatedAt, err = time.Parse(timeLayout, created); err != nil {
		return Entry{}, fmt.Errorf("approval: store: %s: created_at: %w", id, err)
	}
	if err := json.Unmarshal([]byte(view), &e.View); err != nil {
		return Entry{}, fmt.Errorf("approval: store: %s: view: %w", id, err)
	}
	e.Submitted = json.RawMessage(submitted)
	if !decision.Valid {
		return e, nil
	}
	d := Decision{Decision: decision.String, Reason: reason.String, DecidedBy: decidedBy.String}
	if d.DecidedAt, err = time.Parse(timeLayout, decidedAt.String); err != nil {
		return Entry{}, fmt.Errorf("approval: store: %s: decided_at: %w", id, err)
	}
	e.Decision = &d
	if !rc.Valid {
		return e, nil
	}
	r, err := receipt.ParseReceipt([]byte(rc.String))
	if err != nil {
		return Entry{}, fmt.Errorf("approval: store: the stored receipt of %s: %w", id, err)
	}
	e.Receipt, e.Redeemed = &r, redeemed.Int64 > 0
	return e, nil
}

const getQuery = `SELECT r.id, r.created_at, r.plan_name, r.plan_hash, r.target, r.plan_source, r.view, r.submitted,
	d.decision, d.reason, d.decided_by, d.decided_at, c.receipt,
	(SELECT count(*) FROM redemptions x WHERE x.nonce = c.nonce)
	FROM requests r LEFT JOIN decisions d ON d.request_id = r.id LEFT JOIN receipts c ON c.request_id = r.id
	WHERE r.id = ?`

// Summary is one line of the request list.
type Summary struct {
	ID        string
	CreatedAt time.Time
	PlanName  string
	PlanHash  string
	Target    string
	Status    string
	DecidedBy string
}

// List reads up to limit requests, newest first.
func (s *Store) List(ctx context.Context, limit int) ([]Summary, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT r.id, r.created_at, r.plan_name, r.plan_hash, r.target, COALESCE(d.decision, 'pending'), COALESCE(d.decided_by, '')
		FROM requests r LEFT JOIN decisions d ON d.request_id = r.id ORDER BY r.rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("approval: store: listing: %w", err)
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var sm Summary
		var at string
		if err := rows.Scan(&sm.ID, &at, &sm.PlanName, &sm.PlanHash, &sm.Target, &sm.Status, &sm.DecidedBy); err != nil {
			return nil, fmt.Errorf("approval: store: listing: %w", err)
		}
		if sm.CreatedAt, err = time.Parse(timeLayout, at); err != nil {
			return nil, fmt.Errorf("approval: store: listing: %s: created_at: %w", sm.ID, err)
		}
		out = append(out, sm)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("approval: store: listing: %w", err)
	}
	return out, nil
}

// AuditReport is what VerifyAuditFile found in an intact log.
type AuditReport struct {
	Rows    int64
	Anchors int       // receipts and redemption acknowledgements whose head was found
	Head    audit.Row // the anchor to record elsewhere
}

// VerifyAuditFile opens the database at path read-only (never creating or
// migrating it), recomputes its audit chain, checks every row's signature
// with the service's public key (asked of key once the file is known to
// be a database), and checks that the audit head every
// stored receipt and redemption acknowledgement carries (each verified
// with pub first) names a row of the chain. A missing file, an unreadable
// log, a receipt or acknowledgement that does not verify, a broken chain
// (*audit.BrokenError) or an anchor not in it (*audit.AnchorError) is an
// error.
func VerifyAuditFile(ctx context.Context, path string, key func() (ed25519.PublicKey, error)) (AuditReport, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: %w", path, err)
	}
	if st, err := os.Stat(abs); err != nil || !st.Mode().IsRegular() {
		return AuditReport{}, fmt.Errorf("approval: audit %s: no database there (%v)", abs, err)
	}
	db, err := sql.Open("sqlite", "file:"+abs+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: %w", abs, err)
	}
	defer db.Close()
	rep := AuditReport{}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM audit`).Scan(&rep.Rows); err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: %w", abs, err)
	}
	pub, err := key()
	if err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: the service's public key: %w", abs, err)
	}
	anchors, err := auditAnchors(ctx, db, pub)
	if err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: %w", abs, err)
	}
	if _, err := audit.Verify(ctx, audit.SQL(db), pub, anchors...); err != nil {
		return AuditReport{}, err
	}
	rep.Anchors = len(anchors)
	head, _, err := audit.SQL(db).Last(ctx)
	if err != nil {
		return AuditReport{}, fmt.Errorf("approval: audit %s: %w", abs, err)
	}
	rep.Head = head
	return rep, nil
}

// auditAnchors reads the audit head of every stored receipt and redemption
// acknowledgement, each verified with pub: an anchor is only as good as
// the signature over it.
func auditAnchors(ctx context.Context, db *sql.DB, pub ed25519.PublicKey) ([]audit.Anchor, error) {
	var out []audit.Anchor
	read := func(query string, anchor func(id, data string) (audit.Anchor, error)) error {
		rows, err := db.QueryContext(ctx, query)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, data string
			if err := rows.Scan(&id, &data); err != nil {
				return err
			}
			a, err := anchor(id, data)
			if err != nil {
				return err
			}
			out = append(out, a)
		}
		return rows.Err()
	}
	err := read(`SELECT request_id, receipt FROM receipts ORDER BY rowid`, func(id, data string) (audit.Anchor, error) {
		what := "receipt of request " + id
		r, err := receipt.ParseReceipt([]byte(data))
		if err != nil {
			return audit.Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		p, err := receipt.Verify(pub, r)
		if err != nil {
			return audit.Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		h, err := audit.ParseHead(p.AuditHead)
		return audit.Anchor{What: what, Head: h}, err
	})
	if err != nil {
		return nil, err
	}
	err = read(`SELECT request_id, ack FROM redemptions ORDER BY rowid`, func(id, data string) (audit.Anchor, error) {
		what := "redemption of request " + id
		var red receipt.Redemption
		if err := json.Unmarshal([]byte(data), &red); err != nil {
			return audit.Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		p, err := receipt.OpenRedemption(pub, red)
		if err != nil {
			return audit.Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		h, err := audit.ParseHead(p.AuditHead)
		return audit.Anchor{What: what, Head: h}, err
	})
	return out, err
}
