package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// fileStore is the encrypted fallback: see the package documentation.
type fileStore struct {
	mu                       sync.Mutex
	dir, path, keyPath, lock string
	aad                      []byte
}

const (
	fileName = "secrets"
	keyName  = "secrets.key"
	lockName = "secrets.lock"
	keyLen   = 32
	maxFile  = 1 << 20
)

// FileError is every refusal of the encrypted file store, inside an
// *Error: its Kind says what is wrong and Path which file or directory.
// Tests and callers tell refusals apart by Kind, never by the words.
type FileError struct {
	Kind FileKind
	Path string // the file or directory at fault, "" when none
	err  error  // the message, wrapping the cause when there is one
}

func (e *FileError) Error() string { return e.err.Error() }

func (e *FileError) Unwrap() error { return errors.Unwrap(e.err) }

func fileErr(kind FileKind, path, format string, args ...any) error {
	return &FileError{Kind: kind, Path: path, err: fmt.Errorf(format, args...)}
}

// FileKind is what kind of refusal a FileError is.
type FileKind int

const (
	DirNotAbsolute  FileKind = iota + 1 // the fallback directory is not absolute
	Unsupported                         // the file store needs a unix system
	DirUnusable                         // the directory cannot be created or stat-ed
	DirSymlink                          // the directory is a symlink
	DirNotDirectory                     // the directory is something else
	DirTooOpen                          // the directory is writable by group or others
	DirNotOwned                         // the directory belongs to another user
	OpenRefused                         // a file cannot be opened (a symlink is refused)
	ReadFailed                          // a file cannot be stat-ed or read
	TooLarge                            // a file is larger than the store allows
	NotRegular                          // a file is not a regular file
	FileTooOpen                         // a file's mode is wider than 0600
	FileNotOwned                        // a file belongs to another user
	KeyMissing                          // the secrets file exists but its key does not
	KeyBadLength                        // the key is not 32 bytes
	NotVersion1                         // the secrets file is not a version 1 envelope
	BadNonce                            // the envelope's nonce is malformed
	DecryptFailed                       // the secrets file does not decrypt under the key
	BadContent                          // the plaintext is not the secrets map
	NoRandomness                        // no randomness for a key or a nonce
	WriteFailed                         // writing the key or the secrets file failed
	LockFailed                          // the lock file cannot be opened or locked
)

var fileKindNames = [...]string{
	DirNotAbsolute: "directory not absolute", Unsupported: "unsupported", DirUnusable: "directory unusable",
	DirSymlink: "directory is a symlink", DirNotDirectory: "not a directory", DirTooOpen: "directory too open",
	DirNotOwned: "directory not owned", OpenRefused: "open refused", ReadFailed: "read failed",
	TooLarge: "too large", NotRegular: "not a regular file", FileTooOpen: "file too open",
	FileNotOwned: "file not owned", KeyMissing: "key missing", KeyBadLength: "key of a bad length",
	NotVersion1: "not version 1", BadNonce: "bad nonce", DecryptFailed: "does not decrypt",
	BadContent: "bad content", NoRandomness: "no randomness", WriteFailed: "write failed", LockFailed: "lock failed",
}

func (k FileKind) String() string {
	if k > 0 && int(k) < len(fileKindNames) {
		return fileKindNames[k]
	}
	return fmt.Sprintf("FileKind(%d)", int(k))
}

func openFile(dir, app string) (*fileStore, error) {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil, fileErr(DirNotAbsolute, dir, "fallback directory %q is not an absolute path", dir)
	}
	if !osSupported {
		return nil, fileErr(Unsupported, dir, "the encrypted file fallback needs a unix system")
	}
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fileErr(DirUnusable, dir, "fallback directory: %w", err)
	}
	if err := checkDir(dir); err != nil {
		return nil, err
	}
	s := &fileStore{
		dir:     dir,
		path:    filepath.Join(dir, fileName),
		keyPath: filepath.Join(dir, keyName),
		lock:    filepath.Join(dir, lockName),
		aad:     []byte("clauz3-secrets v1\x00" + app),
	}
	// Read what is there now, so a bad file is reported at start.
	if _, err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

