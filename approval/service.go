package approval

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// MaxBody is the largest request body the service reads.
const MaxBody = 1 << 20

// MaxWait is the longest long-poll a client may ask for.
const MaxWait = 120 * time.Second

// DefaultReceiptTTL is how long a receipt stays valid after its decision.
const DefaultReceiptTTL = 15 * time.Minute

const maxReason = 4096

// Config is what New needs. Store, Key, SessionSecret, Addr and Reprove
// are required.
type Config struct {
	// Addr is the service's own host:port as clients reach it; a request
	// whose Host (or Origin, when present) names anything else is refused.
	Addr          string
	Store         *Store
	Key           ed25519.PrivateKey
	SessionSecret []byte // at least 32 bytes
	Reprove       Reprove
	Decide        Decide // optional approval policy
	ReceiptTTL    time.Duration
	Now           func() time.Time
	Version       string
	// PasswordHash is the human's password as an argon2id PHC string
	// (HashPassword), set at `clauz3 service init`: the only way to a
	// session. Required.
	PasswordHash string
	// Execute builds and runs an approved plan (POST
	// /api/requests/{id}/run); nil answers 501: such a service approves
	// but runs nothing.
	Execute Execute
	// Dev marks a same-user development instance; the login page says
	// that it does not protect against a hostile agent.
	Dev bool
	// ClientGrace is how long a pending request outlives its client's
	// last long-poll (default DefaultClientGrace); then it expires.
	ClientGrace time.Duration
}

// Service is the approval service's HTTP side.
type Service struct {
	cfg      Config
	pub      ed25519.PublicKey
	sessions sessions
	waiters  waiters
	started  time.Time
	runs     runs
}

// New checks cfg and makes a service.
func New(cfg Config) (*Service, error) {
	switch {
	case cfg.Store == nil:
		return nil, errors.New("approval: no store")
	case len(cfg.Key) != ed25519.PrivateKeySize:
		return nil, fmt.Errorf("approval: signing key is %d bytes, want %d", len(cfg.Key), ed25519.PrivateKeySize)
	case len(cfg.SessionSecret) < 32:
		return nil, fmt.Errorf("approval: session secret is %d bytes, want at least 32", len(cfg.SessionSecret))
	case cfg.Reprove == nil:
		return nil, errors.New("approval: no Reprove: the service shows only what it proved itself")
	}
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil || host == "" || port == "" || port == "0" {
		return nil, fmt.Errorf("approval: address %q is not host:port", cfg.Addr)
	}
	if cfg.ReceiptTTL <= 0 {
		cfg.ReceiptTTL = DefaultReceiptTTL
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.ClientGrace <= 0 {
		cfg.ClientGrace = DefaultClientGrace
	}
	s := &Service{cfg: cfg, pub: cfg.Key.Public().(ed25519.PublicKey), started: cfg.Now()}
	cfg.Store.SetAuditKey(cfg.Key) // every audit row is signed by the service key
	if err := s.sessions.init(cfg.SessionSecret, SessionCookieName(s.pub), cfg.PasswordHash); err != nil {
		return nil, err
	}
	s.waiters.m, s.waiters.seen = map[string]*waiter{}, map[string]time.Time{}
	s.runs.m = map[string]bool{}
	return s, nil
}

// URL is the service's base URL.
func (s *Service) URL() string { return "http://" + s.cfg.Addr }

// LoginURL is the login page, where the human gives the password.
func (s *Service) LoginURL() string { return s.URL() + "/login" }

// CookieName is this instance's session cookie name.
func (s *Service) CookieName() string { return s.sessions.cookie }

// PublicKey is the receipt verification key.
func (s *Service) PublicKey() ed25519.PublicKey { return s.pub }

// Handler serves the API and the UI.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", s.method("GET", s.health))
	mux.HandleFunc("/api/key", s.method("GET", s.key))
	mux.HandleFunc("/api/requests", func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case "POST":
			s.submit(w, r)
		case "GET":
			s.list(w, r)
		default:
			fail(w, http.StatusMethodNotAllowed, wire.CodeMethodNotAllowed, r.Method+" is not allowed here")
		}
	})
	mux.HandleFunc("/api/requests/{id}", s.method("GET", s.get))
	mux.HandleFunc("/api/requests/{id}/wait", s.method("GET", s.wait))
	mux.HandleFunc("/api/requests/{id}/decision", s.method("POST", s.decision))
	mux.HandleFunc("/api/receipts/redeem", s.method("POST", s.redeem))
	mux.HandleFunc("/api/requests/{id}/run", s.method("POST", s.run))
	mux.HandleFunc("/login", s.login)
	mux.HandleFunc("/api/session", s.method("GET", s.session))
	mux.HandleFunc("/{$}", s.method("GET", s.listPage))
	mux.HandleFunc("/ui/requests/{id}", s.method("GET", s.requestPage))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, wire.CodeNotFound, "no such endpoint: "+r.URL.Path)
	})
	return s.guard(mux)
}

