//go:build !linux

package sandbox

// Elsewhere than Linux nothing is enforced: Apply refuses unless the
// policy allows running unconfined.

func landlockABI() int       { return 0 }
func seccompAvailable() bool { return false }

func Apply(p Policy) (*Report, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if !p.AllowUnconfined {
		return nil, &Error{Step: "kernel", Reason: "no sandbox on this platform (the policy does not allow running unconfined)"}
	}
	return &Report{Filesystem: "unconfined", Network: "unconfined", Seccomp: "unavailable", Limits: "unset",
		Unconfined: []string{"no Landlock, seccomp or resource limits on this platform"}}, nil
}

func Seal(p Policy) error { return nil }
