// Package buggy is a TEST FIXTURE, never bundled: a layer whose Go code
// does what a buggy or subverted layer might, so that gen's sandbox test
// can show the kernel stopping each operation. Misbehave performs op on
// arg and returns "ALLOWED" when the operation succeeded (with what it
// read, for "read"). Each operation leaves a trace in the world when it
// is not stopped (a changed file, a connection a listener accepts, a
// marker file a child process writes), so the test can check nothing
// changed, not only that an error came back.
//
//clauz3:allow-import net net/http syscall unsafe
package buggy

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// Misbehave is misbehave(op: str, arg: str) -> str.
func Misbehave(op string, arg string) (string, error) {
	var err error
	read := ""
	switch op {
	case "read":
		var data []byte
		data, err = os.ReadFile(arg)
		read = ": " + string(data)
	case "write":
		err = os.WriteFile(arg, []byte("changed by the plan"), 0o644)
	case "hardlink":
		// arg: "outside|link inside the root".
		src, link, _ := strings.Cut(arg, "|")
		if err = os.Link(src, link); err == nil {
			err = os.WriteFile(link, []byte("changed by the plan"), 0o644)
		}
	case "socket":
		// arg: an IPv4 address and port; the raw socket(2), then connect.
		var fd int
		if fd, err = syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0); err == nil {
			var a *net.TCPAddr
			if a, err = net.ResolveTCPAddr("tcp4", arg); err == nil {
				sa := &syscall.SockaddrInet4{Port: a.Port}
				copy(sa.Addr[:], a.IP.To4())
				err = syscall.Connect(fd, sa)
			}
			syscall.Close(fd)
		}
	case "connect":
		var c net.Conn
		if c, err = net.DialTimeout("tcp", arg, 5*time.Second); err == nil {
			c.Close()
		}
	case "http":
		// The default transport: it would reuse a pooled connection.
		var resp *http.Response
		if resp, err = http.Post(arg, "application/json", strings.NewReader("{}")); err == nil {
			resp.Body.Close()
		}
	case "exec":
		// arg: the marker file the shell writes if it runs.
		err = syscall.Exec("/bin/sh", []string{"sh", "-c", `echo pwned > "$1"`, "sh", arg}, nil)
	case "fork":
		// arg: the marker file each child appends to if it runs.
		for i := 0; i < 200 && err == nil; i++ {
			var pid int
			if pid, err = syscall.ForkExec("/bin/sh", []string{"sh", "-c", `echo child >> "$1"`, "sh", arg}, nil); err == nil {
				var ws syscall.WaitStatus
				syscall.Wait4(pid, &ws, 0, nil)
			}
		}
	case "rawfork":
		// fork(2) without exec, in a loop, as clone(SIGCHLD). arg: the
		// marker file each child appends a byte to, with raw system calls
		// only (a forked copy of a Go process must not allocate), before
		// it exits.
		var path *byte
		if path, err = syscall.BytePtrFromString(arg); err != nil {
			break
		}
		atFDCWD := -100 // AT_FDCWD
		for i := 0; i < 200 && err == nil; i++ {
			pid, _, e := syscall.RawSyscall6(syscall.SYS_CLONE, uintptr(syscall.SIGCHLD), 0, 0, 0, 0, 0)
			switch {
			case e != 0:
				err = e
			case pid == 0:
				fd, _, _ := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(atFDCWD), uintptr(unsafe.Pointer(path)), syscall.O_WRONLY|syscall.O_CREAT|syscall.O_APPEND, 0o644, 0, 0)
				syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(path)), 1)
				syscall.RawSyscall(syscall.SYS_EXIT_GROUP, 0, 0, 0)
			default:
				var ws syscall.WaitStatus
				syscall.Wait4(int(pid), &ws, 0, nil)
			}
		}
	case "files":
		// arg: a file to open again and again, never closed.
		for i := 0; i < 1<<16 && err == nil; i++ {
			_, err = os.Open(arg)
		}
	case "alloc":
		var keep [][]byte
		for {
			b := make([]byte, 64<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			keep = append(keep, b)
		}
	case "fatal":
		// A fatal error of the Go runtime that is not running out of
		// memory: unrecoverable, exit status 2, no word from the run.
		var mu sync.Mutex
		mu.Unlock()
	case "spin":
		for start := time.Now(); time.Since(start) < time.Minute; {
		}
	case "bigfile":
		err = os.WriteFile(arg, make([]byte, 4<<20), 0o644)
	default:
		return "", fmt.Errorf("unknown op %q", op)
	}
	if err != nil {
		return "", err
	}
	return "ALLOWED" + read, nil
}
