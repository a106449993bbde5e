package db

import "errors"

// Kind says which refusal or failure an error of the db layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: CLAUZ3_DB_PATH is not set, or no path was given.
	NotConfigured Kind = iota + 1
	// DatabaseFile: the database file is missing, not a regular file or not
	// to be opened (the sandbox's errno stays in the chain).
	DatabaseFile
	// UndeclaredTable: the table is not declared (Error.Name names it).
	UndeclaredTable
	// EmptyWhere: where={} filters nothing.
	EmptyWhere
	// UnknownColumn: where names no column of the table (Error.Name).
	UnknownColumn
	// ColumnType: a where value of another type than its column's
	// (Error.Name names the column).
	ColumnType
	// TooManyRows: the result is over the declared MaxRows.
	TooManyRows
	// Database: SQLite failed (creating the demo, or a query).
	Database
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case DatabaseFile:
		return "database file"
	case UndeclaredTable:
		return "undeclared table"
	case EmptyWhere:
		return "empty where"
	case UnknownColumn:
		return "unknown column"
	case ColumnType:
		return "column type"
	case TooManyRows:
		return "too many rows"
	case Database:
		return "database"
	}
	return "no kind"
}

// Error is every error the db layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind Kind
	Name string // the table or column refused, where there is one
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the db layer's error in err's chain, or 0 when
// there is none (err is nil or not the db layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
