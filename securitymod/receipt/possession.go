package receipt

import "crypto/ed25519"

// PossessionContext prefixes what the service signs to show a client it
// holds the pinned key: a fresh challenge of the client's. The prefix
// keeps such a signature from ever being a receipt's, a redemption's or
// an audit row's (each signs under its own context).
const PossessionContext = "clauz3 key possession v1\n"

// ChallengeSize is the length of a possession challenge in bytes.
const ChallengeSize = 32

// ProvePossession signs challenge under PossessionContext; the answer is
// base64url without padding, as the other signatures here.
func ProvePossession(priv ed25519.PrivateKey, challenge []byte) (string, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return "", refuse("prove possession", "", ErrBadKey, "private key is %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
	}
	if len(challenge) != ChallengeSize {
		return "", refuse("prove possession", "challenge", ErrMalformed, "%d bytes, want %d", len(challenge), ChallengeSize)
	}
	return b64.EncodeToString(ed25519.Sign(priv, append([]byte(PossessionContext), challenge...))), nil
}

// VerifyPossession checks that sig is the pinned key pub's signature of
// challenge under PossessionContext: the process answering holds the
// service's private key, not just its public one (which anyone may
// read and repeat).
func VerifyPossession(pub ed25519.PublicKey, challenge []byte, sig string) error {
	if len(pub) != ed25519.PublicKeySize {
		return refuse("verify possession", "", ErrBadKey, "public key is %d bytes, want %d", len(pub), ed25519.PublicKeySize)
	}
	if len(challenge) != ChallengeSize {
		return refuse("verify possession", "challenge", ErrMalformed, "%d bytes, want %d", len(challenge), ChallengeSize)
	}
	raw, err := b64.DecodeString(sig)
	if err != nil || len(raw) != ed25519.SignatureSize {
		return refuse("verify possession", "signature", ErrBadSignature, "not %d bytes of base64url", ed25519.SignatureSize)
	}
	if !ed25519.Verify(pub, append([]byte(PossessionContext), challenge...), raw) {
		return refuse("verify possession", "signature", ErrBadSignature, "not made with the pinned key")
	}
	return nil
}
