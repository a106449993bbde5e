//go:build linux && !amd64 && !arm64

package sandbox

// No filter for this architecture: seccomp is reported unavailable.
const auditArch = 0

const x32Bit = 0

var archDenied = []uintptr{}

var archForks = []uintptr{}