func checkDir(dir string) error {
	fi, err := os.Lstat(dir)
	switch {
	case err != nil:
		return fileErr(DirUnusable, dir, "fallback directory: %w", err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fileErr(DirSymlink, dir, "fallback directory %s is a symlink", dir)
	case !fi.IsDir():
		return fileErr(DirNotDirectory, dir, "fallback directory %s is not a directory", dir)
	case fi.Mode().Perm()&0o022 != 0:
		return fileErr(DirTooOpen, dir, "fallback directory %s is writable by group or others (mode %o): chmod 700 it", dir, fi.Mode().Perm())
	}
	if uid, ok := ownerOK(fi); !ok {
		return fileErr(DirNotOwned, dir, "fallback directory %s is owned by uid %d, not by this user", dir, uid)
	}
	return nil
}

// readPrivate reads a file that must be a regular file of ours, mode 0600
// or narrower, not a symlink. A missing file is (nil, false, nil).
func readPrivate(path string) ([]byte, bool, error) {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fileErr(OpenRefused, path, "%s: %w (a symlink is refused)", path, err)
	}
	defer f.Close()
	if err := checkPrivate(f, path); err != nil {
		return nil, false, err
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return nil, false, fileErr(ReadFailed, path, "%s: %w", path, err)
	}
	if len(b) > maxFile {
		return nil, false, fileErr(TooLarge, path, "%s is larger than %d bytes", path, maxFile)
	}
	return b, true, nil
}

func checkPrivate(f *os.File, path string) error {
	fi, err := f.Stat()
	switch {
	case err != nil:
		return fileErr(ReadFailed, path, "%s: %w", path, err)
	case !fi.Mode().IsRegular():
		return fileErr(NotRegular, path, "%s is not a regular file", path)
	case fi.Mode().Perm()&0o077 != 0:
		return fileErr(FileTooOpen, path, "%s has mode %o, wider than 0600: refusing it", path, fi.Mode().Perm())
	}
	if uid, ok := ownerOK(fi); !ok {
		return fileErr(FileNotOwned, path, "%s is owned by uid %d, not by this user", path, uid)
	}
	return nil
}

type envelope struct {
	Version    int    `json:"version"`
	Nonce      []byte `json:"nonce"`
	Ciphertext []byte `json:"ciphertext"`
}

func (s *fileStore) load() (map[string]string, error) {
	if err := checkDir(s.dir); err != nil {
		return nil, err
	}
	key, haveKey, err := readPrivate(s.keyPath)
	if err != nil {
		return nil, err
	}
	data, haveData, err := readPrivate(s.path)
	if err != nil {
		return nil, err
	}
	if !haveData {
		return map[string]string{}, nil
	}
	if !haveKey {
		return nil, fileErr(KeyMissing, s.keyPath, "%s exists but its key file %s is missing: refusing (it cannot be decrypted, and it is never re-keyed)", s.path, s.keyPath)
	}
	if len(key) != keyLen {
		return nil, fileErr(KeyBadLength, s.keyPath, "key file %s is not %d bytes", s.keyPath, keyLen)
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil || env.Version != 1 {
		return nil, fileErr(NotVersion1, s.path, "%s is not a version 1 secrets file", s.path)
	}
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	if len(env.Nonce) != aead.NonceSize() {
		return nil, fileErr(BadNonce, s.path, "%s has a malformed nonce", s.path)
	}
	plain, err := aead.Open(nil, env.Nonce, env.Ciphertext, s.aad)
	if err != nil {
		return nil, fileErr(DecryptFailed, s.path, "%s does not decrypt under %s (tampered, or another key)", s.path, s.keyPath)
	}
	m := map[string]string{}
	if err := json.Unmarshal(plain, &m); err != nil {
		return nil, fileErr(BadContent, s.path, "%s decrypts to malformed content", s.path)
	}
	return m, nil
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fileErr(KeyBadLength, "", "key: %w", err)
	}
	return cipher.NewGCM(block)
}

