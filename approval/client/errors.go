package client

import (
	"errors"
	"fmt"
)

// Error is a refusal of Find, Config.Check, DialService and Leftovers:
// what kind it is and the file, folder or socket at fault. Callers and
// tests tell refusals apart by Kind (and errors.Is on the wrapped cause),
// never by the words, which are for people and stay as they were.
type Error struct {
	Kind Kind
	Path string // the file, folder or socket at fault, "" when none
	err  error  // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps, if any.
func (e *Error) Unwrap() error { return errors.Unwrap(e.err) }

func fail(kind Kind, path, format string, args ...any) error {
	return &Error{Kind: kind, Path: path, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of refusal an Error is.
type Kind int

const (
	NoHome             Kind = iota + 1 // the account has no usable home folder
	NotSetUp                           // neither configuration file exists
	WrongMode                          // the system file names dev, or the user's file names real
	Unreadable                         // a file or folder cannot be stat-ed, opened or read (errors.Is the cause)
	Changed                            // the file changed between the check and the read
	NoOwner                            // the system gives no owner for it
	Symlink                            // a symbolic link
	NotAFolder                         // the file's folder is not a folder
	NotAFile                           // the file is not a regular file
	NotOwned                           // owned by another uid than expected
	Writable                           // writable by group or others
	Malformed                          // not one JSON configuration of known fields
	BadURL                             // the url is not http://<loopback address>:<port>
	BadPublicKey                       // public_key does not parse
	KeyIDMismatch                      // key_id is not the id of public_key
	BadSocket                          // a real installation without an absolute socket path
	NoServiceUID                       // a real installation without the service account's uid
	DevHasSocket                       // a dev installation that names a socket or a service uid
	BadMode                            // mode is neither real nor dev
	DialFailed                         // the socket cannot be dialled
	PeerUnknown                        // the socket's peer uid cannot be read
	WrongPeer                          // the socket is served by another uid than the service account's
	LeftoverEnvSet                     // the removed environment variable is set
	LeftoverFileExists                 // a removed project discovery file exists
)

var kindNames = [...]string{
	NoHome: "no home", NotSetUp: "not set up", WrongMode: "wrong mode", Unreadable: "unreadable",
	Changed: "changed", NoOwner: "no owner", Symlink: "symbolic link", NotAFolder: "not a folder",
	NotAFile: "not a file", NotOwned: "not owned", Writable: "writable", Malformed: "malformed",
	BadURL: "bad url", BadPublicKey: "bad public key", KeyIDMismatch: "key id mismatch",
	BadSocket: "bad socket", NoServiceUID: "no service uid", DevHasSocket: "dev has socket",
	BadMode: "bad mode", DialFailed: "dial failed", PeerUnknown: "peer unknown", WrongPeer: "wrong peer",
	LeftoverEnvSet: "leftover environment variable", LeftoverFileExists: "leftover file",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