func (s *Service) method(m string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != m {
			w.Header().Set("Allow", m)
			fail(w, http.StatusMethodNotAllowed, wire.CodeMethodNotAllowed, r.Method+" is not allowed here, only "+m)
			return
		}
		h(w, r)
	}
}

// guard refuses a foreign Host or Origin (DNS rebinding, cross-site
// posts) before any handler runs, and sets headers every answer needs.
func (s *Service) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		// same-origin, not no-referrer: under no-referrer a browser
		// sends "Origin: null" with the decision form's POST, which the
		// Origin check below (rightly) refuses, so no human could decide.
		// Found by runner's chromedp test.
		h.Set("Referrer-Policy", "same-origin")
		reason := ""
		if r.Host != s.cfg.Addr {
			reason = fmt.Sprintf("Host %q is not this service (%s)", r.Host, s.cfg.Addr)
		} else if o := r.Header.Values("Origin"); len(o) > 1 || len(o) == 1 && o[0] != s.URL() {
			reason = fmt.Sprintf("Origin %q is not this service (%s)", strings.Join(o, ", "), s.URL())
		}
		if reason != "" {
			s.refuse(w, r, http.StatusForbidden, wire.CodeForeignOrigin, "request.forbidden", "", "client:"+r.RemoteAddr, reason)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type errorBody = wire.Error

// fail answers an error body: status is the HTTP status, code the
// body's stable kind (a client decides by it, not by the words).
func fail(w http.ResponseWriter, status int, code wire.ErrorCode, reason string) {
	answer(w, status, errorBody{Error: reason, Code: code})
}

func answer(w http.ResponseWriter, code int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		code, data = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed","code":"`+string(wire.CodeInternal)+`"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	// A failed write means the client is gone; what the answer reports
	// is already committed and audited, and a client that never read it
	// acknowledged nothing.
	w.Write(append(data, '\n'))
}

// record appends one audit row for an event that changes no other state
// (a refusal, a login). id is kept only when it has the shape of a
// request id: anything else came from a URL and goes in the detail.
func (s *Service) record(ctx context.Context, kind, id, actor, detail string) error {
	if !validRequestID(id) {
		id = ""
	}
	err := s.cfg.Store.Audit(context.WithoutCancel(ctx), audit.Event{At: s.cfg.Now(), Kind: kind, RequestID: id, Actor: actor, Detail: detail})
	if err != nil {
		return fmt.Errorf("recording it in the audit log failed: %w", err)
	}
	return nil
}

// refuse audits a refusal and answers it; an audit failure turns the
// answer into a 500 that says so (still a refusal, never a pass).
func (s *Service) refuse(w http.ResponseWriter, r *http.Request, status int, code wire.ErrorCode, kind, id, actor, reason string) {
	detail := fmt.Sprintf("%s %s: %s", r.Method, r.URL.Path, reason)
	if err := s.record(r.Context(), kind, id, actor, detail); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, reason+"; "+err.Error())
		return
	}
	fail(w, status, code, reason)
}

// validRequestID reports whether id has the shape newRequestID makes.
func validRequestID(id string) bool {
	h, ok := strings.CutPrefix(id, "req_")
	if !ok || len(h) != 24 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && strings.ToLower(h) == h
}

// decodeJSON reads a JSON body strictly: the content type, the size limit,
// no unknown fields, one value.
func decodeJSON(w http.ResponseWriter, r *http.Request, into any) (int, string) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return http.StatusBadRequest, "the body must be application/json"
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return http.StatusBadRequest, fmt.Sprintf("the body is larger than %d bytes", MaxBody)
		}
		return http.StatusBadRequest, "reading the body: " + err.Error()
	}
	if !utf8.Valid(body) {
		return http.StatusBadRequest, "the body is not valid UTF-8"
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return http.StatusBadRequest, "malformed JSON body: " + err.Error()
	}
	if _, err := dec.Token(); err != io.EOF {
		return http.StatusBadRequest, "malformed JSON body: data after the first value"
	}
	return 0, ""
}

func (s *Service) health(w http.ResponseWriter, r *http.Request) {
	answer(w, http.StatusOK, wire.Health{Status: "ok", Version: s.cfg.Version})
}

func (s *Service) key(w http.ResponseWriter, r *http.Request) {
	a := KeyAnswer{KeyID: receipt.KeyID(s.pub), PublicKey: receipt.EncodePublicKey(s.pub)}
	if c := r.URL.Query().Get("challenge"); c != "" {
		// Proof of possession for a client that pinned this key: it
		// signs only the client's challenge under its own context, so
		// the answer is worth nothing as a receipt or an audit row.
		raw, err := base64.RawURLEncoding.DecodeString(c)
		if err != nil || len(raw) != receipt.ChallengeSize {
			fail(w, http.StatusBadRequest, wire.CodeMalformed, fmt.Sprintf("challenge must be %d bytes of base64url without padding", receipt.ChallengeSize))
			return
		}
		sig, err := receipt.ProvePossession(s.cfg.Key, raw)
		if err != nil {
			fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
			return
		}
		a.Challenge, a.Signature = c, sig
	}
	answer(w, http.StatusOK, a)
}