// ensureKey returns the key, creating it (0600, exclusive) when missing.
func (s *fileStore) ensureKey() ([]byte, error) {
	key, ok, err := readPrivate(s.keyPath)
	if err != nil {
		return nil, err
	}
	if ok {
		if len(key) != keyLen {
			return nil, fileErr(KeyBadLength, s.keyPath, "key file %s is not %d bytes", s.keyPath, keyLen)
		}
		return key, nil
	}
	key = make([]byte, keyLen)
	if _, err := rand.Read(key); err != nil {
		return nil, fileErr(NoRandomness, s.keyPath, "no randomness for the key: %w", err)
	}
	f, err := openNoFollow(s.keyPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fileErr(WriteFailed, s.keyPath, "creating key file: %w", err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		return nil, fileErr(WriteFailed, s.keyPath, "writing key file: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, fileErr(WriteFailed, s.keyPath, "writing key file: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fileErr(WriteFailed, s.keyPath, "writing key file: %w", err)
	}
	return key, nil
}

func (s *fileStore) save(key []byte, m map[string]string) error {
	plain, err := json.Marshal(m)
	if err != nil {
		return fileErr(WriteFailed, s.path, "encoding secrets: %w", err)
	}
	aead, err := newAEAD(key)
	if err != nil {
		return err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return fileErr(NoRandomness, s.path, "no randomness for the nonce: %w", err)
	}
	data, err := json.Marshal(envelope{Version: 1, Nonce: nonce, Ciphertext: aead.Seal(nil, nonce, plain, s.aad)})
	if err != nil {
		return fileErr(WriteFailed, s.path, "encoding secrets file: %w", err)
	}
	tmp, err := os.CreateTemp(s.dir, ".secrets-*.tmp") // mode 0600
	if err != nil {
		return fileErr(WriteFailed, s.path, "writing secrets file: %w", err)
	}
	renamed := false
	defer func() {
		if !renamed {
			os.Remove(tmp.Name()) // cleanup of our own temporary file; the error above is what is returned
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fileErr(WriteFailed, s.path, "writing secrets file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fileErr(WriteFailed, s.path, "writing secrets file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fileErr(WriteFailed, s.path, "writing secrets file: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		return fileErr(WriteFailed, s.path, "writing secrets file: %w", err)
	}
	renamed = true
	return nil
}

func (s *fileStore) Get(name string) (string, error) {
	if err := checkName("get", name); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	unlock, err := lockFile(s.lock)
	if err != nil {
		return "", &Error{Op: "get", Name: name, Reason: "encrypted file store", Err: err}
	}
	defer unlock()
	m, err := s.load()
	if err != nil {
		return "", &Error{Op: "get", Name: name, Reason: "encrypted file store", Err: err}
	}
	v, ok := m[name]
	if !ok {
		return "", &Error{Op: "get", Name: name, Reason: "not in " + s.path, Err: ErrNotFound}
	}
	return v, nil
}

func (s *fileStore) Set(name, value string) error {
	if err := checkName("set", name); err != nil {
		return err
	}
	if err := checkValue(name, value); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	wrap := func(err error) error {
		return &Error{Op: "set", Name: name, Reason: "encrypted file store", Err: withheld(err, value)}
	}
	unlock, err := lockFile(s.lock)
	if err != nil {
		return wrap(err)
	}
	defer unlock()
	m, err := s.load()
	if err != nil {
		return wrap(err)
	}
	key, err := s.ensureKey()
	if err != nil {
		return wrap(err)
	}
	m[name] = value
	if err := s.save(key, m); err != nil {
		return wrap(err)
	}
	return nil
}
