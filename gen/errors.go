package gen

import "fmt"

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
	err     error
}

func (e *BuildError) Error() string { return e.err.Error() }
func (e *BuildError) Unwrap() error { return e.err }

// refusal makes a *BuildError whose message is fmt.Errorf(format, args...)
// (so a %w in format keeps its cause reachable).
func refusal(kind Kind, subject, format string, args ...any) *BuildError {
	return &BuildError{Kind: kind, Subject: subject, err: fmt.Errorf(format, args...)}
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
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}