func newRequestID() (string, error) {
	var b [12]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return "", fmt.Errorf("approval: reading random bytes: %w", err)
	}
	return "req_" + hex.EncodeToString(b[:]), nil
}

func checkSubmission(sub Submission) string {
	switch {
	case sub.PlanName == "" || len(sub.PlanName) > 256 || !shownAsIs(sub.PlanName):
		return "plan_name must be 1-256 characters without control, format (bidirectional, zero-width) or non-ASCII space characters"
	case sub.PlanSource == "":
		return "plan_source is empty"
	case !receipt.ValidPlanHash(sub.PlanHash):
		return fmt.Sprintf("plan_hash %q is not sha256:<64 lowercase hex>", sub.PlanHash)
	case sub.Target == "" || len(sub.Target) > 256 || !shownAsIs(sub.Target):
		return "target must be 1-256 characters without control, format (bidirectional, zero-width) or non-ASCII space characters"
	case len(sub.Inputs) > 64:
		return "more than 64 inputs"
	}
	if _, err := clientkey.ParsePublic(sub.ClientKey); err != nil {
		return err.Error() + ": a submission carries its client's public key, and only that client is answered"
	}
	for _, in := range sub.Inputs {
		if name, _, ok := strings.Cut(in, "="); !ok || name == "" || len(in) > 64<<10 || strings.ContainsFunc(name, isControl) {
			return fmt.Sprintf("input %.40q is not name=JSON", in)
		}
	}
	return ""
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// shownAsIs reports whether s has no character the card would show as
// ⟨U+XXXX⟩ (card.Visible: control, format such as a bidirectional
// override or a zero-width space, non-ASCII space). The plan name and the
// target head the card page, the list and the terminal card as they are,
// so such a character, which could reorder or hide the text around it
// (attack U2), is refused there.
func shownAsIs(s string) bool { return card.Visible(s) == s }

// proofReason is why the service's own proof does not let it show a
// submission to the human, or "".
func proofReason(sub Submission, p Proof) string {
	switch {
	case p.PlanHash != sub.PlanHash:
		return fmt.Sprintf("plan_hash: the service computes %s, the submission says %s", p.PlanHash, sub.PlanHash)
	case p.Target != sub.Target:
		return fmt.Sprintf("target: the service proved %q, the submission says %q", p.Target, sub.Target)
	}
	for _, g := range p.Guarantees {
		if g.Source == "" {
			return "a guarantee without source text"
		}
	}
	for _, c := range p.Coverage {
		if c.Status == "required_gap" {
			return fmt.Sprintf("coverage: domain %s misses required contracts %s", c.Domain, strings.Join(c.Missing, ", "))
		}
	}
	return ""
}

func (s *Service) submit(w http.ResponseWriter, r *http.Request) {
	const actor = "runner"
	var sub Submission
	if code, reason := decodeJSON(w, r, &sub); code != 0 {
		s.refuse(w, r, code, wire.CodeMalformed, "request.malformed", "", actor, reason)
		return
	}
	if reason := checkSubmission(sub); reason != "" {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "request.malformed", "", actor, reason)
		return
	}
	id, err := newRequestID()
	if err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	raw, err := json.Marshal(sub)
	if err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "encoding the submission: "+err.Error())
		return
	}
	now := s.cfg.Now()
	rec := Record{ID: id, CreatedAt: now, PlanName: sub.PlanName, PlanHash: sub.PlanHash, Target: sub.Target, PlanSource: sub.PlanSource, Submitted: raw}
	detail, _ := json.Marshal(map[string]any{"plan_name": sub.PlanName, "plan_hash": sub.PlanHash, "target": sub.Target})
	submitted := audit.Event{At: now, Kind: "request.submitted", RequestID: id, Actor: actor, Detail: string(detail)}

	proof, err := s.cfg.Reprove(r.Context(), sub.PlanName, []byte(sub.PlanSource), sub.Target)
	reason := ""
	if err != nil {
		reason = "the service's own proof does not hold: " + err.Error()
	} else if why := proofReason(sub, proof); why != "" {
		reason = "the service's own proof does not match the submission: " + why
	}
	if reason != "" {
		d := Decision{Decision: StatusRefused, Reason: reason, DecidedBy: "service", DecidedAt: now}
		refused := audit.Event{At: now, Kind: "request.refused", RequestID: id, Actor: "service", Detail: reason}
		if err := s.cfg.Store.Insert(context.WithoutCancel(r.Context()), rec, &d, nil, submitted, refused); err != nil {
			fail(w, http.StatusInternalServerError, wire.CodeInternal, reason+"; recording the refusal failed: "+err.Error())
			return
		}
		answer(w, http.StatusUnprocessableEntity, errorBody{Error: reason, Code: wire.CodeNotProved, ID: id})
		return
	}
	if proof.Card != nil {
		// The inputs of this run go on the card (and their text is
		// checked like any other the human reads).
		proof.Card.Fill(sub.Inputs)
	}
	rec.View = View{Guarantees: nonNil(proof.Guarantees), Assumes: proof.Assumes, ProofSummary: proof.ProofSummary, Coverage: nonNil(proof.Coverage), CoverageChecked: proof.CoverageChecked, Card: proof.Card, BuildIdentity: proof.BuildIdentity}
	if rec.View.ProofSummary.Obligations == nil {
		rec.View.ProofSummary.Obligations = []string{}
	}
	events := []audit.Event{submitted}
	var d *Decision
	var issue IssueFunc
	if s.cfg.Decide != nil {
		decision, rule, why, err := s.cfg.Decide(r.Context(), proof)
		switch {
		case err != nil:
			events = append(events, audit.Event{At: now, Kind: "policy.error", RequestID: id, Actor: "service", Detail: "asking the human: " + err.Error()})
		case decision == StatusAutoApproved || decision == StatusAutoRejected:
			d = &Decision{Decision: decision, Reason: why, DecidedBy: "policy:" + rule, DecidedAt: now}
			events = append(events, audit.Event{At: now, Kind: "decision." + decision, RequestID: id, Actor: d.DecidedBy, Detail: why})
			if decision == StatusAutoApproved {
				issue = func(rec Record, head string) (*receipt.Receipt, *receipt.Payload, error) {
					return s.issue(rec, decision, now, head)
				}
			}
		case decision != "":
			events = append(events, audit.Event{At: now, Kind: "policy.error", RequestID: id, Actor: "service", Detail: fmt.Sprintf("asking the human: rule %q answered unknown decision %q", rule, decision)})
		}
	}
	if err := s.cfg.Store.Insert(context.WithoutCancel(r.Context()), rec, d, issue, events...); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "recording the request failed: "+err.Error())
		return
	}
	status := StatusPending
	if d != nil {
		status = d.Decision
	}
	answer(w, http.StatusCreated, Submitted{ID: id, Status: status, UI: s.URL() + "/ui/requests/" + id})
}

