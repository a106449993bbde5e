package approvaltest

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Submission is what a client submitted: the API's own type (package
// wire), so the fake reads exactly what the real service reads.
type Submission = wire.Submission

// RunResult is the answer of POST /api/requests/{id}/run (package wire).
type RunResult = wire.RunResult

// Binding is what a receipt binds: the plan, the build identity, the
// target and the guarantees. BuildID empty binds the Identify hook's
// identity, or FakeBuildID without one.
type Binding struct {
	PlanHash   string
	BuildID    string
	Target     string
	Guarantees []string
}

// bindingOf is the binding an honest service gives a submission.
func bindingOf(sub Submission) Binding {
	b := Binding{PlanHash: sub.PlanHash, Target: sub.Target}
	for _, g := range sub.Guarantees {
		b.Guarantees = append(b.Guarantees, g.Source)
	}
	return b
}

// Decision is how the fake answers a request's wait: the status and
// reason, and the receipt payload to sign for an approval. Edit, when
// set, changes the signed payload (another plan, target, expiry...).
type Decision struct {
	Status string
	Reason string
	Edit   func(p *receipt.Payload)
}

// Service is a fake approval service. Fields are set before the first
// request; Submissions and Redemptions are read after.
type Service struct {
	t      testing.TB
	Server *httptest.Server
	Priv   ed25519.PrivateKey
	Pub    ed25519.PublicKey

	// Decide answers a submission (default: approved_once, no edit).
	Decide func(Submission) Decision
	// SignWith, when set, signs receipts and redemptions with another key.
	SignWith ed25519.PrivateKey
	// Wait, when set, replaces the wait answer: it writes the raw answer
	// for the request id (500s, malformed JSON, another request's status).
	Wait func(w http.ResponseWriter, id string, status map[string]any)
	// AlreadyRedeemed marks every receipt redeemed as it is issued, as if
	// another run had redeemed it first.
	AlreadyRedeemed bool
	// Run builds and runs an approved request (fakerun.Attach sets it).
	Run func(ctx context.Context, sub Submission, rc receipt.Receipt) (RunResult, error)
	// Identify computes the build identity an approval's receipt binds, as
	// the real service does when it proves a plan (fakerun.Attach sets
	// it); without it receipts bind FakeBuildID.
	Identify func(sub Submission) (string, error)

	mu          sync.Mutex
	next        int
	subs        map[string]Submission
	nonces      map[string]string // request id -> receipt nonce
	receipts    map[string]receipt.Receipt
	redeemed    map[string]bool // receipt nonce -> redeemed
	Redemptions int
}

// Key is the fake service's fixed signing key: a fixed key keeps the
// sealed binaries built for it (the key is embedded and hashed) cached
// across tests. A test of another key uses SignWith.
func Key() ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed([]byte("clauz3 approvaltest fixed seed!!"))
}

// New starts a fake service on loopback, closed when the test ends.
func New(t testing.TB) *Service {
	priv := Key()
	pub := priv.Public().(ed25519.PublicKey)
	s := &Service{t: t, Priv: priv, Pub: pub, subs: map[string]Submission{}, nonces: map[string]string{}, redeemed: map[string]bool{}, receipts: map[string]receipt.Receipt{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/key", func(w http.ResponseWriter, r *http.Request) {
		a := wire.KeyAnswer{KeyID: receipt.KeyID(pub), PublicKey: receipt.EncodePublicKey(pub)}
		if c := r.URL.Query().Get("challenge"); c != "" {
			// As the real service: the key's holder signs the challenge
			// (approval's key handler).
			raw, err := base64.RawURLEncoding.DecodeString(c)
			sig, serr := receipt.ProvePossession(priv, raw)
			if err != nil || serr != nil {
				writeJSON(w, 400, map[string]string{"error": "malformed challenge"})
				return
			}
			a.Challenge, a.Signature = c, sig
		}
		writeJSON(w, 200, a)
	})
	mux.HandleFunc("POST /api/requests", s.submit)
	mux.HandleFunc("GET /api/requests/{id}/wait", s.wait)
	mux.HandleFunc("POST /api/receipts/redeem", s.redeem)
	mux.HandleFunc("POST /api/requests/{id}/run", s.run)
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Server.Close)
	return s
}

