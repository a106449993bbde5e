package gen

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// BuildError is a refusal of gen's that callers and tests tell apart by its
// Kind (errors.As), never by its words. Its message is the one the
// refusal always had; an error it was made from stays reachable through
// Unwrap (errors.Is(err, fs.ErrNotExist) and the like). Layers of context
// are added around it with %w, so errors.As finds it through them.
type BuildError struct {
	Kind Kind
	// Subject is what the refusal is about: the file or folder refused
	// (after symlinks), the module as path@version, or the setting's name.
	Subject string
	// Pos is file:line:col of the refused source (a layer's import, an
	// effect's declaration), "" when the refusal has no place in one.
	Pos string
	err error
}

func (e *BuildError) Error() string { return e.err.Error() }
func (e *BuildError) Unwrap() error { return e.err }

// refusal makes a *BuildError whose message is fmt.Errorf(format, args...)
// (so a %w in format keeps its cause reachable).
func refusal(kind Kind, subject, format string, args ...any) *BuildError {
	return &BuildError{Kind: kind, Subject: subject, err: fmt.Errorf(format, args...)}
}

// located sets e's Pos to pos and returns it.
func located(e *BuildError, pos ir.Pos) *BuildError {
	e.Pos = pos.String()
	return e
}

// Kind is what kind of refusal a BuildError is.
type Kind int

const (
	// NotAbsolute: a toolchain or a go cache given as a relative path.
	NotAbsolute Kind = iota + 1
	// ForeignOwner: a toolchain file or folder, or a cache folder, owned
	// by someone the build cannot trust.
	ForeignOwner
	// WritableByOthers: a toolchain file or folder, or a cache folder,
	// that group or others may write.
	WritableByOthers
	// WrongFileType: a toolchain that is not a regular file, or a cache
	// that is not a folder.
	WrongFileType
	// CacheTampered: a build cache entry whose record or binary is not
	// what the build made (a changed binary, a record of another build).
	CacheTampered
	// ModuleMismatch: a vetted module's folder does not hash to its
	// pinned go.sum line.
	ModuleMismatch
	// GoModMismatch: a vetted module's go.mod in the module cache does not
	// hash to its pinned go.sum line.
	GoModMismatch
	// ModuleUnavailable: a vetted module could not be fetched into the
	// module cache from the seed.
	ModuleUnavailable
	// RealOnly: an option or a package only a real build takes (an
	// approval key, a sandbox configuration, the sandbox package) given
	// to a simulation build.
	RealOnly
	// BadApprovalKey: an approval key that is not an ed25519 public key.
	BadApprovalKey
	// BadSetting: a layer setting the sandbox policy cannot be made from
	// (a relative root, a port that is no port number, a host that is no
	// host name).
	BadSetting
	// NoGoFiles: a layer the plan uses has no Go implementation at all
	// (Subject is the layer's name).
	NoGoFiles
	// LayerImport: a layer's source imports a package outside the
	// allowed set (Subject is the import, Pos where).
	LayerImport
	// UndeclaredImport: a layer's source imports a sensitive standard
	// package it does not declare with //clauz3:allow-import.
	UndeclaredImport
	// LayerDoesNotCompile: a layer's Go implementation does not compile
	// (Subject names the layers, comma-separated).
	LayerDoesNotCompile
	// Unbindable: an effect whose Python signature has no Go mapping
	// (Subject is the effect's name, Pos its declaration).
	Unbindable
	// NoBinding: the layer's package has no function for an effect.
	NoBinding
	// BindingSignature: the layer's function for an effect has another
	// signature than the effect's.
	BindingSignature
	// PlanDoesNotCompile: a plan of a test batch whose generated Go does
	// not compile (Subject is the plan's name; the message carries the
	// compiler's diagnostics).
	PlanDoesNotCompile
)

func (k Kind) String() string {
	switch k {
	case NotAbsolute:
		return "not an absolute path"
	case ForeignOwner:
		return "owned by another user"
	case WritableByOthers:
		return "writable by group or others"
	case WrongFileType:
		return "wrong file type"
	case CacheTampered:
		return "build cache tampered"
	case ModuleMismatch:
		return "module does not match go.sum"
	case GoModMismatch:
		return "go.mod does not match go.sum"
	case ModuleUnavailable:
		return "module unavailable"
	case RealOnly:
		return "for real builds only"
	case BadApprovalKey:
		return "bad approval key"
	case BadSetting:
		return "bad layer setting"
	case NoGoFiles:
		return "layer without Go implementation"
	case LayerImport:
		return "layer import outside the allowed set"
	case UndeclaredImport:
		return "undeclared sensitive layer import"
	case LayerDoesNotCompile:
		return "layer does not compile"
	case Unbindable:
		return "effect without a Go mapping"
	case NoBinding:
		return "no Go function for an effect"
	case BindingSignature:
		return "Go function of another signature"
	case PlanDoesNotCompile:
		return "plan does not compile"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