func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// issue signs the receipt of an approving decision on rec, recording the
// audit head the store names.
func (s *Service) issue(rec Record, decision string, now time.Time, auditHead string) (*receipt.Receipt, *receipt.Payload, error) {
	nonce, err := receipt.NewNonce()
	if err != nil {
		return nil, nil, err
	}
	gs := make([]string, len(rec.View.Guarantees))
	for i, g := range rec.View.Guarantees {
		gs[i] = g.Source
	}
	// The receipt binds the build identity the service computed when it
	// proved the plan, never one a client sent.
	if !receipt.ValidPlanHash(rec.View.BuildIdentity) {
		return nil, nil, fmt.Errorf("approval: request %s has no build identity to bind; no receipt", rec.ID)
	}
	issued := now.UTC().Truncate(time.Second)
	p := receipt.Payload{
		RequestID: rec.ID, PlanHash: rec.PlanHash, BuildID: rec.View.BuildIdentity, Target: rec.Target, Guarantees: gs, Decision: decision,
		IssuedAt: issued, ExpiresAt: issued.Add(s.cfg.ReceiptTTL), Nonce: nonce, AuditHead: auditHead,
	}
	rc, err := receipt.Sign(s.cfg.Key, p)
	if err != nil {
		return nil, nil, fmt.Errorf("approval: signing the receipt of %s: %w", rec.ID, err)
	}
	return &rc, &p, nil
}

func (s *Service) list(w http.ResponseWriter, r *http.Request) {
	sums, err := s.cfg.Store.List(r.Context(), 500)
	if err == nil {
		err = s.expireGone(r.Context(), sums)
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	out := make([]Request, 0, len(sums))
	for _, sm := range sums {
		out = append(out, Request{
			ID: sm.ID, CreatedAt: sm.CreatedAt.UTC().Format(time.RFC3339Nano), PlanName: sm.PlanName, PlanHash: sm.PlanHash, Target: sm.Target,
			Status: sm.Status, DecidedBy: sm.DecidedBy, Guarantees: []Guarantee{}, Coverage: []Coverage{},
			ProofSummary: ProofSummary{Obligations: []string{}},
		})
	}
	answer(w, http.StatusOK, wire.RequestList{Requests: out})
}

func (s *Service) lookup(w http.ResponseWriter, r *http.Request) (Entry, bool) {
	e, err := s.cfg.Store.Get(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, ErrNotFound):
		fail(w, http.StatusNotFound, wire.CodeNotFound, fmt.Sprintf("no request %q", r.PathValue("id")))
		return Entry{}, false
	case err != nil:
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return Entry{}, false
	}
	// A pending request whose client went away expires when it is
	// looked at (a long-poll of its own client is in progress, so it
	// never expires under its wait).
	if e, err = s.expireIfGone(r.Context(), e); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return Entry{}, false
	}
	return e, true
}