// MarkRedeemed records nonce as redeemed, as a previous run would have.
func (s *Service) MarkRedeemed(nonce string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.redeemed[nonce] = true
}

// WriteJSON writes v as a 200 JSON answer (for Wait hooks).
func WriteJSON(w http.ResponseWriter, v any) { writeJSON(w, http.StatusOK, v) }

// URL is the service's base URL.
func (s *Service) URL() string { return s.Server.URL }

// PublicKey is the service's key as the discovery file pins it.
func (s *Service) PublicKey() string { return receipt.EncodePublicKey(s.Pub) }

// Submissions returns what was submitted, by request id.
func (s *Service) Submissions() map[string]Submission {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Submission{}
	for k, v := range s.subs {
		out[k] = v
	}
	return out
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func (s *Service) submit(w http.ResponseWriter, r *http.Request) {
	var sub Submission
	// Strict as the real service: a client sending a field the API does
	// not have is refused here too.
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sub); err != nil {
		writeJSON(w, 400, wire.Error{Error: err.Error(), Code: wire.CodeMalformed})
		return
	}
	s.mu.Lock()
	s.next++
	id := fmt.Sprintf("req_%04d", s.next)
	s.subs[id] = sub
	s.mu.Unlock()
	writeJSON(w, 201, wire.Submitted{ID: id, Status: wire.StatusPending, UI: s.URL() + "/ui/requests/" + id})
}

// Sign signs p with the service's signing key (SignWith if set).
func (s *Service) Sign(p receipt.Payload) receipt.Receipt {
	key := s.Priv
	if s.SignWith != nil {
		key = s.SignWith
	}
	rc, err := receipt.Sign(key, p)
	if err != nil {
		s.t.Errorf("approvaltest: signing: %v", err)
	}
	return rc
}

