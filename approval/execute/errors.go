package execute

import (
	"errors"
	"fmt"
)

// Error is a refusal or failure of Run before or around the sealed
// binary: what kind it is. Callers and tests tell errors apart by Kind
// (and errors.Is on the wrapped cause), never by the words.
type Error struct {
	Kind    Kind
	Missing string // the protection the kernel lacks, when Kind is Unconfined
	err     error  // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps, if any.
func (e *Error) Unwrap() error { return errors.Unwrap(e.err) }

func fail(kind Kind, format string, args ...any) error {
	return &Error{Kind: kind, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of error an Error is.
type Kind int

const (
	Unconfined      Kind = iota + 1 // the kernel lacks a protection and unconfined runs are not allowed
	BadGoBin                        // the go command is not an absolute path
	LayerConfig                     // the layer configuration cannot be read
	SecretsDirSet                   // a layer's configuration sets CLAUZ3_SECRETS_DIR
	NoSecretsFolder                 // a layer has secrets but the service has no secrets folder
	SecretStore                     // the run's secret store cannot be made
	BuildFailed                     // the sealed build failed
	BuildMismatch                   // the binary is not the approved build or plan
	RunFailed                       // the sealed binary could not be run
	TraceFailed                     // the run's trace cannot be read
)

var kindNames = [...]string{
	Unconfined: "unconfined", BadGoBin: "bad go command", LayerConfig: "layer configuration",
	SecretsDirSet: "secrets folder set by a layer", NoSecretsFolder: "no secrets folder",
	SecretStore: "secret store", BuildFailed: "build failed", BuildMismatch: "build mismatch",
	RunFailed: "run failed", TraceFailed: "trace failed",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
