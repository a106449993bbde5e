package approval

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// fakeReprove stands in for compiler+prover: the plan hash is a digest of
// the source, each "# guarantee: X" line is a proved guarantee rendered as
// "English(X)", a source containing "FAILS" does not prove and one
// containing "REQUIRED_GAP" leaves a required contract unproved.
func fakeReprove(_ context.Context, name string, src []byte, target string) (Proof, error) {
	if bytes.Contains(src, []byte("FAILS")) {
		return Proof{}, fmt.Errorf("%s:3:5: guarantee emails.only(['bob@example.com']) does not hold: counterexample: addr = \"ann@example.com\"", name)
	}
	p := Proof{PlanHash: planHash(string(src)), BuildIdentity: testBuildID, Target: target, ProofSummary: ProofSummary{Proved: 1, Obligations: []string{"requires of send_email at 4:5"}}}
	for _, line := range strings.Split(string(src), "\n") {
		if g, ok := strings.CutPrefix(line, "# guarantee: "); ok {
			p.Guarantees = append(p.Guarantees, Guarantee{Source: g, English: "English(" + g + ")"})
		}
	}
	p.Coverage = []Coverage{{Domain: "email", Status: "covered", Missing: []string{}}}
	p.CoverageChecked = true
	for _, line := range strings.Split(string(src), "\n") {
		if a, ok := strings.CutPrefix(line, "# assumes: "); ok {
			p.Assumes = append(p.Assumes, Assumption{Source: a, English: "English(" + a + ")"})
		}
	}
	if bytes.Contains(src, []byte("NO_ENGLISH")) {
		for i := range p.Guarantees {
			p.Guarantees[i].English, p.Guarantees[i].EnglishError = "", "english: no sentence for a *ir.Shares spec"
		}
	}
	if bytes.Contains(src, []byte("NO_COVERAGE")) {
		p.Coverage, p.CoverageChecked = nil, false
	}
	if bytes.Contains(src, []byte("REQUIRED_GAP")) {
		p.Coverage[0] = Coverage{Domain: "email", Status: "required_gap", Missing: []string{"emails.only"}}
	}
	return p, nil
}

