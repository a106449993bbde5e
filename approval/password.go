package approval

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters (OWASP's minimum: 19 MiB, 2 passes, 1 lane): a
// guess costs 19 MiB and tens of milliseconds, so the login's rate limit
// and the hash both stand between the agent and the human's password.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	// MinPassword is the shortest password service init accepts.
	MinPassword = 10
)

// HashPassword encodes password as an argon2id PHC string.
func HashPassword(password string) (string, error) {
	if len(password) < MinPassword {
		return "", fmt.Errorf("the password must have at least %d characters", MinPassword)
	}
	var salt [16]byte
	if _, err := io.ReadFull(rand.Reader, salt[:]); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt[:], argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads, enc.EncodeToString(salt[:]), enc.EncodeToString(key)), nil
}

// passwordHash is a parsed argon2id PHC string.
type passwordHash struct {
	memory  uint32
	time    uint32
	threads uint8
	salt    []byte
	key     []byte
}

// ParsePasswordHash checks an encoded hash; the service refuses to start
// with one it could not verify against.
func ParsePasswordHash(encoded string) (passwordHash, error) {
	var h passwordHash
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return h, fmt.Errorf("the password hash is not an argon2id v=%d PHC string", argon2.Version)
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &h.memory, &h.time, &h.threads); err != nil || h.memory < 8*1024 || h.time < 1 || h.threads < 1 {
		return h, fmt.Errorf("the password hash's parameters %q are malformed or too weak", parts[3])
	}
	enc := base64.RawStdEncoding
	var err error
	if h.salt, err = enc.DecodeString(parts[4]); err != nil || len(h.salt) < 16 {
		return h, fmt.Errorf("the password hash's salt is malformed")
	}
	if h.key, err = enc.DecodeString(parts[5]); err != nil || len(h.key) < 16 {
		return h, fmt.Errorf("the password hash's key is malformed")
	}
	return h, nil
}

func (h passwordHash) matches(password string) bool {
	got := argon2.IDKey([]byte(password), h.salt, h.time, h.memory, h.threads, uint32(len(h.key)))
	return subtle.ConstantTimeCompare(got, h.key) == 1
}
