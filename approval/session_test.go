package approval

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/wire"
)

// TestLoginOnlyByPassword: no link, token or query logs anyone in; a
// wrong password is refused and slows the next attempt down; the right
// one gives a session.
func TestLoginOnlyByPassword(t *testing.T) {
	h := newHarness(t, nil)
	for _, path := range []string{"/login", "/login?token=anything", "/login?password=" + url.QueryEscape(testPassword)} {
		r := h.do("GET", path, "", nil)
		if r.code != http.StatusOK || len(r.header.Values("Set-Cookie")) != 0 || !strings.Contains(string(r.body), `type="password"`) {
			t.Fatalf("GET %s = %d, cookies %v: want the password form and no session", path, r.code, r.header.Values("Set-Cookie"))
		}
	}
	if r := h.postLogin("wrong password!"); r.code != http.StatusForbidden || len(r.header.Values("Set-Cookie")) != 0 {
		t.Fatalf("wrong password = %d %v", r.code, r.header)
	}
	// Rate limit: the right password right after a wrong one is refused
	// too, without being looked at.
	wantRefusal(t, "right password within the delay", h.postLogin(testPassword), http.StatusTooManyRequests, wire.CodeRateLimited)
	h.clock.add(2 * time.Second)
	if r := h.postLogin("wrong again!!"); r.code != http.StatusForbidden {
		t.Fatalf("second wrong password = %d", r.code)
	}
	h.clock.add(time.Second) // the delay doubled to 2s
	if r := h.postLogin(testPassword); r.code != http.StatusTooManyRequests {
		t.Fatalf("right password within the doubled delay = %d", r.code)
	}
	h.clock.add(2 * time.Second)
	if cookie := h.login(); cookie == "" {
		t.Fatal("no session")
	}
}

