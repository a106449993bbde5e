//go:build unix

package secrets

import (
	"io/fs"
	"os"
	"syscall"
)

const osSupported = true

func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NOFOLLOW, perm)
}

// ownerOK reports the file's owner and whether it is this process's user.
func ownerOK(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return -1, false
	}
	return int(st.Uid), int(st.Uid) == os.Getuid()
}

// lockFile takes an exclusive flock on path (created 0600) and returns
// its release.
func lockFile(path string) (func(), error) {
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fileErr(LockFailed, path, "lock file: %w", err)
	}
	if err := checkPrivate(f, path); err != nil {
		f.Close()
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fileErr(LockFailed, path, "lock file: %w", err)
	}
	return func() { f.Close() }, nil // closing the descriptor releases the lock
}
