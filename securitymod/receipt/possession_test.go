package receipt

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
)

// TestPossession: only the private key's holder answers a challenge;
// the public key alone, another key, another challenge, a receipt's
// signature of the same bytes or a malformed answer are refused.
func TestPossession(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	challenge := bytes.Repeat([]byte{7}, ChallengeSize)
	sig, err := ProvePossession(priv, challenge)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPossession(pub, challenge, sig); err != nil {
		t.Fatalf("the holder's answer: %v", err)
	}
	otherSig, _ := ProvePossession(other, challenge)
	receiptSig := b64.EncodeToString(ed25519.Sign(priv, append([]byte(SignContext), challenge...)))
	bare := b64.EncodeToString(ed25519.Sign(priv, challenge))
	for _, c := range []struct {
		name      string
		challenge []byte
		sig       string
		want      error
	}{
		{"another key", challenge, otherSig, ErrBadSignature},
		{"another challenge", bytes.Repeat([]byte{8}, ChallengeSize), sig, ErrBadSignature},
		{"a receipt context signature", challenge, receiptSig, ErrBadSignature},
		{"no context", challenge, bare, ErrBadSignature},
		{"the public key repeated", challenge, b64.EncodeToString(pub), ErrBadSignature},
		{"empty", challenge, "", ErrBadSignature},
		{"not base64url", challenge, "!!!", ErrBadSignature},
		{"short challenge", challenge[:16], sig, ErrMalformed},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := VerifyPossession(pub, c.challenge, c.sig); !errors.Is(err, c.want) {
				t.Fatalf("VerifyPossession = %v, want %v", err, c.want)
			}
		})
	}
	if _, err := ProvePossession(priv, challenge[:31]); !errors.Is(err, ErrMalformed) {
		t.Errorf("a short challenge signed: %v", err)
	}
}
