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
		name   string
		edit   func(p *receipt.Payload)
		setup  func(s *approvaltest.Service, g *Gate)
		url    func(s *approvaltest.Service) string
		twice  bool
		kind   Kind  // 0: admitted
		cause  error // the receipt sentinel the refusal wraps, if any
		status int   // the service's status, for ServiceRefused
	}{
		{name: "admitted"},
		{name: "another plan", edit: func(p *receipt.Payload) { p.PlanHash = strings.Replace(planHash, "1", "2", 1) }, kind: NotAdmitted, cause: receipt.ErrPlanMismatch},
		{name: "another build", edit: func(p *receipt.Payload) { p.BuildID = strings.Replace(buildID, "b", "c", 1) }, kind: NotAdmitted, cause: receipt.ErrBuildMismatch},
		{name: "another target", edit: func(p *receipt.Payload) { p.Target = "other" }, kind: NotAdmitted, cause: receipt.ErrTargetMismatch},
		{name: "expired", edit: func(p *receipt.Payload) {
			p.IssuedAt, p.ExpiresAt = time.Now().Add(-time.Hour), time.Now().Add(-time.Minute)
		}, kind: NotAdmitted, cause: receipt.ErrExpired},
		{name: "rejected decision", edit: func(p *receipt.Payload) { p.Decision = "rejected" }, kind: NotAdmitted, cause: receipt.ErrNotApproved},
		{name: "signed by another key", setup: func(s *approvaltest.Service, g *Gate) { s.SignWith = otherKey }, kind: NotAdmitted, cause: receipt.ErrBadSignature},
		{name: "already redeemed", twice: true, kind: ServiceRefused, status: 409},
		{name: "unreachable", url: func(*approvaltest.Service) string { return "http://127.0.0.1:1" }, kind: Unreachable},
		{name: "not http", url: func(*approvaltest.Service) string { return "file:///etc" }, kind: BadServiceURL},
		{name: "bad embedded key", setup: func(s *approvaltest.Service, g *Gate) { g.PublicKey = "AAAA" }, kind: KeyUnusable, cause: receipt.ErrBadKey},
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
			if c.kind == 0 {
				if err != nil || id != "req_1" {
					t.Fatalf("Admit = %q, %v", id, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Kind != c.kind || c.cause != nil && !errors.Is(err, c.cause) || e.Status != c.status || id != "" {
				t.Fatalf("Admit = %q, %v; want a %v *Error (cause %v, status %d)", id, err, c.kind, c.cause, c.status)
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
	id, err := g.Admit(context.Background(), file, "http://127.0.0.1:9")
	var e *Error
	var re *receipt.Error
	if !errors.As(err, &e) || e.Kind != BadAcknowledgement || !errors.Is(err, receipt.ErrRedemptionMismatch) || !errors.As(err, &re) || re.Field != "challenge" || id != "" {
		t.Fatalf("Admit = %q, %v; want a bad acknowledgement for another challenge", id, err)
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
