//go:build unix

package pathfloor

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// A named pipe inside a root is refused: a read would block forever, and
// the floor only hands out regular files and directories.
func TestNamedPipeRefused(t *testing.T) {
	base, _ := filepath.EvalSymlinks(t.TempDir())
	fifo := filepath.Join(base, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	_, err := New(base).Check(fifo, []string{base}, false)
	var r *Refusal
	if !errors.As(err, &r) || r.Kind != SpecialFile {
		t.Fatalf("Check(fifo) = %v, want a refusal", err)
	}
}