// Payload is the receipt payload an honest service issues for id,
// binding b.
func (s *Service) Payload(id string, b Binding, decision string) receipt.Payload {
	nonce, err := receipt.NewNonce()
	if err != nil {
		s.t.Errorf("approvaltest: %v", err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	buildID := b.BuildID
	if buildID == "" {
		buildID = FakeBuildID
	}
	return receipt.Payload{RequestID: id, PlanHash: b.PlanHash, BuildID: buildID, Target: b.Target, Guarantees: b.Guarantees,
		Decision: decision, IssuedAt: now.Add(-time.Second), ExpiresAt: now.Add(15 * time.Minute), Nonce: nonce, AuditHead: FakeAuditHead}
}

// FakeBuildID is the build identity this fake's receipts bind when no
// Identify hook computes one: well formed, the identity of no binary.
const FakeBuildID = "sha256:0000000000000000000000000000000000000000000000000000000000000002"

// FakeAuditHead is the audit head this fake's receipts and redemptions
// carry: well formed, naming no real chain (the fake keeps no audit log).
const FakeAuditHead = "1:0000000000000000000000000000000000000000000000000000000000000001"

// ReceiptFile writes, in a fresh temporary directory, the file a sealed
// binary reads with --receipt: an approved_once receipt for request req_1
// binding planHash, the binary's build identity buildID and target,
// signed by this service.
func (s *Service) ReceiptFile(planHash, buildID, target string) string {
	r := s.Sign(s.Payload("req_1", Binding{PlanHash: planHash, BuildID: buildID, Target: target}, "approved_once"))
	data, err := json.Marshal(r)
	if err != nil {
		s.t.Fatalf("approvaltest: %v", err)
	}
	path := filepath.Join(s.t.TempDir(), "receipt.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		s.t.Fatalf("approvaltest: %v", err)
	}
	return path
}

func (s *Service) wait(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	sub, ok := s.subs[id]
	s.mu.Unlock()
	if !ok {
		writeJSON(w, 404, wire.Error{Error: "no request " + id, Code: wire.CodeNotFound})
		return
	}
	d := Decision{Status: wire.StatusApprovedOnce}
	if s.Decide != nil {
		d = s.Decide(sub)
	}
	st := wire.Status{ID: id, Status: d.Status, Reason: d.Reason, DecidedBy: "human"}
	if wire.Approved(d.Status) || d.Edit != nil {
		b := bindingOf(sub)
		if s.Identify != nil {
			var err error
			if b.BuildID, err = s.Identify(sub); err != nil {
				s.t.Errorf("approvaltest: build identity: %v", err)
			}
		}
		p := s.Payload(id, b, d.Status)
		if d.Edit != nil {
			d.Edit(&p)
		}
		s.mu.Lock()
		s.nonces[id] = p.Nonce
		if s.AlreadyRedeemed {
			s.redeemed[p.Nonce] = true
		}
		rc := s.Sign(p)
		s.receipts[id] = rc
		s.mu.Unlock()
		st.Receipt = &rc
	}
	if s.Wait != nil {
		// The hook edits the answer as a map, to send what no honest
		// service would (a missing field, a wrong type).
		var status map[string]any
		data, _ := json.Marshal(st)
		if err := json.Unmarshal(data, &status); err != nil {
			s.t.Errorf("approvaltest: %v", err)
		}
		if st.Receipt != nil {
			status["receipt"] = *st.Receipt // the hook may edit it as a receipt
		}
		s.Wait(w, id, status)
		return
	}
	writeJSON(w, 200, st)
}

func (s *Service) redeem(w http.ResponseWriter, r *http.Request) {
	var body wire.RedeemBody
	// Strict as the real service: the sealed binary's own copy of this
	// body (securitymod/redeem) is held to wire.RedeemBody here.
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		writeJSON(w, 400, wire.Error{Error: err.Error(), Code: wire.CodeMalformed})
		return
	}
	// The fake verifies with its own key like the real service; it does
	// not check plan or target (the binary must).
	p, err := receipt.Verify(s.Pub, body.Receipt)
	if err != nil && s.SignWith != nil {
		p, err = receipt.Verify(s.SignWith.Public().(ed25519.PublicKey), body.Receipt)
	}
	if err != nil {
		writeJSON(w, 403, wire.Error{Error: err.Error(), Code: wire.CodeReceiptInvalid})
		return
	}
	s.mu.Lock()
	if s.redeemed[p.Nonce] {
		s.mu.Unlock()
		writeJSON(w, 409, wire.Error{Error: "receipt already redeemed", Code: wire.CodeAlreadyRedeemed})
		return
	}
	s.redeemed[p.Nonce] = true
	s.Redemptions++
	s.mu.Unlock()
	key := s.Priv
	if s.SignWith != nil {
		key = s.SignWith
	}
	red, err := receipt.SignRedemption(key, receipt.RedemptionPayload{RequestID: p.RequestID, ReceiptNonce: p.Nonce,
		Challenge: body.Challenge, RedeemedAt: time.Now(), AuditHead: FakeAuditHead})
	if err != nil {
		writeJSON(w, 400, wire.Error{Error: strings.TrimSpace(err.Error()), Code: wire.CodeMalformed})
		return
	}
	writeJSON(w, 200, wire.RedeemAnswer{Redemption: red})
}

// run answers POST /api/requests/{id}/run for an approved request with
// the Run hook (package approvaltest/fakerun builds and runs as the real
// service does); without one the fake runs nothing.
func (s *Service) run(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	sub, ok := s.subs[id]
	rc, approved := s.receipts[id]
	s.mu.Unlock()
	if !ok || !approved {
		writeJSON(w, 404, wire.Error{Error: "no approved request " + id, Code: wire.CodeNotFound})
		return
	}
	if s.Run == nil {
		writeJSON(w, 501, wire.Error{Error: "approvaltest: no Run hook: this fake runs nothing", Code: wire.CodeRunsNothing})
		return
	}
	res, err := s.Run(r.Context(), sub, rc)
	if err != nil {
		writeJSON(w, 422, wire.Error{Error: err.Error(), Code: wire.CodeRunFailed})
		return
	}
	res.ID = id
	writeJSON(w, 200, res)
}
