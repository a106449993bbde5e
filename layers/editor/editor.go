// Package editor is the Go implementation of the bundled editor layer
// (effects.py): replace_in_file, an exact-string replacement in one text
// file inside the roots named by CLAUZ3_FS_ROOTS (as the filesystem
// layer).
//
// The path goes through the security module's path floor and must be
// written as it resolves (no symlink on the way); the file must be a
// regular UTF-8 file of at most 16 MiB that contains old exactly once. The
// new content is written to a temporary file in the same folder, with the
// original's permissions, and renamed over the original, so a failed edit
// leaves the file as it was.
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
//
//clauz3:allow-import syscall
package editor

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

// MaxFileBytes bounds the files the editor changes.
const MaxFileBytes = 16 << 20

// Editor edits files under roots.
type Editor struct {
	Roots []string
	Floor *pathfloor.Floor
}

// FromEnv builds the Editor from CLAUZ3_FS_ROOTS and the home folder.
func FromEnv() (*Editor, error) {
	v := os.Getenv("CLAUZ3_FS_ROOTS")
	if v == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("editor layer: CLAUZ3_FS_ROOTS (the folders plans may edit in) is not set")}
	}
	var roots []string
	for _, r := range filepath.SplitList(v) {
		if r == "" {
			continue
		}
		if !filepath.IsAbs(r) {
			return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("editor layer: CLAUZ3_FS_ROOTS entry %q is not absolute", r)}
		}
		roots = append(roots, r)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("editor layer: no home folder for the path floor: %w", err)}
	}
	return &Editor{Roots: roots, Floor: pathfloor.New(home)}, nil
}

// Replace replaces the single occurrence of old in the file at path.
func (e *Editor) Replace(path, old, new string) error {
	if strings.Contains(path, "..") {
		return &Error{Kind: DotDot, Err: fmt.Errorf("editor layer: replace_in_file %q refused: the path contains ..", path)}
	}
	if old == "" || old == new {
		return &Error{Kind: BadReplacement, Err: fmt.Errorf("editor layer: replace_in_file %q refused: old must be non-empty and differ from new", path)}
	}
	resolved, err := e.Floor.Check(path, e.Roots, true)
	if err != nil {
		return &Error{Kind: Floor, Err: fmt.Errorf("editor layer: replace_in_file refused: %w", err)}
	}
	if resolved != filepath.Clean(path) {
		return &Error{Kind: Symlink, Err: fmt.Errorf("editor layer: replace_in_file %q refused: it resolves to %s (a symlink on the way)", path, resolved)}
	}
	f, err := os.OpenFile(resolved, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return &Error{Kind: NotRegular, Err: fmt.Errorf("editor layer: replace_in_file %q refused: not a regular file", path)}
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	f.Close()
	if err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	if len(data) > MaxFileBytes || !utf8.Valid(data) {
		return &Error{Kind: NotText, Err: fmt.Errorf("editor layer: replace_in_file %q refused: not a UTF-8 text file of at most %d bytes", path, MaxFileBytes)}
	}
	text := string(data)
	switch n := strings.Count(text, old); n {
	case 1:
	case 0:
		return &Error{Kind: NotFound, Err: fmt.Errorf("editor layer: replace_in_file %q refused: the text to replace does not occur in the file", path)}
	default:
		return &Error{Kind: Ambiguous, Err: fmt.Errorf("editor layer: replace_in_file %q refused: the text to replace occurs %d times; it must occur exactly once", path, n)}
	}
	updated := strings.Replace(text, old, new, 1)
	tmp, err := os.CreateTemp(filepath.Dir(resolved), "."+filepath.Base(resolved)+".clauz3-edit-")
	if err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	defer os.Remove(tmp.Name())
	if _, err := io.WriteString(tmp, updated); err != nil {
		tmp.Close()
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	if err := tmp.Chmod(st.Mode().Perm()); err != nil {
		tmp.Close()
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	if err := tmp.Close(); err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	if err := os.Rename(tmp.Name(), resolved); err != nil {
		return &Error{Kind: IO, Err: fmt.Errorf("editor layer: replace_in_file: %w", err)}
	}
	return nil
}

// ReplaceInFile is replace_in_file(path: str, old: str, new: str) -> None.
func ReplaceInFile(path string, old string, new string) error {
	e, err := FromEnv()
	if err != nil {
		return err
	}
	return e.Replace(path, old, new)
}
