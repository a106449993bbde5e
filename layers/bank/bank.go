// Package bank is the Go implementation of the bundled bank layer
// (effects.py): a ledger in SQLite (modernc.org/sqlite, pure Go, WAL).
//
// The database is the file named by CLAUZ3_BANK_DB. Accounts exist before
// a plan runs (Ledger.CreateAccount, or an administrator's own tooling):
// an effect on an unknown account is refused, never creates one. Every
// movement is one transaction that updates the balance and appends an
// entry; a spend that would take a balance below zero is refused and
// changes nothing.
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"

	_ "modernc.org/sqlite"
)

// Ledger is an open bank database.
type Ledger struct{ db *sql.DB }

const schema = `
CREATE TABLE IF NOT EXISTS accounts (
	name    TEXT PRIMARY KEY,
	balance INTEGER NOT NULL CHECK (balance >= 0)
);
CREATE TABLE IF NOT EXISTS entries (
	id      INTEGER PRIMARY KEY AUTOINCREMENT,
	account TEXT NOT NULL REFERENCES accounts(name),
	kind    TEXT NOT NULL CHECK (kind IN ('withdraw', 'deposit', 'pay_bill')),
	payee   TEXT NOT NULL DEFAULT '',
	amount  INTEGER NOT NULL CHECK (amount > 0),
	at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);`

// Open opens (creating if needed) the ledger at path, in WAL mode.
func Open(path string) (*Ledger, error) {
	if path == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("bank layer: no database path")}
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		return nil, &Error{Kind: LedgerFile, Err: fmt.Errorf("bank layer: %s: %w", path, err)}
	}
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, &Error{Kind: LedgerFile, Err: fmt.Errorf("bank layer: %s: %w", path, err)}
	}
	return &Ledger{db: db}, nil
}

// Close closes the database.
func (l *Ledger) Close() error { return l.db.Close() }

// CreateAccount opens an account with a starting balance. It is not an
// effect: plans cannot create accounts.
func (l *Ledger) CreateAccount(name string, balance int64) error {
	if name == "" || balance < 0 {
		return &Error{Kind: BadAccount, Account: name, Err: fmt.Errorf("bank layer: account %q with balance %d refused", name, balance)}
	}
	if _, err := l.db.Exec(`INSERT INTO accounts(name, balance) VALUES (?, ?)`, name, balance); err != nil {
		return &Error{Kind: Database, Account: name, Err: fmt.Errorf("bank layer: create account %q: %w", name, err)}
	}
	return nil
}

// Balance returns the balance of account, in cents.
func (l *Ledger) Balance(account string) (int64, error) {
	var b int64
	err := l.db.QueryRow(`SELECT balance FROM accounts WHERE name = ?`, account).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, &Error{Kind: NoAccount, Account: account, Err: fmt.Errorf("bank layer: no account %q", account)}
	}
	if err != nil {
		return 0, &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: balance of %q: %w", account, err)}
	}
	return b, nil
}

