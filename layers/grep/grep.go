// Package grep is the Go implementation of the bundled grep layer
// (effects.py): grep(dir, pattern) over the UTF-8 text files under dir,
// inside the roots named by CLAUZ3_FS_ROOTS (as the filesystem layer).
//
// The folder goes through the security module's path floor and must be
// written as it resolves (no symlink on the way); the walk does not follow
// symlinks, skips files the floor refuses, files over 4 MiB and files that
// are not UTF-8, fails on a file or folder it cannot read, and stops with
// an error when the result would pass the declared 1,000,000 characters
// (rather than cut it short).
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
package grep

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/securitymod/pathfloor"
)

// MaxResult is the bound grep declares on its result, in characters.
const MaxResult = 1000000

// MaxFileBytes: larger files are skipped.
const MaxFileBytes = 4 << 20

// Searcher searches under roots.
type Searcher struct {
	Roots []string
	Floor *pathfloor.Floor
	// readFile reads a file of the walk; nil is os.ReadFile. A test sets
	// it to make a read fail, which root (the tests' user) cannot
	// otherwise arrange for a file inside a readable folder.
	readFile func(name string) ([]byte, error)
}

// FromEnv builds the Searcher from CLAUZ3_FS_ROOTS and the home folder.
func FromEnv() (*Searcher, error) {
	v := os.Getenv("CLAUZ3_FS_ROOTS")
	if v == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("grep layer: CLAUZ3_FS_ROOTS (the folders plans may search) is not set")}
	}
	var roots []string
	for _, r := range filepath.SplitList(v) {
		if r == "" {
			continue
		}
		if !filepath.IsAbs(r) {
			return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("grep layer: CLAUZ3_FS_ROOTS entry %q is not absolute", r)}
		}
		roots = append(roots, r)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, &Error{Kind: NotConfigured, Err: fmt.Errorf("grep layer: no home folder for the path floor: %w", err)}
	}
	return &Searcher{Roots: roots, Floor: pathfloor.New(home)}, nil
}

// Grep returns the lines under dir matching pattern, "path:line:text\n"
// each, files in lexical order.
func (s *Searcher) Grep(dir, pattern string) (string, error) {
	if strings.Contains(dir, "..") {
		return "", &Error{Kind: DotDot, Err: fmt.Errorf("grep layer: grep %q refused: the path contains ..", dir)}
	}
	if pattern == "" {
		return "", &Error{Kind: BadPattern, Err: errors.New("grep layer: empty pattern")}
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", &Error{Kind: BadPattern, Err: fmt.Errorf("grep layer: pattern %q: %w", pattern, err)}
	}
	resolved, err := s.Floor.Check(dir, s.Roots, false)
	if err != nil {
		return "", &Error{Kind: Floor, Err: fmt.Errorf("grep layer: grep refused: %w", err)}
	}
	if resolved != filepath.Clean(dir) {
		return "", &Error{Kind: Symlink, Err: fmt.Errorf("grep layer: grep %q refused: it resolves to %s (a symlink on the way)", dir, resolved)}
	}
	var out strings.Builder
	chars := 0
	// tooLong marks the walk's own refusal, which is already worded as
	// the layer's; any other error of the walk is wrapped.
	tooLong := false
	err = filepath.WalkDir(resolved, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 || !(d.IsDir() || d.Type().IsRegular()) {
			return nil
		}
		if _, ferr := s.Floor.Check(path, s.Roots, false); ferr != nil {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		// A file that cannot be read fails the search: skipping it would
		// return fewer matches than there are as if that were all of them.
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > MaxFileBytes {
			return nil
		}
		read := s.readFile
		if read == nil {
			read = os.ReadFile
		}
		data, err := read(path)
		if err != nil {
			return err
		}
		if !utf8.Valid(data) {
			return nil
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 0, 64*1024), MaxFileBytes)
		for n := 1; sc.Scan(); n++ {
			if line := sc.Text(); re.MatchString(line) {
				hit := fmt.Sprintf("%s:%d:%s\n", path, n, line)
				chars += utf8.RuneCountInString(hit)
				if chars > MaxResult {
					tooLong = true
					return &Error{Kind: TooLong, Err: fmt.Errorf("grep layer: grep %q under %s matches more than the declared %d characters", pattern, dir, MaxResult)}
				}
				out.WriteString(hit)
			}
		}
		return sc.Err()
	})
	if err != nil {
		if tooLong {
			return "", err
		}
		return "", &Error{Kind: IO, Err: fmt.Errorf("grep layer: %w", err)}
	}
	return out.String(), nil
}

// Grep is grep(dir: str, pattern: str) -> str.
func Grep(dir string, pattern string) (string, error) {
	s, err := FromEnv()
	if err != nil {
		return "", err
	}
	return s.Grep(dir, pattern)
}
