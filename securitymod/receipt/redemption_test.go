package receipt

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestRedemption(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	p := payload()
	challenge, err := NewChallenge()
	if err != nil {
		t.Fatal(err)
	}
	at := issued.Add(2 * time.Minute)
	sign := func(k ed25519.PrivateKey, rp RedemptionPayload) Redemption {
		t.Helper()
		r, err := SignRedemption(k, rp)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	good := RedemptionPayload{RequestID: p.RequestID, ReceiptNonce: p.Nonce, Challenge: challenge, RedeemedAt: at, AuditHead: "9:" + strings.Repeat("ef", 32)}
	red := sign(key, good)
	raw, _ := b64.DecodeString(red.Payload)
	wantJSON := `{"v":1,"request_id":"req_1","receipt_nonce":"` + nonce + `","challenge":"` + challenge + `","redeemed_at":"2026-11-29T16:32:00Z","audit_head":"9:` + strings.Repeat("ef", 32) + `"}`
	if string(raw) != wantJSON {
		t.Fatalf("redemption payload %s, want %s", raw, wantJSON)
	}
	got, err := VerifyRedemption(pub, red, p, challenge)
	if err != nil || got != good {
		t.Fatalf("VerifyRedemption = %+v, %v", got, err)
	}

	otherChallenge, _ := NewChallenge()
	receiptSig := mustSign(t, p)
	cases := map[string]struct {
		red       Redemption
		challenge string
		want      error
	}{
		"another key":        {red: sign(other, good), challenge: challenge, want: ErrBadSignature},
		"another challenge":  {red: red, challenge: otherChallenge, want: ErrRedemptionMismatch},
		"empty challenge":    {red: red, challenge: "", want: ErrRedemptionMismatch},
		"another request":    {red: sign(key, RedemptionPayload{RequestID: "req_2", ReceiptNonce: p.Nonce, Challenge: challenge, RedeemedAt: at, AuditHead: good.AuditHead}), challenge: challenge, want: ErrRedemptionMismatch},
		"another receipt":    {red: sign(key, RedemptionPayload{RequestID: p.RequestID, ReceiptNonce: otherChallenge, Challenge: challenge, RedeemedAt: at, AuditHead: good.AuditHead}), challenge: challenge, want: ErrRedemptionMismatch},
		"no audit head":      {red: Redemption(signEnvelope(key, RedemptionContext, []byte(strings.Replace(string(raw), `,"audit_head":"`+good.AuditHead+`"`, ``, 1)))), challenge: challenge, want: ErrMalformed},
		"a receipt as ack":   {red: Redemption(receiptSig), challenge: challenge, want: ErrBadSignature},
		"receipt-signed ack": {red: Redemption{Payload: red.Payload, Signature: b64.EncodeToString(ed25519.Sign(key, append([]byte(SignContext), raw...)))}, challenge: challenge, want: ErrBadSignature},
		"extra field": {red: func() Redemption {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			m["decision"] = "approved_once"
			b, _ := json.Marshal(m)
			return Redemption(signEnvelope(key, RedemptionContext, b))
		}(), challenge: challenge, want: ErrMalformed},
		"not canonical": {red: Redemption(signEnvelope(key, RedemptionContext, []byte(strings.Replace(string(raw), `"v":1`, `"v":1 `, 1)))), challenge: challenge, want: ErrMalformed},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := VerifyRedemption(pub, c.red, p, c.challenge); !errors.Is(err, c.want) {
				t.Fatalf("VerifyRedemption = %v, want %v", err, c.want)
			}
		})
	}
	if _, err := SignRedemption(key, RedemptionPayload{RequestID: "r", ReceiptNonce: nonce, Challenge: "short", RedeemedAt: at, AuditHead: good.AuditHead}); !errors.Is(err, ErrMalformed) {
		t.Fatalf("SignRedemption with a bad challenge = %v", err)
	}
	if _, err := SignRedemption(key, RedemptionPayload{RequestID: "r", ReceiptNonce: nonce, Challenge: challenge, RedeemedAt: at}); !errors.Is(err, ErrMalformed) {
		t.Fatalf("SignRedemption without an audit head = %v", err)
	}
}