func requestOf(e Entry) Request {
	q := Request{
		ID: e.ID, CreatedAt: e.CreatedAt.UTC().Format(time.RFC3339Nano), PlanName: e.PlanName, PlanHash: e.PlanHash,
		Target: e.Target, Status: StatusPending, Redeemed: e.Redeemed, Guarantees: nonNil(e.View.Guarantees), Assumes: e.View.Assumes,
		ProofSummary: e.View.ProofSummary, Coverage: nonNil(e.View.Coverage), CoverageChecked: e.View.CoverageChecked, Card: e.View.Card, PlanSource: e.PlanSource, Submitted: e.Submitted,
	}
	if q.ProofSummary.Obligations == nil {
		q.ProofSummary.Obligations = []string{}
	}
	if d := e.Decision; d != nil {
		q.Status, q.Reason, q.DecidedBy, q.DecidedAt = d.Decision, d.Reason, d.DecidedBy, d.DecidedAt.UTC().Format(time.RFC3339Nano)
	}
	return q
}

func statusOf(e Entry) Status {
	st := Status{ID: e.ID, Status: StatusPending}
	if d := e.Decision; d != nil {
		st.Status, st.Reason, st.DecidedBy = d.Decision, d.Reason, d.DecidedBy
		st.Receipt = e.Receipt
	}
	return st
}

func (s *Service) get(w http.ResponseWriter, r *http.Request) {
	if e, ok := s.lookup(w, r); ok {
		answer(w, http.StatusOK, requestOf(e))
	}
}

func (s *Service) wait(w http.ResponseWriter, r *http.Request) {
	timeout := 30 * time.Second
	if v := r.URL.Query().Get("timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d > MaxWait {
			fail(w, http.StatusBadRequest, wire.CodeMalformed, fmt.Sprintf("timeout %q is not a duration in (0, %s]", v, MaxWait))
			return
		}
		timeout = d
	}
	id := r.PathValue("id")
	e, ok := s.lookup(w, r)
	if !ok {
		return
	}
	// Only the submitting client and the human are answered (E1g); a
	// refused caller never counts as one waiting.
	actor, err := s.submitter(r, e, clientkey.Wait, "", true)
	if err != nil {
		s.refuse(w, r, http.StatusForbidden, wire.CodeNotSubmitter, "wait.refused", id, actor, err.Error())
		return
	}
	// The receipt goes to the submitting client only: the human never
	// redeems one, and a browser sends the session cookie to every port
	// of this host (attack A6), so a session is no reason to hand out
	// every client's receipt.
	client := actor == submitterActor
	// Register before reading again, so a decision between the read and
	// the wait still wakes this request.
	ch, done := s.waiters.join(id)
	defer func() { done(); s.waiters.saw(id, s.cfg.Now()) }()
	if e, ok = s.lookup(w, r); !ok {
		return
	}
	if e.Decision == nil {
		t := time.NewTimer(timeout)
		defer t.Stop()
		select {
		case <-ch:
		case <-t.C:
		case <-r.Context().Done():
			// The client left, or the server is stopping: either way
			// the answer is not a status, and says so.
			fail(w, http.StatusServiceUnavailable, wire.CodeWaitEnded, "the wait ended without a decision: the service is stopping or the client went away")
			return
		}
		if e, ok = s.lookup(w, r); !ok {
			return
		}
	}
	st := statusOf(e)
	if !client {
		st.Receipt = nil
	}
	answer(w, http.StatusOK, st)
}

type decisionBody = wire.DecisionBody

