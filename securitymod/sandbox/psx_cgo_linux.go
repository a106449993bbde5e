//go:build linux && cgo

package sandbox

import (
	"fmt"
	"os"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// psxGrants: with cgo, libpsx lists /proc/PID/task right after it
// restricted the calling thread and kills the process when it cannot
// (go-landlock issue 39), so a cgo binary on a kernel without Landlock's
// TSYNC (ABI < 8) must keep that listing. Sealed binaries are built
// without cgo and use the Go runtime's all-threads syscall instead.
func psxGrants(abi int) []grant {
	if abi >= 8 {
		return nil
	}
	return []grant{{path: fmt.Sprintf("/proc/%d/task", os.Getpid()), access: ll.AccessFSReadDir, follow: true}}
}
