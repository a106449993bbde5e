package redeem

import (
	"context"
	"crypto/ed25519"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

const planHash = "sha256:0000000000000000000000000000000000000000000000000000000000000001"

// buildID is the build identity the gate embeds.
const buildID = "sha256:b000000000000000000000000000000000000000000000000000000000000001"

// TestAdmit: one honest admission, then every refusal the gate owns.
func TestAdmit(t *testing.T) {
	_, otherKey, _ := ed25519.GenerateKey(nil)
	cases := []struct {
		name    string
		edit    func(p *receipt.Payload)
		setup   func(s *approvaltest.Service, g *Gate)
		url     func(s *approvaltest.Service) string
		twice   bool
		wantErr string
	}{
		{name: "admitted"},
		{name: "another plan", edit: func(p *receipt.Payload) { p.PlanHash = strings.Replace(planHash, "1", "2", 1) }, wantErr: "plan hash mismatch"},
		{name: "another build", edit: func(p *receipt.Payload) { p.BuildID = strings.Replace(buildID, "b", "c", 1) }, wantErr: "build identity mismatch"},
		{name: "another target", edit: func(p *receipt.Payload) { p.Target = "other" }, wantErr: "target mismatch"},
		{name: "expired", edit: func(p *receipt.Payload) {
			p.IssuedAt, p.ExpiresAt = time.Now().Add(-time.Hour), time.Now().Add(-time.Minute)
		}, wantErr: "expired"},
		{name: "rejected decision", edit: func(p *receipt.Payload) { p.Decision = "rejected" }, wantErr: "does not authorise"},
		{name: "signed by another key", setup: func(s *approvaltest.Service, g *Gate) { s.SignWith = otherKey }, wantErr: "bad signature"},
		{name: "already redeemed", twice: true, wantErr: "409"},
		{name: "unreachable", url: func(*approvaltest.Service) string { return "http://127.0.0.1:1" }, wantErr: "did not answer"},
		{name: "not http", url: func(*approvaltest.Service) string { return "file:///etc" }, wantErr: "want http or https"},
		{name: "bad embedded key", setup: func(s *approvaltest.Service, g *Gate) { g.PublicKey = "AAAA" }, wantErr: "embedded approval key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := approvaltest.New(t)
			g := &Gate{PlanHash: planHash, Target: "main", PublicKey: s.PublicKey(), BuildID: buildID}
			if c.setup != nil {
				c.setup(s, g)
			}
			p := s.Payload("req_1", approvaltest.Binding{PlanHash: planHash, BuildID: buildID, Target: "main"}, "approved_once")
			if c.edit != nil {
				c.edit(&p)
			}
			file := writeReceipt(t, s.Sign(p))
			url := s.URL()
			if c.url != nil {
				url = c.url(s)
			}
			id, err := g.Admit(context.Background(), file, url)
			if c.twice && err == nil {
				id, err = g.Admit(context.Background(), file, url)
			}
			if c.wantErr == "" {
				if err != nil || id != "req_1" {
					t.Fatalf("Admit = %q, %v", id, err)
				}
				return
			}
			var e *Error
			if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), c.wantErr) || id != "" {
				t.Fatalf("Admit = %q, %v; want a *Error containing %q", id, err, c.wantErr)
			}
		})
	}
}

// TestForgedAcknowledgement: a service that answers 200 with an
// acknowledgement for another challenge (a replay) does not admit.
func TestForgedAcknowledgement(t *testing.T) {
	s := approvaltest.New(t)
	p := s.Payload("req_1", approvaltest.Binding{PlanHash: planHash, BuildID: buildID, Target: "main"}, "approved_once")
	file := writeReceipt(t, s.Sign(p))
	stale, _ := receipt.NewChallenge()
	red, err := receipt.SignRedemption(s.Priv, receipt.RedemptionPayload{RequestID: "req_1", ReceiptNonce: p.Nonce, Challenge: stale, RedeemedAt: time.Now(), AuditHead: "1:" + strings.Repeat("0", 64)})
	if err != nil {
		t.Fatal(err)
	}
	g := &Gate{PlanHash: planHash, Target: "main", PublicKey: s.PublicKey(), BuildID: buildID, client: &http.Client{Transport: replay{red}}}
	if id, err := g.Admit(context.Background(), file, "http://127.0.0.1:9"); err == nil || !strings.Contains(err.Error(), "challenge") {
		t.Fatalf("Admit = %q, %v", id, err)
	}
}

type replay struct{ red receipt.Redemption }

func (r replay) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := newRecorder()
	rec.json(map[string]any{"redemption": r.red})
	return rec.response(req), nil
}

func writeReceipt(t *testing.T, r receipt.Receipt) string {
	t.Helper()
	data := []byte(`{"payload":"` + r.Payload + `","signature":"` + r.Signature + `","key_id":"` + r.KeyID + `"}`)
	path := filepath.Join(t.TempDir(), "receipt.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