func (s *Service) decision(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sess, ok := s.sessions.fromRequest(r, s.cfg.Now())
	if !ok {
		s.refuse(w, r, http.StatusUnauthorized, wire.CodeUnauthenticated, "decision.refused", id, "client:"+r.RemoteAddr, "no valid session: only the human's browser, logged in with the human's password, may decide")
		return
	}
	actor := sess.actor()
	var body decisionBody
	isForm := false
	// An unparsable Content-Type leaves mt empty: the default case refuses it.
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		if code, reason := decodeJSON(w, r, &body); code != 0 {
			s.refuse(w, r, code, wire.CodeMalformed, "decision.refused", id, actor, reason)
			return
		}
	case "application/x-www-form-urlencoded":
		isForm = true
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		if err := r.ParseForm(); err != nil {
			s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "decision.refused", id, actor, "malformed form body: "+err.Error())
			return
		}
		for k, v := range r.PostForm {
			if len(v) != 1 || k != "decision" && k != "reason" && k != "csrf" && k != "password" {
				s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "decision.refused", id, actor, fmt.Sprintf("form field %q is unknown or repeated", k))
				return
			}
		}
		body = decisionBody{Decision: r.PostForm.Get("decision"), Reason: r.PostForm.Get("reason"), CSRF: r.PostForm.Get("csrf"), Password: r.PostForm.Get("password")}
	default:
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "decision.refused", id, actor, "the body must be application/json or a form")
		return
	}
	if !sess.csrfOK(body.CSRF) {
		s.refuse(w, r, http.StatusForbidden, wire.CodeCSRF, "decision.refused", id, actor, "wrong or missing CSRF token")
		return
	}
	if !isHumanDecision(body.Decision) {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "decision.refused", id, actor, fmt.Sprintf("decision %q is not one of %s", body.Decision, strings.Join(humanDecisions, ", ")))
		return
	}
	// The session is not enough (attack A6): a browser sends its cookie
	// to every port of this host, so a page the agent serves on another
	// loopback port receives it and could read the CSRF token with it.
	// The password, given with the decision, is the human's alone.
	// A missing password is no guess at it: refused without the delay a
	// wrong one sets, so a form sent without it cannot lock the human out.
	if body.Password == "" {
		s.refuse(w, r, http.StatusForbidden, wire.CodeWrongPassword, "decision.refused", id, actor, "a decision is made with the human's password, and none was given")
		return
	}
	if err := s.sessions.checkDecision(sess, body.Password, s.cfg.Now()); err != nil {
		status, code := http.StatusForbidden, wire.CodeWrongPassword
		if _, limited := err.(errRateLimited); limited {
			status, code = http.StatusTooManyRequests, wire.CodeRateLimited
		}
		s.refuse(w, r, status, code, "decision.refused", id, actor, "a decision is made with the human's password: "+err.Error())
		return
	}
	if len(body.Reason) > maxReason || !utf8.ValidString(body.Reason) {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "decision.refused", id, actor, fmt.Sprintf("reason must be valid UTF-8 of at most %d bytes", maxReason))
		return
	}
	if e, err := s.cfg.Store.Get(r.Context(), id); err == nil {
		if e, err = s.expireIfGone(r.Context(), e); err != nil {
			fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
			return
		}
		if e.Decision != nil && e.Decision.Decision == StatusExpired {
			s.refuse(w, r, http.StatusConflict, wire.CodeExpired, "decision.refused", id, actor, "the request expired: "+e.Decision.Reason)
			return
		}
	}
	now := s.cfg.Now()
	d := Decision{Decision: body.Decision, Reason: body.Reason, DecidedBy: "human", DecidedAt: now}
	events := []audit.Event{{At: now, Kind: "decision." + body.Decision, RequestID: id, Actor: actor, Detail: body.Reason}}
	var issue IssueFunc
	if body.Decision == StatusApprovedOnce {
		issue = func(rec Record, head string) (*receipt.Receipt, *receipt.Payload, error) {
			return s.issue(rec, body.Decision, now, head)
		}
	}
	rc, err := s.cfg.Store.Decide(context.WithoutCancel(r.Context()), id, d, issue, events...)
	switch {
	case errors.Is(err, ErrNotFound):
		s.refuse(w, r, http.StatusNotFound, wire.CodeNotFound, "decision.refused", "", actor, fmt.Sprintf("no request %q", id))
		return
	case errors.Is(err, ErrAlreadyDecided):
		s.refuse(w, r, http.StatusConflict, wire.CodeAlreadyDecided, "decision.refused", id, actor, err.Error())
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	s.waiters.wake(id)
	s.waiters.forget(id)
	if isForm {
		http.Redirect(w, r, "/ui/requests/"+id, http.StatusSeeOther)
		return
	}
	answer(w, http.StatusOK, Status{ID: id, Status: d.Decision, Reason: d.Reason, DecidedBy: d.DecidedBy, Receipt: rc})
}

