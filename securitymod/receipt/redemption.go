package receipt

import (
	"bytes"
	"crypto/ed25519"
	"time"
)

// RedemptionPayload is what the service signs when it redeems a receipt.
type RedemptionPayload struct {
	RequestID    string
	ReceiptNonce string
	Challenge    string // the redeemer's fresh random challenge
	RedeemedAt   time.Time
	// AuditHead is the audit chain head after the redemption was recorded
	// ("<seq>:<hash>", the receipt.redeemed row).
	AuditHead string
}

type wireRedemption struct {
	V            int    `json:"v"`
	RequestID    string `json:"request_id"`
	ReceiptNonce string `json:"receipt_nonce"`
	Challenge    string `json:"challenge"`
	RedeemedAt   string `json:"redeemed_at"`
	AuditHead    string `json:"audit_head"`
}

var redemptionFields = []string{"v", "request_id", "receipt_nonce", "challenge", "redeemed_at", "audit_head"}

// Redemption is the signed acknowledgement; same envelope as a Receipt.
type Redemption struct {
	Payload   string `json:"payload"`
	Signature string `json:"signature"`
	KeyID     string `json:"key_id"`
}

func (w wireRedemption) check(op string) error {
	if w.V != Version {
		return refuse(op, "v", ErrMalformed, "%d, want %d", w.V, Version)
	}
	if err := checkText(op, "request_id", w.RequestID); err != nil {
		return err
	}
	if err := checkNonce(op, "receipt_nonce", w.ReceiptNonce); err != nil {
		return err
	}
	if err := checkNonce(op, "challenge", w.Challenge); err != nil {
		return err
	}
	if _, err := parseTime(op, "redeemed_at", w.RedeemedAt); err != nil {
		return err
	}
	return checkHead(op, "audit_head", w.AuditHead)
}

// CheckChallenge refuses a challenge that is not base64url of 16 bytes.
func CheckChallenge(c string) error { return checkNonce("redeem", "challenge", c) }

// SignRedemption signs the acknowledgement of one redemption.
func SignRedemption(priv ed25519.PrivateKey, p RedemptionPayload) (Redemption, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return Redemption{}, refuse("redeem", "", ErrBadKey, "private key is %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
	}
	w := wireRedemption{V: Version, RequestID: p.RequestID, ReceiptNonce: p.ReceiptNonce, Challenge: p.Challenge, RedeemedAt: formatTime(p.RedeemedAt), AuditHead: p.AuditHead}
	if err := w.check("redeem"); err != nil {
		return Redemption{}, err
	}
	data, err := marshalCompact(w)
	if err != nil {
		return Redemption{}, err
	}
	return Redemption(signEnvelope(priv, RedemptionContext, data)), nil
}

// VerifyRedemption checks red's signature with the pinned key, strictly
// decodes it, and refuses it unless it acknowledges exactly this receipt
// (request id and nonce) and this redeemer's challenge.
func VerifyRedemption(pub ed25519.PublicKey, red Redemption, receipt Payload, challenge string) (RedemptionPayload, error) {
	w, err := OpenRedemption(pub, red)
	if err != nil {
		return RedemptionPayload{}, err
	}
	switch {
	case w.RequestID != receipt.RequestID:
		return RedemptionPayload{}, refuse("redeem", "request_id", ErrRedemptionMismatch, "acknowledges %q, the receipt is for %q", w.RequestID, receipt.RequestID)
	case w.ReceiptNonce != receipt.Nonce:
		return RedemptionPayload{}, refuse("redeem", "receipt_nonce", ErrRedemptionMismatch, "acknowledges another receipt")
	case challenge == "" || w.Challenge != challenge:
		return RedemptionPayload{}, refuse("redeem", "challenge", ErrRedemptionMismatch, "not this redeemer's challenge (a replayed acknowledgement)")
	}
	return w, nil
}

// OpenRedemption checks red's signature with pub and strictly decodes it,
// without matching it to a receipt (the audit check reads stored
// acknowledgements this way).
func OpenRedemption(pub ed25519.PublicKey, red Redemption) (RedemptionPayload, error) {
	data, err := openEnvelope("redeem", pub, RedemptionContext, envelope(red))
	if err != nil {
		return RedemptionPayload{}, err
	}
	var w wireRedemption
	if err := strictDecode("redeem", data, redemptionFields, &w); err != nil {
		return RedemptionPayload{}, err
	}
	if err := w.check("redeem"); err != nil {
		return RedemptionPayload{}, err
	}
	canon, err := marshalCompact(w)
	if err != nil {
		return RedemptionPayload{}, err
	}
	if !bytes.Equal(canon, data) {
		return RedemptionPayload{}, refuse("redeem", "", ErrMalformed, "the signed payload is not in canonical form")
	}
	at, _ := time.Parse(TimeLayout, w.RedeemedAt)
	return RedemptionPayload{RequestID: w.RequestID, ReceiptNonce: w.ReceiptNonce, Challenge: w.Challenge, RedeemedAt: at, AuditHead: w.AuditHead}, nil
}
