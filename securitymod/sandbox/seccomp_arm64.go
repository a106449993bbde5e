//go:build linux && arm64

package sandbox

import "golang.org/x/sys/unix"

const auditArch = unix.AUDIT_ARCH_AARCH64

const x32Bit = 0

var archDenied = []uintptr{}

var archForks = []uintptr{}