func planHash(src string) string {
	sum := sha256.Sum256([]byte(src))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func testKey(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte(name))
	return ed25519.NewKeyFromSeed(seed[:])
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type harness struct {
	t      *testing.T
	svc    *Service
	store  *Store
	srv    *httptest.Server
	clock  *clock
	client *http.Client
}

func newHarness(t *testing.T, decide Decide) *harness {
	t.Helper()
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "approval.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv := httptest.NewUnstartedServer(nil)
	clk := &clock{t: time.Now().UTC()}
	svc, err := New(Config{
		Addr: srv.Listener.Addr().String(), Store: st, Key: testKey("service"),
		SessionSecret: bytes.Repeat([]byte{7}, 32), Reprove: fakeReprove, Decide: decide,
		Now: clk.now, Version: "test", PasswordHash: testPasswordHash(),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = svc.Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &harness{t: t, svc: svc, store: st, srv: srv, clock: clk, client: client}
}

type reply struct {
	code   int
	body   []byte
	header http.Header
}

// refusal is r's error body, read strictly: wire.Error's fields only.
func (r reply) refusal() (wire.Error, error) {
	var e wire.Error
	d := json.NewDecoder(bytes.NewReader(r.body))
	d.DisallowUnknownFields()
	err := d.Decode(&e)
	return e, err
}

// errorText is r's error words, for the messages of failing tests (and
// the one test whose words are under test).
func (r reply) errorText() string {
	e, _ := r.refusal()
	return e.Error
}

// wantRefusal fails the test unless r is a refusal with this HTTP
// status and error code: tests decide by the code, never by the words.
func wantRefusal(t *testing.T, what string, r reply, status int, code wire.ErrorCode) {
	t.Helper()
	e, err := r.refusal()
	if r.code != status || err != nil || e.Code != code {
		t.Fatalf("%s = %d %s, want %d with code %q", what, r.code, r.body, status, code)
	}
}

// checkErrorBody fails the test when an error answer is not a wire.Error
// with words and a known code. Every request of these tests goes through
// it, so every refusal the tests reach (handlers, guard, audit failures)
// is checked, not only the ones a test names.
func checkErrorBody(t *testing.T, method, path string, r reply) {
	t.Helper()
	if r.code < 400 {
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.header.Get("Content-Type")); mt != "application/json" {
		// The login form answers a browser's wrong password as HTML;
		// nothing else answers an error without a JSON body.
		if path == "/login" && mt == "text/html" {
			return
		}
		t.Errorf("%s %s = %d with Content-Type %q, want a JSON error body", method, path, r.code, r.header.Get("Content-Type"))
		return
	}
	e, err := r.refusal()
	if err != nil || e.Error == "" || !wire.KnownErrorCode(e.Code) {
		t.Errorf("%s %s = %d %s: an error body needs words and a known code (%v)", method, path, r.code, r.body, err)
	}
}

// do sends one request; header pairs are name, value, ...
func (h *harness) do(method, path, ctype string, body []byte, header ...string) reply {
	h.t.Helper()
	req, err := http.NewRequest(method, h.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Add(header[i], header[i+1])
		}
	}
	resp, err := h.client.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	r := reply{resp.StatusCode, data, resp.Header}
	checkErrorBody(h.t, method, path, r)
	return r
}

func (h *harness) postJSON(path string, v any, header ...string) reply {
	h.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.do("POST", path, "application/json", data, header...)
}

const planSrc = "import clauz3\n# guarantee: emails.only(['bob@example.com'])\ndef main() -> None:\n    send_email('bob@example.com', 'hi')\n"

// testBuildID is the build identity fakeReprove records, as the real
// re-proof records the identity of the binary it would build.
const testBuildID = "sha256:b1d0000000000000000000000000000000000000000000000000000000000000"

// testClient is the submitting client's key in these tests (fixed, so a
// submission stays a pure function of its source).
var testClient = func() clientkey.Key {
	k, err := clientkey.FromSeed([]byte("clauz3 approval test client key!"))
	if err != nil {
		panic(err)
	}
	return k
}()

// proof is the submitting client's proof header for one call.
func (h *harness) proof(purpose, id, binding string) []string {
	return []string{clientkey.Header, testClient.Proof(purpose, id, binding, h.clock.now())}
}

// wait long-polls as the submitting client.
func (h *harness) wait(id, timeout string) reply {
	h.t.Helper()
	return h.do("GET", "/api/requests/"+id+"/wait?timeout="+timeout, "", nil, h.proof(clientkey.Wait, id, "")...)
}

// redeem redeems rc as the submitting client of its request.
func (h *harness) redeem(rc receipt.Receipt, challenge string) reply {
	h.t.Helper()
	p, err := receipt.Verify(h.svc.PublicKey(), rc)
	id := p.RequestID
	if err != nil {
		id = "req_unknown"
	}
	return h.postJSON("/api/receipts/redeem", RedeemBody{Receipt: rc, Challenge: challenge}, h.proof(clientkey.Redeem, id, challenge)...)
}

func submission(src string) Submission {
	return Submission{
		ClientKey: testClient.Public(),
		PlanName:  "plan.py", PlanSource: src, PlanHash: planHash(src), Target: "main",
		Guarantees:   []Guarantee{{Source: "client says anything", English: "Trust me."}},
		ProofSummary: ProofSummary{Proved: 99, Obligations: []string{"x"}},
		Coverage:     []Coverage{{Domain: "email", Status: "covered", Missing: []string{}}},
	}
}

func (h *harness) submit(src string) string {
	h.t.Helper()
	r := h.postJSON("/api/requests", submission(src))
	if r.code != http.StatusCreated {
		h.t.Fatalf("submit = %d %s", r.code, r.body)
	}
	var s Submitted
	if err := json.Unmarshal(r.body, &s); err != nil {
		h.t.Fatal(err)
	}
	if !strings.HasPrefix(s.ID, "req_") || s.UI != h.srv.URL+"/ui/requests/"+s.ID {
		h.t.Fatalf("submitted = %+v", s)
	}
	return s.ID
}

// testPassword is the human's password in these tests.
const testPassword = "correct horse battery"

// testPasswordHash hashes testPassword once per test binary: argon2id is
// slow on purpose.
var testPasswordHash = sync.OnceValue(func() string {
	h, err := HashPassword(testPassword)
	if err != nil {
		panic(err)
	}
	return h
})

func (h *harness) postLogin(password string) reply {
	h.t.Helper()
	return h.do("POST", "/login", "application/x-www-form-urlencoded", []byte(url.Values{"password": {password}}.Encode()))
}

// login logs in with the human's password and returns the session
// cookie header.
func (h *harness) login() string {
	h.t.Helper()
	r := h.postLogin(testPassword)
	if r.code != http.StatusSeeOther || r.header.Get("Location") != "/" {
		h.t.Fatalf("login = %d %s", r.code, r.body)
	}
	resp := http.Response{Header: r.header}
	for _, c := range resp.Cookies() {
		if c.Name == h.svc.CookieName() {
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" {
				h.t.Fatalf("session cookie %+v is not HttpOnly SameSite=Strict", c)
			}
			return c.Name + "=" + c.Value
		}
	}
	h.t.Fatalf("login set no session cookie: %v", r.header)
	return ""
}

var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (h *harness) csrf(id, cookie string) string {
	h.t.Helper()
	r := h.do("GET", "/ui/requests/"+id, "", nil, "Cookie", cookie)
	m := csrfRe.FindSubmatch(r.body)
	if r.code != 200 || m == nil {
		h.t.Fatalf("request page = %d, no CSRF token:\n%s", r.code, r.body)
	}
	return string(m[1])
}

func (h *harness) decide(id, cookie, decision string) reply {
	h.t.Helper()
	return h.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": decision, "reason": "looks right", "csrf": h.csrf(id, cookie), "password": testPassword}, "Cookie", cookie)
}

func decodeStatus(t *testing.T, r reply) Status {
	t.Helper()
	if r.code != 200 {
		t.Fatalf("status answer %d %s", r.code, r.body)
	}
	var s Status
	if err := json.Unmarshal(r.body, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (h *harness) auditKinds() []string {
	h.t.Helper()
	rows, err := h.store.r.Query(`SELECT kind FROM audit ORDER BY seq`)
	if err != nil {
		h.t.Fatal(err)
	}
	defer rows.Close()
	var kinds []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			h.t.Fatal(err)
		}
		kinds = append(kinds, k)
	}
	return kinds
}

func TestHappyPath(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.do("GET", "/health", "", nil); r.code != 200 || !strings.Contains(string(r.body), `"status":"ok"`) {
		t.Fatalf("health = %d %s", r.code, r.body)
	}
	var key KeyAnswer
	if r := h.do("GET", "/api/key", "", nil); r.code != 200 || json.Unmarshal(r.body, &key) != nil {
		t.Fatalf("key = %d %s", r.code, r.body)
	}
	pub, err := receipt.ParsePublicKey(key.PublicKey)
	if err != nil || key.KeyID != receipt.KeyID(pub) {
		t.Fatalf("key answer %+v: %v", key, err)
	}

	id := h.submit(planSrc)
	if s := decodeStatus(t, h.wait(id, "20ms")); s.Status != "pending" || s.Receipt != nil {
		t.Fatalf("wait before a decision = %+v", s)
	}
	// The service shows what it proved, not what the client claimed.
	var req Request
	if r := h.do("GET", "/api/requests/"+id, "", nil); r.code != 200 || json.Unmarshal(r.body, &req) != nil {
		t.Fatalf("get = %d %s", r.code, r.body)
	}
	if len(req.Guarantees) != 1 || req.Guarantees[0].Source != "emails.only(['bob@example.com'])" || req.ProofSummary.Proved != 1 || req.PlanSource != planSrc {
		t.Fatalf("request = %+v", req)
	}

	waited := make(chan reply, 1)
	go func() { waited <- h.wait(id, "10s") }()
	cookie := h.login()
	time.Sleep(20 * time.Millisecond) // let the long-poll park (not required for correctness)
	decided := decodeStatus(t, h.decide(id, cookie, "approved_once"))
	if decided.Status != "approved_once" || decided.DecidedBy != "human" || decided.Reason != "looks right" || decided.Receipt == nil {
		t.Fatalf("decision answer = %+v", decided)
	}
	w := decodeStatus(t, <-waited)
	if w.Status != "approved_once" || w.Receipt == nil || *w.Receipt != *decided.Receipt {
		t.Fatalf("wait after the decision = %+v", w)
	}
	p, err := receipt.VerifyAndCheck(pub, *w.Receipt, receipt.Expect{PlanHash: planHash(planSrc), Target: "main", BuildID: testBuildID}, h.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	if p.RequestID != id || len(p.Guarantees) != 1 || p.Guarantees[0] != "emails.only(['bob@example.com'])" {
		t.Fatalf("receipt payload %+v", p)
	}

	challenge, _ := receipt.NewChallenge()
	r := h.redeem(*w.Receipt, challenge)
	var ack RedeemAnswer
	if r.code != 200 || json.Unmarshal(r.body, &ack) != nil {
		t.Fatalf("redeem = %d %s", r.code, r.body)
	}
	if _, err := receipt.VerifyRedemption(pub, ack.Redemption, p, challenge); err != nil {
		t.Fatal(err)
	}
	again, _ := receipt.NewChallenge()
	wantRefusal(t, "second redeem", h.redeem(*w.Receipt, again), http.StatusConflict, wire.CodeAlreadyRedeemed)
	want := []string{"request.submitted", "login.ok", "decision.approved_once", "receipt.issued", "receipt.redeemed", "redemption.refused"}
	if got := h.auditKinds(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("audit kinds = %v, want %v", got, want)
	}
	if seq, err := h.store.VerifyAudit(context.Background()); seq != 0 || err != nil {
		t.Fatalf("VerifyAudit = %d, %v", seq, err)
	}
	var list struct{ Requests []Request }
	if r := h.do("GET", "/api/requests", "", nil); r.code != 200 || json.Unmarshal(r.body, &list) != nil || len(list.Requests) != 1 || list.Requests[0].Status != "approved_once" || list.Requests[0].PlanSource != "" || list.Requests[0].PlanHash != planHash(planSrc) {
		t.Fatalf("list = %s", r.body)
	}
}

func TestDecisionsWithoutReceipt(t *testing.T) {
	for _, d := range []string{"rejected", "reject_contract", "need_more_info"} {
		t.Run(d, func(t *testing.T) {
			h := newHarness(t, nil)
			id := h.submit(planSrc)
			s := decodeStatus(t, h.decide(id, h.login(), d))
			if s.Status != d || s.Receipt != nil {
				t.Fatalf("decision = %+v", s)
			}
			if w := decodeStatus(t, h.wait(id, "1s")); w.Status != d || w.Receipt != nil {
				t.Fatalf("wait = %+v", w)
			}
		})
	}
}

// A browser form post decides and is sent back to the request page.
func TestFormDecision(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	cookie := h.login()
	form := url.Values{"decision": {"approved_once"}, "reason": {"ok <b>"}, "csrf": {h.csrf(id, cookie)}, "password": {testPassword}}
	r := h.do("POST", "/api/requests/"+id+"/decision", "application/x-www-form-urlencoded", []byte(form.Encode()), "Cookie", cookie, "Origin", h.srv.URL)
	if r.code != http.StatusSeeOther || r.header.Get("Location") != "/ui/requests/"+id {
		t.Fatalf("form decision = %d %s", r.code, r.body)
	}
	page := h.do("GET", "/ui/requests/"+id, "", nil, "Cookie", cookie)
	if !strings.Contains(string(page.body), "ok &lt;b&gt;") || strings.Contains(string(page.body), `id="decide"`) {
		t.Fatalf("decided page:\n%s", page.body)
	}
}

func TestRefusals(t *testing.T) {
	type setup struct {
		h      *harness
		id     string // a pending request
		cookie string
		csrf   string
	}
	jsonDecision := func(s setup, v any, header ...string) reply {
		return s.h.postJSON("/api/requests/"+s.id+"/decision", v, append([]string{"Cookie", s.cookie}, header...)...)
	}
	good := func(s setup) map[string]string {
		return map[string]string{"decision": "approved_once", "reason": "", "csrf": s.csrf, "password": testPassword}
	}
	cases := map[string]struct {
		do     func(s setup) reply
		status int
		code   wire.ErrorCode
		audit  string // the audit kind the refusal must leave ("" for none)
	}{
		"decision without session": {func(s setup) reply {
			return s.h.postJSON("/api/requests/"+s.id+"/decision", good(s))
		}, 401, wire.CodeUnauthenticated, "decision.refused"},
		"decision with a forged cookie": {func(s setup) reply {
			forged := strings.Replace(s.cookie, "v1.", "v1.A", 1)
			return s.h.postJSON("/api/requests/"+s.id+"/decision", good(s), "Cookie", forged)
		}, 401, wire.CodeUnauthenticated, "decision.refused"},
		"decision with an expired session": {func(s setup) reply {
			s.h.clock.add(SessionLifetime + time.Second)
			return jsonDecision(s, good(s))
		}, 401, wire.CodeUnauthenticated, "decision.refused"},
		"decision with a wrong CSRF token": {func(s setup) reply {
			return jsonDecision(s, map[string]string{"decision": "approved_once", "csrf": s.csrf + "x"})
		}, 403, wire.CodeCSRF, "decision.refused"},
		"decision without a CSRF token": {func(s setup) reply {
			return jsonDecision(s, map[string]string{"decision": "approved_once"})
		}, 403, wire.CodeCSRF, "decision.refused"},
		"decision with a foreign Origin": {func(s setup) reply {
			return jsonDecision(s, good(s), "Origin", "http://evil.example")
		}, 403, wire.CodeForeignOrigin, "request.forbidden"},
		"decision with two Origins": {func(s setup) reply {
			return jsonDecision(s, good(s), "Origin", s.h.srv.URL, "Origin", "http://evil.example")
		}, 403, wire.CodeForeignOrigin, "request.forbidden"},
		"decision with a foreign Host (DNS rebinding)": {func(s setup) reply {
			return jsonDecision(s, good(s), "Host", "evil.example:8765")
		}, 403, wire.CodeForeignOrigin, "request.forbidden"},
		"decision with localhost for 127.0.0.1": {func(s setup) reply {
			return jsonDecision(s, good(s), "Host", strings.Replace(s.h.srv.Listener.Addr().String(), "127.0.0.1", "localhost", 1))
		}, 403, wire.CodeForeignOrigin, "request.forbidden"},
		"submit with a foreign Origin": {func(s setup) reply {
			return s.h.postJSON("/api/requests", submission(planSrc), "Origin", "null")
		}, 403, wire.CodeForeignOrigin, "request.forbidden"},
		"unknown decision value": {func(s setup) reply {
			return jsonDecision(s, map[string]string{"decision": "approved_twice", "csrf": s.csrf})
		}, 400, wire.CodeMalformed, "decision.refused"},
		"a human cannot auto-approve": {func(s setup) reply {
			return jsonDecision(s, map[string]string{"decision": "auto_approved", "csrf": s.csrf})
		}, 400, wire.CodeMalformed, "decision.refused"},
		"decision with an unknown field": {func(s setup) reply {
			return jsonDecision(s, map[string]string{"decision": "approved_once", "csrf": s.csrf, "decided_by": "human"})
		}, 400, wire.CodeMalformed, "decision.refused"},
		"decision as text/plain": {func(s setup) reply {
			return s.h.do("POST", "/api/requests/"+s.id+"/decision", "text/plain", []byte("decision=approved_once"), "Cookie", s.cookie)
		}, 400, wire.CodeMalformed, "decision.refused"},
		"form with a repeated field": {func(s setup) reply {
			f := url.Values{"decision": {"rejected", "approved_once"}, "csrf": {s.csrf}}
			return s.h.do("POST", "/api/requests/"+s.id+"/decision", "application/x-www-form-urlencoded", []byte(f.Encode()), "Cookie", s.cookie)
		}, 400, wire.CodeMalformed, "decision.refused"},
		"decision on a request id no service makes": {func(s setup) reply {
			return s.h.postJSON("/api/requests/"+strings.Repeat("x", 300)+"/decision", good(s), "Cookie", s.cookie)
		}, 404, wire.CodeNotFound, "decision.refused"},
		"decision on an unknown request": {func(s setup) reply {
			return s.h.postJSON("/api/requests/req_nope/decision", good(s), "Cookie", s.cookie)
		}, 404, wire.CodeNotFound, "decision.refused"},
		"decision twice": {func(s setup) reply {
			if r := jsonDecision(s, good(s)); r.code != 200 {
				return r
			}
			return jsonDecision(s, map[string]string{"decision": "rejected", "csrf": s.csrf, "password": testPassword})
		}, 409, wire.CodeAlreadyDecided, "decision.refused"},
		"wrong password": {func(s setup) reply {
			return s.h.postLogin("guess")
		}, 403, wire.CodeWrongPassword, "login.refused"},
		"login: extra form fields": {func(s setup) reply {
			return s.h.do("POST", "/login", "application/x-www-form-urlencoded", []byte("password=x&token=y"))
		}, 400, wire.CodeMalformed, "login.refused"},
		"submit: malformed JSON": {func(s setup) reply {
			return s.h.do("POST", "/api/requests", "application/json", []byte(`{"plan_name":`))
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: the submit endpoint never decides": {func(s setup) reply {
			var m map[string]any
			b, _ := json.Marshal(submission(planSrc))
			json.Unmarshal(b, &m)
			m["decision"] = "approved_once"
			return s.h.postJSON("/api/requests", m)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: two values": {func(s setup) reply {
			b, _ := json.Marshal(submission(planSrc))
			return s.h.do("POST", "/api/requests", "application/json", append(b, b...))
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: oversized": {func(s setup) reply {
			sub := submission(strings.Repeat("#", MaxBody))
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: wrong content type": {func(s setup) reply {
			b, _ := json.Marshal(submission(planSrc))
			return s.h.do("POST", "/api/requests", "text/plain", b)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: bad plan hash": {func(s setup) reply {
			sub := submission(planSrc)
			sub.PlanHash = "md5:1"
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		// The plan name and the target head the card page, the list and
		// the terminal card: a character that reorders or hides the text
		// around it (U2) is refused there as a control character is.
		"submit: a bidirectional override in the plan name": {func(s setup) reply {
			sub := submission(planSrc)
			sub.PlanName = "report\u202eyp.dlrow"
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: a zero-width space in the plan name": {func(s setup) reply {
			sub := submission(planSrc)
			sub.PlanName = "pl\u200ban.py"
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: a C1 control in the plan name": {func(s setup) reply {
			sub := submission(planSrc)
			sub.PlanName = "plan\u009b2J.py"
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: a line separator in the target": {func(s setup) reply {
			sub := submission(planSrc)
			sub.Target = "main\u2028"
			return s.h.postJSON("/api/requests", sub)
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: invalid UTF-8": {func(s setup) reply {
			return s.h.do("POST", "/api/requests", "application/json", []byte("{\"plan_name\":\"\xff\"}"))
		}, 400, wire.CodeMalformed, "request.malformed"},
		"submit: hash differs from the service's": {func(s setup) reply {
			sub := submission(planSrc)
			sub.PlanHash = planHash("another plan")
			return s.h.postJSON("/api/requests", sub)
		}, 422, wire.CodeNotProved, "request.refused"},
		"submit: the service's proof fails": {func(s setup) reply {
			return s.h.postJSON("/api/requests", submission(planSrc+"# FAILS\n"))
		}, 422, wire.CodeNotProved, "request.refused"},
		"submit: required gap": {func(s setup) reply {
			return s.h.postJSON("/api/requests", submission(planSrc+"# REQUIRED_GAP\n"))
		}, 422, wire.CodeNotProved, "request.refused"},
		"wait: bad timeout": {func(s setup) reply {
			return s.h.do("GET", "/api/requests/"+s.id+"/wait?timeout=soon", "", nil)
		}, 400, wire.CodeMalformed, ""},
		"wait: timeout over the limit": {func(s setup) reply {
			return s.h.do("GET", "/api/requests/"+s.id+"/wait?timeout=121s", "", nil)
		}, 400, wire.CodeMalformed, ""},
		"wait: unknown request": {func(s setup) reply {
			return s.h.do("GET", "/api/requests/req_nope/wait?timeout=1s", "", nil)
		}, 404, wire.CodeNotFound, ""},
		"get: unknown request": {func(s setup) reply {
			return s.h.do("GET", "/api/requests/req_nope", "", nil)
		}, 404, wire.CodeNotFound, ""},
		"wrong method": {func(s setup) reply {
			return s.h.do("DELETE", "/api/requests/"+s.id, "", nil)
		}, 405, wire.CodeMethodNotAllowed, ""},
		"unknown endpoint": {func(s setup) reply {
			return s.h.do("GET", "/api/approve", "", nil)
		}, 404, wire.CodeNotFound, ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, nil)
			s := setup{h: h, id: h.submit(planSrc), cookie: h.login()}
			s.csrf = h.csrf(s.id, s.cookie)
			before := len(h.auditKinds())
			r := c.do(s)
			wantRefusal(t, name, r, c.status, c.code)
			kinds := h.auditKinds()[before:]
			if c.audit == "" && len(kinds) != 0 || c.audit != "" && (len(kinds) == 0 || kinds[len(kinds)-1] != c.audit) {
				t.Fatalf("audit rows %v, want the last to be %q", kinds, c.audit)
			}
			// The pending request is still pending unless the case decided it.
			if !strings.Contains(name, "twice") {
				e, err := h.store.Get(context.Background(), s.id)
				if err != nil || e.Decision != nil {
					t.Fatalf("the request was decided by a refused call: %+v %v", e.Decision, err)
				}
			}
			if seq, err := h.store.VerifyAudit(context.Background()); seq != 0 || err != nil {
				t.Fatalf("VerifyAudit = %d, %v", seq, err)
			}
		})
	}
}

// A refused submission is recorded with its id and shows as refused.
func TestRefusedSubmissionIsRecorded(t *testing.T) {
	h := newHarness(t, nil)
	r := h.postJSON("/api/requests", submission(planSrc+"# FAILS\n"))
	wantRefusal(t, "refused submit", r, 422, wire.CodeNotProved)
	body, _ := r.refusal()
	if !strings.HasPrefix(body.ID, "req_") {
		t.Fatalf("refused submit = %d %s: no request id", r.code, r.body)
	}
	// The request is stored refused with the very reason the 422 gave.
	s := decodeStatus(t, h.wait(body.ID, "1s"))
	if s.Status != "refused" || s.DecidedBy != "service" || s.Reason == "" || s.Reason != body.Error || s.Receipt != nil {
		t.Fatalf("refused request status = %+v, answered %q", s, body.Error)
	}
	cookie := h.login()
	csrf := h.csrf(h.submit(planSrc), cookie) // any page of the session carries its token
	if r := h.postJSON("/api/requests/"+body.ID+"/decision", map[string]string{"decision": "approved_once", "csrf": csrf, "password": testPassword}, "Cookie", cookie); r.code != 409 {
		t.Fatalf("approving a refused request = %d %s", r.code, r.body)
	}
}

func TestRedeemRefusals(t *testing.T) {
	h := newHarness(t, nil)
	cookie := h.login()
	approve := func() receipt.Receipt {
		id := h.submit(planSrc + "# " + fmt.Sprint(time.Now().UnixNano()) + "\n")
		s := decodeStatus(t, h.decide(id, cookie, "approved_once"))
		return *s.Receipt
	}
	good := approve()
	p, err := receipt.Verify(h.svc.PublicKey(), good)
	if err != nil {
		t.Fatal(err)
	}
	resign := func(k ed25519.PrivateKey, mutate func(*receipt.Payload)) receipt.Receipt {
		q := p
		mutate(&q)
		r, err := receipt.Sign(k, q)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	flipped := good
	sig := []byte(flipped.Signature)
	sig[5] ^= 1
	flipped.Signature = string(sig)
	rejectedID := h.submit(planSrc + "# rejected\n")
	decodeStatus(t, h.decide(rejectedID, cookie, "rejected"))
	cases := map[string]struct {
		body   any
		status int
		code   wire.ErrorCode
	}{
		"signed by another key": {RedeemBody{Receipt: resign(testKey("other"), func(*receipt.Payload) {}), Challenge: nonce(t)}, 403, wire.CodeReceiptInvalid},
		"signature flipped":     {RedeemBody{Receipt: flipped, Challenge: nonce(t)}, 403, wire.CodeReceiptInvalid},
		"payload swapped":       {RedeemBody{Receipt: receipt.Receipt{Payload: resign(testKey("other"), func(q *receipt.Payload) { q.Target = "x" }).Payload, Signature: good.Signature, KeyID: good.KeyID}, Challenge: nonce(t)}, 403, wire.CodeReceiptInvalid},
		"never issued":          {RedeemBody{Receipt: resign(testKey("service"), func(q *receipt.Payload) { q.Nonce = nonce(t) }), Challenge: nonce(t)}, 403, wire.CodeReceiptUnknown},
		"unknown request":       {RedeemBody{Receipt: resign(testKey("service"), func(q *receipt.Payload) { q.RequestID = "req_ghost" }), Challenge: nonce(t)}, 403, wire.CodeReceiptUnknown},
		"another plan's hash":   {RedeemBody{Receipt: resign(testKey("service"), func(q *receipt.Payload) { q.PlanHash = planHash("x") }), Challenge: nonce(t)}, 403, wire.CodeReceiptMismatch},
		"a rejected request": {RedeemBody{Receipt: resign(testKey("service"), func(q *receipt.Payload) {
			q.RequestID, q.PlanHash, q.Decision = rejectedID, planHash(planSrc+"# rejected\n"), "rejected"
		}), Challenge: nonce(t)}, 403, wire.CodeNotApproved},
		"malformed challenge":     {RedeemBody{Receipt: good, Challenge: "abc"}, 400, wire.CodeMalformed},
		"unknown field":           {map[string]any{"receipt": good, "challenge": nonce(t), "force": true}, 400, wire.CodeMalformed},
		"unsigned outer decision": {map[string]any{"receipt": map[string]any{"payload": good.Payload, "signature": good.Signature, "key_id": good.KeyID, "decision": "approved_once"}, "challenge": nonce(t)}, 400, wire.CodeMalformed},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var r reply
			if b, ok := c.body.(RedeemBody); ok {
				r = h.redeem(b.Receipt, b.Challenge) // as the submitting client: refused all the same
			} else {
				r = h.postJSON("/api/receipts/redeem", c.body)
			}
			wantRefusal(t, "redeem", r, c.status, c.code)
		})
	}
	// None of those redeemed the good receipt; it redeems once now.
	if r := h.redeem(good, nonce(t)); r.code != 200 {
		t.Fatalf("redeem after refusals = %d %s", r.code, r.body)
	}
	// An expired receipt is refused.
	late := approve()
	h.clock.add(DefaultReceiptTTL + time.Second)
	wantRefusal(t, "expired redeem", h.redeem(late, nonce(t)), 403, wire.CodeReceiptExpired)
}

func nonce(t *testing.T) string {
	n, err := receipt.NewNonce()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Many redeemers race for one receipt: exactly one wins.
func TestConcurrentRedemptionIsSingleUse(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	rc := *decodeStatus(t, h.decide(id, h.login(), "approved_once")).Receipt
	var wg sync.WaitGroup
	codes := make(chan int, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- h.redeem(rc, nonce(t)).code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[200] != 1 || count[409] != 15 {
		t.Fatalf("redemption answers %v, want one 200 and fifteen 409", count)
	}
}

func TestPolicy(t *testing.T) {
	cases := map[string]struct {
		decide    Decide
		status    string
		decidedBy string
		receipt   bool
		audit     string
	}{
		"auto approved": {func(context.Context, Proof) (string, string, string, error) {
			return "auto_approved", "bob-only", "emails go to bob only", nil
		}, "auto_approved", "policy:bob-only", true, "decision.auto_approved"},
		"auto rejected": {func(context.Context, Proof) (string, string, string, error) {
			return "auto_rejected", "no-spend", "spending is never automatic", nil
		}, "auto_rejected", "policy:no-spend", false, "decision.auto_rejected"},
		"no rule fired": {func(context.Context, Proof) (string, string, string, error) {
			return "", "", "", nil
		}, "pending", "", false, "request.submitted"},
		"policy error asks the human": {func(context.Context, Proof) (string, string, string, error) {
			return "", "", "", errors.New("clause unknown: solver timeout")
		}, "pending", "", false, "policy.error"},
		"a policy cannot approve once": {func(context.Context, Proof) (string, string, string, error) {
			return "approved_once", "sneaky", "", nil
		}, "pending", "", false, "policy.error"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, c.decide)
			r := h.postJSON("/api/requests", submission(planSrc))
			var sub Submitted
			if r.code != 201 || json.Unmarshal(r.body, &sub) != nil || sub.Status != c.status {
				t.Fatalf("submit = %d %s, want status %s", r.code, r.body, c.status)
			}
			s := decodeStatus(t, h.wait(sub.ID, "10ms"))
			if s.Status != c.status || s.DecidedBy != c.decidedBy || (s.Receipt != nil) != c.receipt {
				t.Fatalf("status = %+v", s)
			}
			if c.receipt {
				p, err := receipt.VerifyAndCheck(h.svc.PublicKey(), *s.Receipt, receipt.Expect{PlanHash: planHash(planSrc), Target: "main", BuildID: testBuildID}, h.clock.now())
				if err != nil || p.Decision != "auto_approved" {
					t.Fatalf("auto receipt %+v: %v", p, err)
				}
			}
			kinds := h.auditKinds()
			found := false
			for _, k := range kinds {
				found = found || k == c.audit
			}
			if !found {
				t.Fatalf("audit %v has no %s", kinds, c.audit)
			}
		})
	}
}

func TestUIPages(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc + "# <script>alert(1)</script>\n")
	list := h.do("GET", "/", "", nil)
	if list.code != 200 || !strings.Contains(string(list.body), id) || !strings.Contains(string(list.body), "not logged in") {
		t.Fatalf("list page:\n%s", list.body)
	}
	if csp := list.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Fatalf("CSP %q", csp)
	}
	anon := string(h.do("GET", "/ui/requests/"+id, "", nil).body)
	for _, want := range []string{
		`<code id="request-id">` + id + `</code>`,
		`<code id="target">main</code>`,
		`<code class="guarantee">emails.only([&#39;bob@example.com&#39;])</code>`,
		`<span class="english">English(emails.only([&#39;bob@example.com&#39;]))</span>`,
		`<details id="source"><summary>Plan source</summary>`,
		`<details id="raw"><summary>Raw record (JSON)</summary>`,
		"&lt;script&gt;", "covered",
	} {
		if !strings.Contains(anon, want) {
			t.Errorf("request page lacks %q", want)
		}
	}
	shown, _, _ := strings.Cut(anon, `<details id="raw">`)
	if strings.Contains(anon, "<script>") || strings.Contains(anon, `id="decide"`) || strings.Contains(shown, "Trust me.") || !strings.Contains(anon, "Trust me.") {
		t.Fatalf("anonymous request page:\n%s", anon)
	}
	page := string(h.do("GET", "/ui/requests/"+id, "", nil, "Cookie", h.login()).body)
	for _, b := range []string{`value="approved_once"`, `value="reject_contract"`, `value="need_more_info"`, `value="rejected"`, `name="reason"`, `name="csrf"`} {
		if !strings.Contains(page, b) {
			t.Errorf("logged-in request page lacks %s", b)
		}
	}
	noEnglish := h.submit(planSrc + "# NO_ENGLISH\n")
	if page := string(h.do("GET", "/ui/requests/"+noEnglish, "", nil).body); !strings.Contains(page, "(no English rendering: english: no sentence for a *ir.Shares spec; read the code)") {
		t.Fatalf("a guarantee without English does not say why:\n%s", page)
	}
	if strings.Contains(anon, `id="assumes"`) {
		t.Errorf("a plan that assumes nothing shows an Assumes section")
	}
	assuming := h.submit(planSrc + "# assumes: lambda amount: amount <= 5\n")
	if page := string(h.do("GET", "/ui/requests/"+assuming, "", nil).body); !strings.Contains(page, `<h2>Assumes</h2>`) || !strings.Contains(page, `<code class="assumption">lambda amount: amount &lt;= 5</code>`) ||
		!strings.Contains(page, `<span class="english">English(lambda amount: amount &lt;= 5)</span>`) {
		t.Fatalf("a plan's assumption is not shown:\n%s", page)
	}
	unchecked := h.submit(planSrc + "# NO_COVERAGE\n")
	if page := string(h.do("GET", "/ui/requests/"+unchecked, "", nil).body); !strings.Contains(page, "Coverage was not checked") {
		t.Fatalf("a request whose coverage was not computed does not say so:\n%s", page)
	}
	if r := h.do("GET", "/ui/requests/req_nope", "", nil); r.code != 404 {
		t.Fatalf("unknown request page = %d", r.code)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ok := Config{Addr: "127.0.0.1:8765", Store: st, Key: testKey("k"), SessionSecret: make([]byte, 32), Reprove: fakeReprove, PasswordHash: testPasswordHash()}
	for name, mutate := range map[string]func(*Config){
		"no password": func(c *Config) { c.PasswordHash = "" },
		"weak password hash": func(c *Config) {
			c.PasswordHash = "$argon2id$v=19$m=16,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5"
		},
		"no store":     func(c *Config) { c.Store = nil },
		"short key":    func(c *Config) { c.Key = c.Key[:10] },
		"short secret": func(c *Config) { c.SessionSecret = make([]byte, 8) },
		"no reprove":   func(c *Config) { c.Reprove = nil },
		"port zero":    func(c *Config) { c.Addr = "127.0.0.1:0" },
		"no port":      func(c *Config) { c.Addr = "127.0.0.1" },
	} {
		c := ok
		mutate(&c)
		if _, err := New(c); err == nil {
			t.Errorf("%s: New accepted the config", name)
		}
	}
	if _, err := New(ok); err != nil {
		t.Fatal(err)
	}
}

// A refusal whose audit row cannot be written is still a refusal: a 5xx
// that says both, never the handler running on.
func TestRefusalWithoutAuditLog(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	h.store.Close()
	r := h.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once"}, "Host", "evil.example:1")
	// The words are under test here: a refusal that could not be audited
	// is answered as internal, and its words keep both the refusal's
	// reason and the audit failure, for the person who reads the log.
	wantRefusal(t, "foreign Host with a closed store", r, 500, wire.CodeInternal)
	if !strings.Contains(r.errorText(), "Host") || !strings.Contains(r.errorText(), "audit log failed") {
		t.Fatalf("foreign Host with a closed store = %d %s", r.code, r.body)
	}
	r = h.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once"})
	wantRefusal(t, "decision without session, closed store", r, 500, wire.CodeInternal)
	if !strings.Contains(r.errorText(), "no valid session") {
		t.Fatalf("decision without session, closed store = %d %s", r.code, r.body)
	}
}
