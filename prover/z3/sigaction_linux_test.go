//go:build linux && (amd64 || arm64)

package z3

import (
	"syscall"
	"unsafe"
)

// kernelSigaction is struct sigaction as the rt_sigaction system call sees
// it on linux/amd64 and linux/arm64.
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

const (
	saSiginfo = 0x4
	saOnstack = 0x08000000
)

// sigintFlags returns the sa_flags of the installed SIGINT handler.
func sigintFlags() (flags uint64, ok bool) {
	var old kernelSigaction
	_, _, errno := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGINT), 0,
		uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	if errno != 0 {
		return 0, false
	}
	return old.flags, true
}
