//go:build linux && amd64

package sandbox

import "golang.org/x/sys/unix"

const auditArch = unix.AUDIT_ARCH_X86_64

// x32Bit marks x32 ABI syscall numbers, which alias the denied ones.
const x32Bit = 0x40000000

var archDenied = []uintptr{unix.SYS_IOPL, unix.SYS_IOPERM,
	unix.SYS_CHMOD, unix.SYS_CHOWN, unix.SYS_LCHOWN, unix.SYS_UTIME, unix.SYS_UTIMES, unix.SYS_FUTIMESAT}

// archForks create processes; a sealed binary only ever makes threads.
var archForks = []uintptr{unix.SYS_FORK, unix.SYS_VFORK}
