package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/textproto"
	"os"
	"syscall"
	"testing"
)

// TestDenialReadsTheChainNotTheText: Classify (and so Denial) decides from the errno in the
// error's chain, never from its message. A message that only reads like
// the kernel's (a mail server's reply, a file name, a flattened %v) is
// not the sandbox refusing anything: counting it as one would turn an
// ordinary effect failure into a sandbox exit, and let whoever writes the
// text choose the outcome.
func TestDenialReadsTheChainNotTheText(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want Class
	}{
		{"Landlock's EACCES from open", &fs.PathError{Op: "open", Path: "/home/u/.ssh/id_ed25519", Err: syscall.EACCES}, NotPermitted},
		{"seccomp's EPERM wrapped by a layer", fmt.Errorf("email layer: connect to 127.0.0.1:25: %w", &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("socket", syscall.EPERM)}), NotPermitted},
		{"Landlock's EXDEV from a rename across rules", &os.LinkError{Op: "rename", Old: "/a", New: "/b", Err: syscall.EXDEV}, NotPermitted},
		{"the file size limit", fmt.Errorf("filesystem layer: write_file: %w", &fs.PathError{Op: "write", Path: "/w/big", Err: syscall.EFBIG}), FileSizeLimit},
		{"the open files limit", fmt.Errorf("grep layer: %w", &fs.PathError{Op: "open", Path: "/w", Err: syscall.EMFILE}), OpenFilesLimit},
		{"fs.ErrPermission without an errno", fmt.Errorf("db layer: %w", fs.ErrPermission), NotPermitted},
		{"a mail server's reply that reads like the kernel", fmt.Errorf("email layer: RCPT TO bob@example.com: %w", &textproto.Error{Code: 550, Msg: "5.7.1 permission denied"}), NotDenied},
		{"a missing file whose name reads like the kernel", fmt.Errorf("filesystem layer: read_file: %w", &fs.PathError{Op: "open", Path: "/w/permission denied.txt", Err: syscall.ENOENT}), NotDenied},
		{"a cause flattened with %v", fmt.Errorf("bank layer: %v", &fs.PathError{Op: "open", Path: "/w/bank.db", Err: syscall.EACCES}), NotDenied},
		{"plain text of each kernel message", errors.New("operation not permitted; permission denied; invalid cross-device link; file too large; too many open files"), NotDenied},
		{"another errno", &fs.PathError{Op: "open", Path: "/w/x", Err: syscall.ENOSPC}, NotDenied},
		{"no error", nil, NotDenied},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Classify(c.err); got != c.want {
				t.Fatalf("Classify(%v) = %v, want %v", c.err, got, c.want)
			}
			// Denial, the line the run reports, is the class and the error.
			want := ""
			if c.want != NotDenied {
				want = c.want.String() + ": " + c.err.Error()
			}
			if got := Denial(c.err); got != want {
				t.Fatalf("Denial = %q, want %q", got, want)
			}
		})
	}
}