// move applies delta (negative for a spend) to account and records the
// entry, in one transaction.
func (l *Ledger) move(kind, account, payee string, amount int64) (err error) {
	if amount <= 0 {
		return &Error{Kind: BadAmount, Account: account, Err: fmt.Errorf("bank layer: %s of %d refused: amounts must be positive", kind, amount)}
	}
	delta := amount
	if kind != "deposit" {
		delta = -amount
	}
	tx, err := l.db.BeginTx(context.Background(), nil)
	if err != nil {
		return &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: %w", err)}
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var bal int64
	err = tx.QueryRow(`SELECT balance FROM accounts WHERE name = ?`, account).Scan(&bal)
	if errors.Is(err, sql.ErrNoRows) {
		return &Error{Kind: NoAccount, Account: account, Err: fmt.Errorf("bank layer: %s refused: no account %q", kind, account)}
	}
	if err != nil {
		return &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: %s on %q: %w", kind, account, err)}
	}
	if delta < 0 && bal < amount {
		return &Error{Kind: Overdraft, Account: account, Err: fmt.Errorf("bank layer: %s of %d from %q refused: the balance is %d (no overdraft)", kind, amount, account, bal)}
	}
	if delta > 0 && bal > (1<<62)-delta {
		return &Error{Kind: Overflow, Account: account, Err: fmt.Errorf("bank layer: deposit of %d to %q refused: the balance would overflow", amount, account)}
	}
	if _, err = tx.Exec(`UPDATE accounts SET balance = balance + ? WHERE name = ?`, delta, account); err != nil {
		return &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: %s on %q: %w", kind, account, err)}
	}
	if _, err = tx.Exec(`INSERT INTO entries(account, kind, payee, amount) VALUES (?, ?, ?, ?)`, account, kind, payee, amount); err != nil {
		return &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: %s on %q: %w", kind, account, err)}
	}
	if err = tx.Commit(); err != nil {
		return &Error{Kind: Database, Account: account, Err: fmt.Errorf("bank layer: %s on %q: %w", kind, account, err)}
	}
	return nil
}

// Withdraw takes amount out of account.
func (l *Ledger) Withdraw(account string, amount int64) error {
	return l.move("withdraw", account, "", amount)
}

// Deposit puts amount into account.
func (l *Ledger) Deposit(account string, amount int64) error {
	return l.move("deposit", account, "", amount)
}

// PayBill takes amount out of account, recorded as paid to payee.
func (l *Ledger) PayBill(account, payee string, amount int64) error {
	if payee == "" {
		return &Error{Kind: NoPayee, Account: account, Err: errors.New("bank layer: pay_bill refused: no payee")}
	}
	return l.move("pay_bill", account, payee, amount)
}

// Entry is one ledger line.
type Entry struct {
	Account, Kind, Payee string
	Amount               int64
}

// Entries returns the ledger lines in order.
func (l *Ledger) Entries() ([]Entry, error) {
	rows, err := l.db.Query(`SELECT account, kind, payee, amount FROM entries ORDER BY id`)
	if err != nil {
		return nil, &Error{Kind: Database, Err: fmt.Errorf("bank layer: %w", err)}
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.Account, &e.Kind, &e.Payee, &e.Amount); err != nil {
			return nil, &Error{Kind: Database, Err: fmt.Errorf("bank layer: %w", err)}
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, &Error{Kind: Database, Err: fmt.Errorf("bank layer: %w", err)}
	}
	return out, nil
}

// withLedger opens the ledger named by CLAUZ3_BANK_DB for one effect.
func withLedger(f func(*Ledger) error) (err error) {
	path := os.Getenv("CLAUZ3_BANK_DB")
	if path == "" {
		return &Error{Kind: NotConfigured, Err: errors.New("bank layer: CLAUZ3_BANK_DB (the ledger's database file) is not set")}
	}
	// The file is opened here first, as SQLite will open it (read and
	// write, never created): SQLite reports a file it may not open as
	// SQLITE_CANTOPEN, without the errno, so only this open tells the
	// sandbox's refusal (EACCES) from a missing or broken ledger. Its
	// -wal and -shm files are beside it, in the folder the sandbox grants
	// with the file. Only a regular file is opened (never a FIFO).
	if st, statErr := os.Stat(path); statErr != nil {
		return &Error{Kind: LedgerFile, Err: fmt.Errorf("bank layer: CLAUZ3_BANK_DB: %w", statErr)}
	} else if !st.Mode().IsRegular() {
		return &Error{Kind: LedgerFile, Err: fmt.Errorf("bank layer: CLAUZ3_BANK_DB: %s is not a regular file", path)}
	}
	file, openErr := os.OpenFile(path, os.O_RDWR, 0)
	if openErr != nil {
		return &Error{Kind: LedgerFile, Err: fmt.Errorf("bank layer: CLAUZ3_BANK_DB: %w", openErr)}
	}
	file.Close()
	l, err := Open(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := l.Close(); err == nil && cerr != nil {
			err = &Error{Kind: Database, Err: fmt.Errorf("bank layer: %w", cerr)}
		}
	}()
	return f(l)
}

// Withdraw is withdraw(account: str, amount: int) -> None.
func Withdraw(account string, amount int64) error {
	return withLedger(func(l *Ledger) error { return l.Withdraw(account, amount) })
}

// Deposit is deposit(account: str, amount: int) -> None.
func Deposit(account string, amount int64) error {
	return withLedger(func(l *Ledger) error { return l.Deposit(account, amount) })
}

// PayBill is pay_bill(account: str, payee: str, amount: int) -> None.
func PayBill(account string, payee string, amount int64) error {
	return withLedger(func(l *Ledger) error { return l.PayBill(account, payee, amount) })
}

// Balance is balance(account: str) -> int.
func Balance(account string) (int64, error) {
	var b int64
	err := withLedger(func(l *Ledger) error {
		var err error
		b, err = l.Balance(account)
		return err
	})
	return b, err
}
