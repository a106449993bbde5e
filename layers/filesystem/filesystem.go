// Package filesystem is the Go implementation of the bundled filesystem
// layer (effects.py): read_file, list_dir and write_file under the roots
// named by CLAUZ3_FS_ROOTS (absolute folders, separated by the OS path
// list separator, ':' on unix).
//
// Every call goes through the security module's path floor
// (securitymod/pathfloor): the target is resolved, must lie inside a
// root, and must not be a credential or system location, whatever the
// plan's contract allowed. On top of the floor, a path whose resolved
// form differs from its written form is refused: the plan's contracts
// speak about the written path, so a symlink on the way (which could lead
// elsewhere inside the roots) would make them say less than they seem to.
// Roots must therefore be given by their real paths.
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
//
//clauz3:allow-import syscall
package filesystem

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

// MaxReadBytes bounds a read_file result.
const MaxReadBytes = 16 << 20

// MaxEntries is the bound list_dir declares (len(result) <= 1000).
const MaxEntries = 1000

// FS is the filesystem as a layer sees it: roots and the floor.
type FS struct {
	Roots []string
	Floor *pathfloor.Floor
}

// FromEnv builds the FS from CLAUZ3_FS_ROOTS and the user's home folder.
func FromEnv() (*FS, error) {
	v := os.Getenv("CLAUZ3_FS_ROOTS")
	if v == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("filesystem layer: CLAUZ3_FS_ROOTS (the folders plans may use) is not set")}
	}
	var roots []string
	for _, r := range filepath.SplitList(v) {
		if r == "" {
			continue
		}
		if !filepath.IsAbs(r) {
			return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("filesystem layer: CLAUZ3_FS_ROOTS entry %q is not absolute", r)}
		}
		roots = append(roots, r)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("filesystem layer: no home folder for the path floor: %w", err)}
	}
	return &FS{Roots: roots, Floor: pathfloor.New(home)}, nil
}

// check runs the floor and the written-equals-resolved rule.
func (f *FS) check(op, path string, write bool) (string, error) {
	if strings.Contains(path, "..") {
		return "", &Error{Kind: DotDot, Err: fmt.Errorf("filesystem layer: %s %q refused: the path contains ..", op, path)}
	}
	resolved, err := f.Floor.Check(path, f.Roots, write)
	if err != nil {
		return "", &Error{Kind: Floor, Err: fmt.Errorf("filesystem layer: %s refused: %w", op, err)}
	}
	if resolved != filepath.Clean(path) {
		return "", &Error{Kind: Symlink, Err: fmt.Errorf("filesystem layer: %s %q refused: it resolves to %s (a symlink on the way); contracts speak about the written path", op, path, resolved)}
	}
	return resolved, nil
}

// ReadFile returns the content of a UTF-8 text file.
func (f *FS) ReadFile(path string) (string, error) {
	resolved, err := f.check("read_file", path, false)
	if err != nil {
		return "", err
	}
	file, err := os.OpenFile(resolved, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return "", &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: read_file: %w", err)}
	}
	defer file.Close()
	if st, err := file.Stat(); err != nil || !st.Mode().IsRegular() {
		return "", &Error{Kind: NotRegular, Err: fmt.Errorf("filesystem layer: read_file %q refused: not a regular file", path)}
	}
	data, err := io.ReadAll(io.LimitReader(file, MaxReadBytes+1))
	if err != nil {
		return "", &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: read_file: %w", err)}
	}
	if len(data) > MaxReadBytes {
		return "", &Error{Kind: TooLarge, Err: fmt.Errorf("filesystem layer: read_file %q refused: over %d bytes", path, MaxReadBytes)}
	}
	if !utf8.Valid(data) {
		return "", &Error{Kind: NotText, Err: fmt.Errorf("filesystem layer: read_file %q refused: not UTF-8 text", path)}
	}
	return string(data), nil
}

// ListDir returns the sorted names in a folder.
func (f *FS) ListDir(path string) ([]string, error) {
	resolved, err := f.check("list_dir", path, false)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(resolved)
	if err != nil {
		return nil, &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: list_dir: %w", err)}
	}
	if len(entries) > MaxEntries {
		return nil, &Error{Kind: TooManyEntries, Err: fmt.Errorf("filesystem layer: list_dir %q refused: %d entries, over the declared %d", path, len(entries), MaxEntries)}
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names, nil
}

// WriteFile creates or replaces a file with content.
func (f *FS) WriteFile(path, content string) error {
	resolved, err := f.check("write_file", path, true)
	if err != nil {
		return err
	}
	file, err := os.OpenFile(resolved, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: write_file: %w", err)}
	}
	if _, err := io.WriteString(file, content); err != nil {
		file.Close()
		return &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: write_file: %w", err)}
	}
	if err := file.Close(); err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("filesystem layer: write_file: %w", err)}
	}
	return nil
}

// ReadFile is read_file(path: str) -> str.
func ReadFile(path string) (string, error) {
	f, err := FromEnv()
	if err != nil {
		return "", err
	}
	return f.ReadFile(path)
}

// ListDir is list_dir(path: str) -> list[str].
func ListDir(path string) ([]string, error) {
	f, err := FromEnv()
	if err != nil {
		return nil, err
	}
	return f.ListDir(path)
}

// WriteFile is write_file(path: str, content: str) -> None.
func WriteFile(path string, content string) error {
	f, err := FromEnv()
	if err != nil {
		return err
	}
	return f.WriteFile(path, content)
}
