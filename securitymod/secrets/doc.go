// Package secrets keeps ClauZ3's secrets (SMTP passwords, API keys, the
// approval service's signing key and session secret) in the OS keyring,
// or, where no keyring works, in an encrypted file, and says which.
//
// API: Open(appName, fallbackDir) probes the keyring once (a harmless
// set, get and delete of a probe entry, bounded by a timeout because an
// unlock prompt can block) and returns a Store and the Backend it chose.
// Callers print Backend.String() at start, e.g.
//
//	secrets: OS keyring unavailable (<reason>), using encrypted file ~/.local/share/clauz3/secrets
//
// Scoped(store, allowed) is the Store a trusted layer gets: it refuses
// every name its configuration does not list.
//
// Errors are *Error{Op, Name, Reason, Err}; errors.Is(err, ErrNotFound),
// ErrNotAllowed and ErrInvalid classify them, a refusal of the file store
// wraps a *FileError{Kind, Path}, and Backend.Fallback says why the keyring
// was not used, so nothing reads the words to tell. No error message
// carries a secret value: the messages are built from the name and the
// reason only, and a backend error whose text contains the value is
// replaced by ErrWithheld.
//
// What is refused: names that are not 1-128 characters of [A-Za-z0-9._-]
// starting with a letter or digit; empty values and values over 2048
// bytes (the smallest keyring limit, Windows'); an Open whose keyring is
// unavailable and whose fallback directory is empty, relative or unusable
// (no store is returned rather than an unencrypted or world-readable one).
//
// The fallback store (unix only) is two files in fallbackDir: "secrets",
// the secret map as JSON sealed with AES-256-GCM (fresh random nonce per
// write, the app name bound as additional data), and "secrets.key", 32
// random bytes. Both are created 0600, and every read refuses a file that
// is a symlink, not a regular file, owned by another user or readable or
// writable by group or others; the directory is created 0700 and refused
// when it is a symlink, owned by another user or writable by group or
// others. Writes go to a temporary file that is renamed into place, under
// an flock so that two processes do not lose each other's updates. A
// secrets file without its key file is refused, never re-keyed.
//
// What the fallback protects against: accidental disclosure of the secrets
// file alone, in a backup, a sync folder, a pasted directory listing or a
// log that copies one file. It does NOT protect against an attacker who
// runs as the same user: the key sits beside the data with the same
// permissions, and such an attacker can read both (or the keyring, or the
// process). Prefer the OS keyring wherever one exists.
//
// OpenFile is the file store alone, never the keyring: the approval
// service (approval/execute) writes with it, before each run, a store in
// the run's secrets folder holding only the secrets the run's layers'
// configuration names, which the layers then read through Open.
//
// Callers: trusted layers through Scoped (SMTP password, API keys);
// approval/execute through OpenFile. The approval service keeps its
// signing key and session secret in its own state folder instead
// (approval/state), one pair per instance: a keyring shared by every
// process of the user would give an agent-started instance the human's
// keys.
package secrets
