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

// TestDenialReadsTheChainNotTheText: Denial decides from the errno in the
// error's chain, never from its message. A message that only reads like
// the kernel's (a mail server's reply, a file name, a flattened %v) is
// not the sandbox refusing anything: counting it as one would turn an
// ordinary effect failure into a sandbox exit, and let whoever writes the
// text choose the outcome.
func TestDenialReadsTheChainNotTheText(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string // the class Denial names, "" for none
	}{
		{"Landlock's EACCES from open", &fs.PathError{Op: "open", Path: "/home/u/.ssh/id_ed25519", Err: syscall.EACCES}, "operation not permitted"},
		{"seccomp's EPERM wrapped by a layer", fmt.Errorf("email layer: connect to 127.0.0.1:25: %w", &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("socket", syscall.EPERM)}), "operation not permitted"},
		{"Landlock's EXDEV from a rename across rules", &os.LinkError{Op: "rename", Old: "/a", New: "/b", Err: syscall.EXDEV}, "operation not permitted"},
		{"the file size limit", fmt.Errorf("filesystem layer: write_file: %w", &fs.PathError{Op: "write", Path: "/w/big", Err: syscall.EFBIG}), "file size limit exceeded"},
		{"the open files limit", fmt.Errorf("grep layer: %w", &fs.PathError{Op: "open", Path: "/w", Err: syscall.EMFILE}), "open files limit exceeded"},
		{"fs.ErrPermission without an errno", fmt.Errorf("db layer: %w", fs.ErrPermission), "operation not permitted"},
		{"a mail server's reply that reads like the kernel", fmt.Errorf("email layer: RCPT TO bob@example.com: %w", &textproto.Error{Code: 550, Msg: "5.7.1 permission denied"}), ""},
		{"a missing file whose name reads like the kernel", fmt.Errorf("filesystem layer: read_file: %w", &fs.PathError{Op: "open", Path: "/w/permission denied.txt", Err: syscall.ENOENT}), ""},
		{"a cause flattened with %v", fmt.Errorf("bank layer: %v", &fs.PathError{Op: "open", Path: "/w/bank.db", Err: syscall.EACCES}), ""},
		{"plain text of each kernel message", errors.New("operation not permitted; permission denied; invalid cross-device link; file too large; too many open files"), ""},
		{"another errno", &fs.PathError{Op: "open", Path: "/w/x", Err: syscall.ENOSPC}, ""},
		{"no error", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Denial(c.err)
			if c.want == "" {
				if got != "" {
					t.Fatalf("Denial(%v) = %q, want no denial", c.err, got)
				}
				return
			}
			if want := c.want + ": " + c.err.Error(); got != want {
				t.Fatalf("Denial = %q, want %q", got, want)
			}
		})
	}
}