func (s *Service) redeem(w http.ResponseWriter, r *http.Request) {
	const actor = "redeemer"
	var body RedeemBody
	if code, reason := decodeJSON(w, r, &body); code != 0 {
		s.refuse(w, r, code, wire.CodeMalformed, "redemption.refused", "", actor, reason)
		return
	}
	if err := receipt.CheckChallenge(body.Challenge); err != nil {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "redemption.refused", "", actor, err.Error())
		return
	}
	p, err := receipt.Verify(s.pub, body.Receipt)
	if err != nil {
		s.refuse(w, r, http.StatusForbidden, wire.CodeReceiptInvalid, "redemption.refused", "", actor, err.Error())
		return
	}
	e, err := s.cfg.Store.Get(r.Context(), p.RequestID)
	switch {
	case errors.Is(err, ErrNotFound):
		s.refuse(w, r, http.StatusForbidden, wire.CodeReceiptUnknown, "redemption.refused", "", actor, fmt.Sprintf("receipt names request %q, which this service does not have", p.RequestID))
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	now := s.cfg.Now()
	if err := receipt.Check(p, receipt.Expect{PlanHash: e.PlanHash, Target: e.Target, BuildID: e.View.BuildIdentity}, now); err != nil {
		s.refuse(w, r, http.StatusForbidden, checkCode(err), "redemption.refused", p.RequestID, actor, err.Error())
		return
	}
	// Holding the receipt is not enough (attack E1g): the redeemer is the
	// submitting client (its key's proof, bound to this challenge), or the
	// sealed binary of the run the service is doing for that client.
	if !s.runs.active(p.RequestID) {
		if _, err := s.submitter(r, e, clientkey.Redeem, body.Challenge, false); err != nil {
			s.refuse(w, r, http.StatusForbidden, wire.CodeNotSubmitter, "redemption.refused", p.RequestID, actor, err.Error()+"; a receipt is redeemed only by the client that submitted its request, or by the run the service does for it")
			return
		}
	}
	detail, _ := json.Marshal(map[string]string{"nonce": p.Nonce, "challenge": body.Challenge})
	ack, err := s.cfg.Store.Redeem(context.WithoutCancel(r.Context()), p.RequestID, p.Nonce, body.Challenge, now, func(head string) (receipt.Redemption, error) {
		return receipt.SignRedemption(s.cfg.Key, receipt.RedemptionPayload{RequestID: p.RequestID, ReceiptNonce: p.Nonce, Challenge: body.Challenge, RedeemedAt: now, AuditHead: head})
	}, audit.Event{At: now, Kind: "receipt.redeemed", RequestID: p.RequestID, Actor: actor, Detail: string(detail)})
	switch {
	case errors.Is(err, ErrAlreadyRedeemed):
		s.refuse(w, r, http.StatusConflict, wire.CodeAlreadyRedeemed, "redemption.refused", p.RequestID, actor, err.Error())
		return
	case errors.Is(err, ErrUnknownReceipt):
		s.refuse(w, r, http.StatusForbidden, wire.CodeReceiptUnknown, "redemption.refused", p.RequestID, actor, err.Error())
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	answer(w, http.StatusOK, RedeemAnswer{Redemption: ack})
}

// checkCode is the error code of a receipt.Check refusal, by its
// sentinel. A refusal it does not know keeps the general code: it is a
// 403 all the same.
func checkCode(err error) wire.ErrorCode {
	switch {
	case errors.Is(err, receipt.ErrPlanMismatch), errors.Is(err, receipt.ErrTargetMismatch), errors.Is(err, receipt.ErrBuildMismatch):
		return wire.CodeReceiptMismatch
	case errors.Is(err, receipt.ErrNotApproved):
		return wire.CodeNotApproved
	case errors.Is(err, receipt.ErrExpired), errors.Is(err, receipt.ErrNotYetValid):
		return wire.CodeReceiptExpired
	}
	return wire.CodeReceiptInvalid
}

// waiters wakes long-polls when their request is decided, and remembers
// when each request's client last waited (seen), so a request whose
// client went away can expire.
type waiters struct {
	mu   sync.Mutex
	m    map[string]*waiter
	seen map[string]time.Time
}

// saw records that a client of id was waiting at t.
func (ws *waiters) saw(id string, t time.Time) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.seen[id] = t
}

// forget drops what is remembered of a decided request.
func (ws *waiters) forget(id string) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	delete(ws.seen, id)
}

type waiter struct {
	ch chan struct{}
	n  int
}

func (ws *waiters) join(id string) (<-chan struct{}, func()) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	wt := ws.m[id]
	if wt == nil {
		wt = &waiter{ch: make(chan struct{})}
		ws.m[id] = wt
	}
	wt.n++
	return wt.ch, func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		wt.n--
		if wt.n == 0 && ws.m[id] == wt {
			delete(ws.m, id)
		}
	}
}

func (ws *waiters) wake(id string) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if wt := ws.m[id]; wt != nil {
		close(wt.ch)
		delete(ws.m, id)
	}
}

