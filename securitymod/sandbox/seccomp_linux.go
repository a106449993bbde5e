package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Offsets into struct seccomp_data (little-endian: an argument's low 32
// bits come first).
const (
	offNr   = 0
	offArch = 4
	offArgs = 16
)

func argLo(i int) uint32 { return uint32(offArgs + 8*i) }
func argHi(i int) uint32 { return uint32(offArgs + 8*i + 4) }

const (
	retAllow = unix.SECCOMP_RET_ALLOW
	retEPERM = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	// clone3 passes its flags in memory seccomp cannot read: ENOSYS makes
	// callers fall back to clone, whose flags it can.
	retENOSYS = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	retKill   = unix.SECCOMP_RET_KILL_PROCESS
)

// nsFlags are clone's namespace flags: a new namespace is a way out.
const nsFlags = unix.CLONE_NEWNS | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC | unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWCGROUP

// deniedSyscalls are refused with EPERM in every sealed run: running
// programs, tracing or reading other processes, mounting, eBPF,
// namespaces, the kernel keyring, raising a resource limit, kernel
// modules and reboot, io_uring (whose operations bypass this filter),
// handle-based opens (which bypass path checks), changing a file's mode,
// owner, times or attributes by path, and listening for connections.
func deniedSyscalls() []uint32 {
	common := []uintptr{
		unix.SYS_EXECVE, unix.SYS_EXECVEAT,
		unix.SYS_PTRACE, unix.SYS_PROCESS_VM_READV, unix.SYS_PROCESS_VM_WRITEV,
		unix.SYS_PIDFD_GETFD, unix.SYS_PROCESS_MADVISE,
		unix.SYS_MOUNT, unix.SYS_UMOUNT2, unix.SYS_PIVOT_ROOT, unix.SYS_CHROOT,
		unix.SYS_FSOPEN, unix.SYS_FSMOUNT, unix.SYS_FSCONFIG, unix.SYS_MOVE_MOUNT, unix.SYS_OPEN_TREE, unix.SYS_MOUNT_SETATTR,
		unix.SYS_BPF, unix.SYS_PERF_EVENT_OPEN, unix.SYS_USERFAULTFD,
		unix.SYS_UNSHARE, unix.SYS_SETNS,
		unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY,
		unix.SYS_SETRLIMIT,
		unix.SYS_INIT_MODULE, unix.SYS_FINIT_MODULE, unix.SYS_DELETE_MODULE,
		unix.SYS_KEXEC_LOAD, unix.SYS_KEXEC_FILE_LOAD, unix.SYS_REBOOT,
		unix.SYS_SWAPON, unix.SYS_SWAPOFF,
		unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER,
		unix.SYS_OPEN_BY_HANDLE_AT, unix.SYS_NAME_TO_HANDLE_AT,
		unix.SYS_SOCKETPAIR,
		// Landlock does not cover a file's mode, owner, times or extended
		// attributes: the path and *at forms would reach any file. The
		// fd forms stay (SQLite sets its journal's mode and owner on the
		// fd), as an fd is only had by an open Landlock allowed.
		unix.SYS_FCHMODAT, unix.SYS_FCHMODAT2, unix.SYS_FCHOWNAT, unix.SYS_UTIMENSAT,
		unix.SYS_SETXATTR, unix.SYS_LSETXATTR, unix.SYS_REMOVEXATTR, unix.SYS_LREMOVEXATTR,
		unix.SYS_SETXATTRAT, unix.SYS_REMOVEXATTRAT,
		// A sealed binary is a client: it never serves.
		unix.SYS_LISTEN, unix.SYS_ACCEPT, unix.SYS_ACCEPT4,
	}
	var out []uint32
	for _, nr := range append(common, archDenied...) {
		out = append(out, uint32(nr))
	}
	return out
}

// filterOptions shape the socket rules of one filter.
type filterOptions struct {
	denyAll  bool // socket(2) refused for every family
	families bool // socket(2) only AF_INET/AF_INET6
	dgram    bool // ... and SOCK_DGRAM besides SOCK_STREAM
	base     bool // include the base rules (first filter only)
}

type bpf []unix.SockFilter

func (b *bpf) stmt(code uint16, k uint32) {
	*b = append(*b, unix.SockFilter{Code: code, K: k})
}

func (b *bpf) jump(code uint16, k uint32, jt, jf uint8) {
	*b = append(*b, unix.SockFilter{Code: code, Jt: jt, Jf: jf, K: k})
}

const (
	ldw  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	jeq  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	jge  = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
	jset = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
	ret  = unix.BPF_RET | unix.BPF_K
	and  = unix.BPF_ALU | unix.BPF_AND | unix.BPF_K
)

// buildFilter makes the program. Every block that tests arguments ends
// in a return on all its paths, so the accumulator holds the syscall
// number again wherever a block is skipped.
func buildFilter(o filterOptions) []unix.SockFilter {
	var b bpf
	b.stmt(ldw, offArch)
	b.jump(jeq, auditArch, 1, 0)
	b.stmt(ret, retKill)
	b.stmt(ldw, offNr)
	if x32Bit != 0 {
		b.jump(jge, x32Bit, 0, 1)
		b.stmt(ret, retKill)
	}
	if o.base {
		for _, nr := range deniedSyscalls() {
			b.jump(jeq, nr, 0, 1)
			b.stmt(ret, retEPERM)
		}
		for _, nr := range archForks {
			b.jump(jeq, uint32(nr), 0, 1)
			b.stmt(ret, retEPERM)
		}
		b.jump(jeq, uint32(unix.SYS_CLONE3), 0, 1)
		b.stmt(ret, retENOSYS)
		// clone: threads only (CLONE_THREAD set), no new namespace.
		b.jump(jeq, uint32(unix.SYS_CLONE), 0, 5)
		b.stmt(ldw, argLo(0))
		b.jump(jset, nsFlags, 2, 0)
		b.jump(jset, unix.CLONE_THREAD, 0, 1)
		b.stmt(ret, retAllow)
		b.stmt(ret, retEPERM)
		// prlimit64 may read a limit (new == NULL), never set one.
		b.jump(jeq, uint32(unix.SYS_PRLIMIT64), 0, 6)
		b.stmt(ldw, argLo(2))
		b.jump(jeq, 0, 0, 2)
		b.stmt(ldw, argHi(2))
		b.jump(jeq, 0, 1, 0)
		b.stmt(ret, retEPERM)
		b.stmt(ret, retAllow)
	}
	switch {
	case o.denyAll:
		b.jump(jeq, uint32(unix.SYS_SOCKET), 0, 1)
		b.stmt(ret, retEPERM)
	case o.families:
		// socket(family, type, proto): inet families, stream (and
		// datagram for DNS) types only.
		n := uint8(9)
		if o.dgram {
			n = 10
		}
		b.jump(jeq, uint32(unix.SYS_SOCKET), 0, n)
		b.stmt(ldw, argLo(0))
		b.jump(jeq, unix.AF_INET, 1, 0)
		b.jump(jeq, unix.AF_INET6, 0, n-4)
		b.stmt(ldw, argLo(1))
		b.stmt(and, 0xf)
		if o.dgram {
			b.jump(jeq, unix.SOCK_STREAM, 2, 0)
			b.jump(jeq, unix.SOCK_DGRAM, 1, 0)
		} else {
			b.jump(jeq, unix.SOCK_STREAM, 1, 0)
		}
		b.stmt(ret, retEPERM)
		b.stmt(ret, retAllow)
		b.stmt(ret, retEPERM) // wrong family
	}
	b.stmt(ret, retAllow)
	return b
}

// seccompAvailable reports whether the kernel takes seccomp filters.
func seccompAvailable() bool {
	if auditArch == 0 {
		return false
	}
	// SECCOMP_GET_ACTION_AVAIL answers only on a kernel with filters.
	action := uint32(unix.SECCOMP_RET_ERRNO)
	_, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_GET_ACTION_AVAIL, 0, uintptr(unsafe.Pointer(&action)))
	return errno == 0
}

