package serve

import (
	"errors"
	"fmt"
)

// Error is a refusal of the service's executor and of its reading of the
// layer configuration and the layers' secrets: what kind it is. Callers
// and tests tell refusals apart by Kind (and errors.Is/As on the wrapped
// cause), never by the words, which are for people and stay as they were.
type Error struct {
	Kind Kind
	err  error // the message, wrapping the cause when there is one
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the cause the message wraps, if any.
func (e *Error) Unwrap() error { return errors.Unwrap(e.err) }

func fail(kind Kind, format string, args ...any) error {
	return &Error{Kind: kind, err: fmt.Errorf(format, args...)}
}

// Kind is what kind of refusal an Error is.
type Kind int

const (
	CompileFailed         Kind = iota + 1 // the approved plan no longer compiles against the layer store
	PlanChanged                           // the approved plan compiles to another plan now
	IdentityChanged                       // the build identity is not the approved one
	OptionsFailed                         // the run settings cannot be read
	BadSettings                           // the service's settings cannot make run settings
	LayerConfigUnreadable                 // a layer configuration file cannot be read
	BadLayerFile                          // a layer configuration file is misnamed or malformed
	BadSetting                            // a layer setting that is not CLAUZ3_*, or holds a NUL
	SecretsDirSet                         // a layer sets CLAUZ3_SECRETS_DIR
	DevOnlySetting                        // a dev-only setting on a service that is not in dev mode
	BadSecretName                         // a secret name that is not one
	ServiceSecret                         // a secret name of the service's own
	OtherLayersSecret                     // another layer's secret
	NoSecret                              // no such secret in the layer's folder
	SecretUnreadable                      // the secret or its folder is not kept as the service keeps them
	EmptySecret                           // the secret is empty
	KeyMaterial                           // the secret holds the service's own key material
)

var kindNames = [...]string{
	CompileFailed: "compile failed", PlanChanged: "plan changed", IdentityChanged: "identity changed",
	OptionsFailed: "options failed", BadSettings: "bad settings", LayerConfigUnreadable: "layer configuration unreadable",
	BadLayerFile: "bad layer file", BadSetting: "bad setting", SecretsDirSet: "secrets folder set",
	DevOnlySetting: "dev-only setting", BadSecretName: "bad secret name", ServiceSecret: "service secret",
	OtherLayersSecret: "another layer's secret", NoSecret: "no secret", SecretUnreadable: "secret unreadable",
	EmptySecret: "empty secret", KeyMaterial: "key material",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
