package state

import "fmt"

// Error is a refusal of this package: what kind it is and the file or
// folder at fault. Callers and tests tell refusals apart by Kind (and
// errors.Is on the wrapped cause), never by the words, which are for
// people and stay as they were.
type Error struct {
	Kind Kind
	Path string // the file, folder or address at fault, "" when none
	err  error  // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps (an *fs.PathError, ...), if any.
func (e *Error) Unwrap() error {
	if u, ok := e.err.(interface{ Unwrap() error }); ok {
		return u.Unwrap()
	}
	return nil
}

func fail(kind Kind, path, format string, args ...any) error {
	return &Error{Kind: kind, Path: path, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of refusal an Error is.
type Kind int

const (
	Unreadable        Kind = iota + 1 // the file or folder cannot be stat-ed or read (errors.Is the cause)
	NoOwner                           // the system gives no owner for it
	NotAFolder                        // not a real folder (a symbolic link is refused)
	NotAFile                          // not a regular file (a symbolic link is refused)
	NotOwned                          // owned by another uid than the service's
	LooseMode                         // a mode wider than the service's (0700/0750 folders, 0600 files)
	NotServiceAccount                 // an administrative verb run by another account than the service's or root
	PortUnknown                       // the kernel's first unprivileged port cannot be read
	BadAddress                        // an address without a port, or whose port is not a number
	UnprivilegedPort                  // a real service's port that any process may bind
	SettingsMissing                   // service.json does not exist
	SettingsMalformed                 // service.json does not decode
	WrongServiceUID                   // service.json names another service uid
	BadSandboxGrant                   // a sandbox grant is not a clean absolute path, or a port is 0
	LockHeld                          // another instance holds the state lock
	LockFailed                        // the state lock cannot be opened or taken
	KeysExist                         // the keys cannot be made (errors.Is fs.ErrExist when they exist)
	KeysMalformed                     // the keys file does not decode
	WriteFailed                       // writing a file failed
	NoHome                            // the account has no usable home folder
)

var kindNames = [...]string{
	Unreadable: "unreadable", NoOwner: "no owner", NotAFolder: "not a folder", NotAFile: "not a file",
	NotOwned: "not owned", LooseMode: "loose mode", NotServiceAccount: "not the service account",
	PortUnknown: "port unknown", BadAddress: "bad address", UnprivilegedPort: "unprivileged port",
	SettingsMissing: "settings missing", SettingsMalformed: "settings malformed", WrongServiceUID: "wrong service uid",
	BadSandboxGrant: "bad sandbox grant", LockHeld: "lock held", LockFailed: "lock failed",
	KeysExist: "keys exist", KeysMalformed: "keys malformed", WriteFailed: "write failed", NoHome: "no home",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