// run builds and runs an approved request on the service's side and
// answers what it did. The receipt is the one the service issued; the
// sealed binary redeems it, so a request runs at most once.
func (s *Service) run(w http.ResponseWriter, r *http.Request) {
	const actor = "runner"
	id := r.PathValue("id")
	if s.cfg.Execute == nil {
		s.refuse(w, r, http.StatusNotImplemented, wire.CodeRunsNothing, "run.refused", id, actor, "this service does not run plans")
		return
	}
	var body struct{}
	if code, reason := decodeJSON(w, r, &body); code != 0 {
		s.refuse(w, r, code, wire.CodeMalformed, "run.refused", id, actor, reason)
		return
	}
	e, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if _, err := s.submitter(r, e, clientkey.Run, "", false); err != nil {
		s.refuse(w, r, http.StatusForbidden, wire.CodeNotSubmitter, "run.refused", id, actor, err.Error()+"; only the client that submitted the request may ask for its run")
		return
	}
	switch {
	case e.Decision == nil:
		s.refuse(w, r, http.StatusConflict, wire.CodeNotDecided, "run.refused", id, actor, "the request is not decided")
		return
	case e.Decision.Decision != StatusApprovedOnce && e.Decision.Decision != StatusAutoApproved || e.Receipt == nil:
		s.refuse(w, r, http.StatusForbidden, wire.CodeNotApproved, "run.refused", id, actor, fmt.Sprintf("the request is %s, not approved", e.Decision.Decision))
		return
	case e.Redeemed:
		s.refuse(w, r, http.StatusConflict, wire.CodeAlreadyRedeemed, "run.refused", id, actor, "the request's receipt was redeemed: it ran already")
		return
	}
	var sub Submission
	if err := json.Unmarshal(e.Submitted, &sub); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "reading the submission: "+err.Error())
		return
	}
	if !s.runs.start(id) {
		s.refuse(w, r, http.StatusConflict, wire.CodeRunning, "run.refused", id, actor, "the request is running already")
		return
	}
	defer s.runs.end(id)
	// A cold build takes longer than the server's write timeout allows
	// an ordinary answer.
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(30 * time.Minute))
	res, err := s.cfg.Execute(context.WithoutCancel(r.Context()), RunJob{
		ID: e.ID, PlanName: e.PlanName, PlanSource: e.PlanSource, PlanHash: e.PlanHash, Target: e.Target,
		Inputs: sub.Inputs, BuildIdentity: e.View.BuildIdentity, Receipt: *e.Receipt,
	})
	if err != nil {
		s.refuse(w, r, http.StatusUnprocessableEntity, wire.CodeRunFailed, "run.refused", id, "service", err.Error())
		return
	}
	res.ID = e.ID
	if c := e.View.Card; c != nil {
		res.Sandbox = c.Sandbox
		for _, w := range c.Warnings {
			if w.Kind == card.Unconfined {
				res.Unconfined = w.Message
			}
		}
	}
	// The outcome (what ran, how it ended) goes in the audit row, where
	// the card reads it back (Store.Outcome).
	detail, _ := json.Marshal(struct {
		RunOutcome
		BuildIdentity string `json:"build_identity"`
	}{outcomeOf(res), res.BuildIdentity})
	if err := s.record(r.Context(), "run.finished", id, "service", string(detail)); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	answer(w, http.StatusOK, res)
}

// submitter checks that r comes from the client that submitted e: a
// proof of possession of the key the submission carried, for this
// purpose and binding (approval/clientkey). With human set, the human's
// session is accepted instead. It answers the actor to audit and, when
// the caller is neither, why.
func (s *Service) submitter(r *http.Request, e Entry, purpose, binding string, human bool) (string, error) {
	now := s.cfg.Now()
	if human {
		if sess, ok := s.sessions.fromRequest(r, now); ok {
			return sess.actor(), nil
		}
	}
	actor := "client:" + r.RemoteAddr
	var sub wire.Submission
	if err := json.Unmarshal(e.Submitted, &sub); err != nil {
		return actor, fmt.Errorf("the request's submission is unreadable: %v", err)
	}
	pub, err := clientkey.ParsePublic(sub.ClientKey)
	if err != nil {
		return actor, fmt.Errorf("the request carries no usable client key (%v): nobody can prove to be its client", err)
	}
	if v := r.Header.Values(clientkey.Header); len(v) > 1 {
		return actor, fmt.Errorf("more than one %s header", clientkey.Header)
	}
	if err := clientkey.Verify(pub, r.Header.Get(clientkey.Header), purpose, e.ID, binding, now); err != nil {
		if human {
			return actor, fmt.Errorf("%v, and no session of the human: only the submitting client and the human are answered", err)
		}
		return actor, err
	}
	return submitterActor, nil
}

// submitterActor is the audit actor submitter answers for the submitting
// client's proof (a session is "human:<id>"): wait tells by it whom it
// answers the receipt.
const submitterActor = "runner"

// runs are the requests the service is running now: a second run of one
// is refused, and the sealed binary of a run redeems its receipt without
// the client's key (the client proved it when it asked for the run).
type runs struct {
	mu sync.Mutex
	m  map[string]bool
}

func (rs *runs) start(id string) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.m[id] {
		return false
	}
	rs.m[id] = true
	return true
}

func (rs *runs) end(id string) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.m, id)
}

func (rs *runs) active(id string) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.m[id]
}
