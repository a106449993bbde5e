package layersetup

import (
	"errors"
	"fmt"
)

// Error is a refusal of a layer's setup: what kind it is and the flag it
// is about. Callers and tests tell refusals apart by Kind and Flag (and
// errors.Is on the wrapped cause), never by the words, which are for the
// administrator and stay as they were.
type Error struct {
	Kind Kind
	Flag string // the command-line flag at fault ("--ledger", ...), "" when none
	err  error  // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps, if any.
func (e *Error) Unwrap() error { return errors.Unwrap(e.err) }

func fail(kind Kind, flag, format string, args ...any) error {
	return &Error{Kind: kind, Flag: flag, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of refusal an Error is.
type Kind int

const (
	UnknownLayer     Kind = iota + 1 // not a layer configured here
	BadSetting                       // a setting that is not CLAUZ3_*
	RequiredMissing                  // a required flag is not given
	BadCount                         // a count or a duration that is not positive
	BadPort                          // not a TCP port number
	LoopbackRefused                  // loopback asked for on a service that is not in dev mode
	BadServer                        // --server is not HOST:PORT with a host name and a port number
	BadTLS                           // --tls is neither starttls nor implicit
	BadAddress                       // not one bare address local@domain
	Unreadable                       // a file cannot be read (errors.Is the cause)
	NotRegular                       // not a regular file
	BadCertificate                   // a CA file that is not PEM certificates only
	BadAccount                       // --account is not NAME=CENTS
	DuplicateAccount                 // an account given twice, or one the ledger has already
	NotAbsolute                      // a path that is not absolute
	NotALedger                       // an existing file that is not a ledger
	MissingAccounts                  // a new ledger without its accounts
	NoSuchTable                      // a table the db layer does not declare
	Conflict                         // two flags of which one is to be given
	DBExists                         // a database that exists already where a new one is made
	MissingSource                    // a new database without --csv or --sql
	BadHeader                        // a CSV header that is not the table's columns
	BadCell                          // a CSV line or field that cannot be stored
	BadSQL                           // an SQL script that fails
	BadDatabase                      // not an SQLite database, or without the table or its columns
	BadRow                           // a stored row the layer would refuse
	MissingRoots                     // no --root given
	BadRoot                          // a root that holds the list separator
	NotAFolder                       // a root that is not a folder
	SymlinkedRoot                    // a root reached through a symbolic link
	OverlapsService                  // a root that overlaps the service's own folders
)

var kindNames = [...]string{
	UnknownLayer: "unknown layer", BadSetting: "bad setting", RequiredMissing: "required missing",
	BadCount: "bad count", BadPort: "bad port", LoopbackRefused: "loopback refused", BadServer: "bad server",
	BadTLS: "bad tls", BadAddress: "bad address", Unreadable: "unreadable", NotRegular: "not regular",
	BadCertificate: "bad certificate", BadAccount: "bad account", DuplicateAccount: "duplicate account",
	NotAbsolute: "not absolute", NotALedger: "not a ledger", MissingAccounts: "missing accounts",
	NoSuchTable: "no such table", Conflict: "conflict", DBExists: "database exists",
	MissingSource: "missing source", BadHeader: "bad header", BadCell: "bad cell", BadSQL: "bad sql",
	BadDatabase: "bad database", BadRow: "bad row", MissingRoots: "missing roots", BadRoot: "bad root",
	NotAFolder: "not a folder", SymlinkedRoot: "symlinked root", OverlapsService: "overlaps the service",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