// TestSessionCookieAloneDecidesNothing is attack A6: a browser sends a
// cookie to every port of its host (RFC 6265 section 8.5: cookies do not
// provide isolation by port), so the human's session cookie for
// 127.0.0.1:876 also reaches any page the agent serves on 127.0.0.1:<its
// port>. Holding it, the agent reads the CSRF token from the card page
// and posts a decision as the human. A decision is therefore the
// password, given with it: the cookie and its CSRF token without the
// password (or with a wrong one) decide nothing and the request stays
// pending; with the password, the same session decides.
func TestSessionCookieAloneDecidesNothing(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	cookie := h.login() // what the agent's page on another port receives
	csrf := h.csrf(id, cookie)
	form := func(v url.Values) []byte { return []byte(v.Encode()) }
	for _, tt := range []struct {
		name   string
		ctype  string
		body   []byte
		status int
		code   wire.ErrorCode
	}{
		{"json, no password", "application/json", mustJSON(t, map[string]string{"decision": "approved_once", "csrf": csrf}), http.StatusForbidden, wire.CodeWrongPassword},
		{"json, empty password", "application/json", mustJSON(t, map[string]string{"decision": "approved_once", "csrf": csrf, "password": ""}), http.StatusForbidden, wire.CodeWrongPassword},
		{"form, no password", "application/x-www-form-urlencoded", form(url.Values{"decision": {"approved_once"}, "csrf": {csrf}}), http.StatusForbidden, wire.CodeWrongPassword},
		{"form, a rejection without the password", "application/x-www-form-urlencoded", form(url.Values{"decision": {"rejected"}, "csrf": {csrf}}), http.StatusForbidden, wire.CodeWrongPassword},
		{"json, wrong password", "application/json", mustJSON(t, map[string]string{"decision": "approved_once", "csrf": csrf, "password": "a guess at it"}), http.StatusForbidden, wire.CodeWrongPassword},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantRefusal(t, tt.name, h.do("POST", "/api/requests/"+id+"/decision", tt.ctype, tt.body, "Cookie", cookie), tt.status, tt.code)
			if e, err := h.store.Get(context.Background(), id); err != nil || e.Decision != nil {
				t.Fatalf("decided with the cookie alone: %+v %v", e.Decision, err)
			}
		})
	}
	// The password given with the decision is rate-limited like a login.
	wantRefusal(t, "the right password within a wrong one's delay", h.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once", "csrf": csrf, "password": testPassword}, "Cookie", cookie), http.StatusTooManyRequests, wire.CodeRateLimited)
	h.clock.add(2 * loginFirstDelay)
	st := decodeStatus(t, h.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once", "csrf": csrf, "password": testPassword}, "Cookie", cookie))
	if st.Status != StatusApprovedOnce || st.Receipt == nil {
		t.Fatalf("the human's decision with the password = %+v", st)
	}
}

// TestWrongLoginsDoNotStopADecision: the password given with a decision
// is rate-limited per session, not with the logins: any local process
// can post wrong passwords to /login (and keep the next login minutes
// away), but that must not keep the human, already logged in, from
// deciding. A wrong password with a decision delays that session's next
// decision (TestSessionCookieAloneDecidesNothing), not the logins.
func TestWrongLoginsDoNotStopADecision(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	cookie := h.login()
	for i := 0; i < 3; i++ {
		h.postLogin("the agent's guess") // wrong, or refused within the delay
	}
	wantRefusal(t, "a login within the delay the agent's guesses set", h.postLogin(testPassword), http.StatusTooManyRequests, wire.CodeRateLimited)
	if st := decodeStatus(t, h.decide(id, cookie, StatusApprovedOnce)); st.Status != StatusApprovedOnce {
		t.Fatalf("the logged-in human's decision = %+v", st)
	}
	// A wrong password with a decision does not delay the logins.
	other := h.submit(planSrc)
	h.clock.add(2 * loginFirstDelay) // past the logins' delay the agent's guess set
	r := h.postJSON("/api/requests/"+other+"/decision", map[string]string{"decision": StatusApprovedOnce, "csrf": h.csrf(other, cookie), "password": "a guess"}, "Cookie", cookie)
	wantRefusal(t, "a decision with a wrong password", r, http.StatusForbidden, wire.CodeWrongPassword)
	if r := h.postLogin(testPassword); r.code != http.StatusSeeOther {
		t.Fatalf("a login after a decision's wrong password = %d %s", r.code, r.body)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestForeignCookieIsNoSession is attack A4 at the HTTP level: a session
// cookie made by another service instance (another state folder: its own
// key and session secret) is no session here, whatever name it is sent
// under.
func TestForeignCookieIsNoSession(t *testing.T) {
	mine := newHarness(t, nil)
	other := newInstance(t, "agent-instance", bytes.Repeat([]byte{9}, 32))
	if mine.svc.CookieName() == other.svc.CookieName() {
		t.Fatalf("two instances share the cookie name %s", mine.svc.CookieName())
	}
	id := mine.submit(planSrc)
	foreign := other.login()
	_, value, _ := strings.Cut(foreign, "=")
	for _, cookie := range []string{foreign, mine.svc.CookieName() + "=" + value} {
		r := mine.postJSON("/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once", "csrf": "x"}, "Cookie", cookie)
		if r.code != http.StatusUnauthorized {
			t.Fatalf("decision with the other instance's cookie %q = %d %s, want 401", cookie, r.code, r.body)
		}
	}
	e, err := mine.store.Get(context.Background(), id)
	if err != nil || e.Decision != nil {
		t.Fatalf("decided by a foreign cookie: %+v %v", e.Decision, err)
	}
}

// newInstance is a second service with its own key and secret.
func newInstance(t *testing.T, keyName string, secret []byte) *harness {
	t.Helper()
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "approval.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv := httptest.NewUnstartedServer(nil)
	clk := &clock{t: time.Now().UTC()}
	svc, err := New(Config{Addr: srv.Listener.Addr().String(), Store: st, Key: testKey(keyName), SessionSecret: secret,
		Reprove: fakeReprove, Now: clk.now, PasswordHash: testPasswordHash()})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = svc.Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	return &harness{t: t, svc: svc, store: st, srv: srv, clock: clk, client: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// TestSessionEndpoint: GET /api/session answers the session's CSRF token
// (the one the request page carries) to a logged-in session only.
func TestSessionEndpoint(t *testing.T) {
	h := newHarness(t, nil)
	wantRefusal(t, "without a session", h.do("GET", "/api/session", "", nil), 401, wire.CodeUnauthenticated)
	if r := h.do("GET", "/api/session", "", nil, "Cookie", h.svc.CookieName()+"=v1.forged.1.x"); r.code != 401 {
		t.Fatalf("with a forged cookie = %d %s", r.code, r.body)
	}
	cookie := h.login()
	id := h.submit(planSrc)
	r := h.do("GET", "/api/session", "", nil, "Cookie", cookie)
	var info SessionInfo
	if r.code != 200 || json.Unmarshal(r.body, &info) != nil || info.CSRF == "" || info.CSRF != h.csrf(id, cookie) {
		t.Fatalf("with the session = %d %s", r.code, r.body)
	}
}