// installFilter loads the program on every thread of the process
// (SECCOMP_FILTER_FLAG_TSYNC) after setting no_new_privs, then checks in
// /proc/self/task that every thread runs under the new filter.
func installFilter(f []unix.SockFilter) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := filterCounts()
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return &Error{Step: "prctl", Reason: fmt.Sprintf("PR_SET_NO_NEW_PRIVS: %v", err)}
	}
	prog := unix.SockFprog{Len: uint16(len(f)), Filter: &f[0]}
	r, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog)))
	runtime.KeepAlive(f)
	if errno != 0 {
		return &Error{Step: "seccomp", Reason: fmt.Sprintf("installing the filter: %v", errno)}
	}
	if r != 0 {
		return &Error{Step: "seccomp", Reason: fmt.Sprintf("thread %d could not be synchronised to the filter", r)}
	}
	for tid, n := range filterCounts() {
		if old, ok := before[tid]; ok && n <= old {
			return &Error{Step: "seccomp", Reason: fmt.Sprintf("thread %s does not run under the new filter", tid)}
		}
		if n == 0 {
			return &Error{Step: "seccomp", Reason: fmt.Sprintf("thread %s runs without a filter", tid)}
		}
	}
	return nil
}

// filterCounts reads Seccomp_filters of every thread (nil if /proc is
// not readable: the TSYNC return value is then the only check).
func filterCounts() map[string]int {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil
	}
	out := map[string]int{}
	for _, t := range tasks {
		data, err := os.ReadFile(filepath.Join("/proc/self/task", t.Name(), "status"))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "Seccomp_filters:"); ok {
				n, _ := strconv.Atoi(strings.TrimSpace(v))
				out[t.Name()] = n
			}
		}
	}
	return out
}
