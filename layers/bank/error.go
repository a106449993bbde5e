package bank

import "errors"

// Kind says which refusal or failure an error of the bank layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: CLAUZ3_BANK_DB is not set, or no path was given.
	NotConfigured Kind = iota + 1
	// LedgerFile: the ledger's file is missing, not a regular file, not
	// to be opened (the sandbox's errno stays in the chain) or no
	// database.
	LedgerFile
	// BadAccount: CreateAccount was given no name or a negative balance.
	BadAccount
	// NoAccount: the account does not exist (Error.Account names it).
	NoAccount
	// BadAmount: an amount that is not positive.
	BadAmount
	// Overdraft: the spend would take the balance below zero.
	Overdraft
	// Overflow: the deposit would overflow the balance.
	Overflow
	// NoPayee: pay_bill without a payee.
	NoPayee
	// Database: SQLite failed on an opened ledger.
	Database
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case LedgerFile:
		return "ledger file"
	case BadAccount:
		return "bad account"
	case NoAccount:
		return "no account"
	case BadAmount:
		return "bad amount"
	case Overdraft:
		return "overdraft"
	case Overflow:
		return "overflow"
	case NoPayee:
		return "no payee"
	case Database:
		return "database"
	}
	return "no kind"
}

// Error is every error the bank layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, a SQLite error) where there is
// one, so errors.Is and errors.As reach it.
type Error struct {
	Kind    Kind
	Account string // the account refused or missing, where there is one
	Err     error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the bank layer's error in err's chain, or 0 when
// there is none (err is nil or not the bank layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
