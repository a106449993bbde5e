package approval

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// SessionLifetime bounds a browser session.
const SessionLifetime = 12 * time.Hour

// Login rate limit: after a wrong password, the next attempt is refused
// until a delay passes that doubles with each failure in a row, up to
// loginMaxDelay. One counter for every client: the agent shares the
// human's loopback address, so a per-address limit would limit nobody.
const (
	loginFirstDelay = time.Second
	loginMaxDelay   = 5 * time.Minute
)

var b64 = base64.RawURLEncoding

// SessionCookieName is the session cookie's name for the service whose
// receipt key is pub: one name per instance, so a cookie another instance
// set for the same loopback host (cookies ignore ports) is not even
// looked at here (attack A4); the MAC with this instance's own session
// secret refuses it anyway.
func SessionCookieName(pub []byte) string { return "clauz3_session_" + receipt.KeyID(pub) }

// sessions checks the human's password and the session cookies made with
// the instance's session secret: a cookie is "v1.<id>.<expiry unix>.<mac>",
// so sessions survive a restart of the same instance.
type sessions struct {
	secret []byte
	cookie string
	hash   passwordHash

	mu sync.Mutex
	// logins limits the logins; decide limits each session's decisions
	// (by session id), so wrong passwords posted to /login by anyone
	// never keep a logged-in human from deciding.
	logins limiter
	decide map[string]*limiter
}

// limiter is one rate limit on password attempts: one a second, the
// delay doubling with each wrong one up to loginMaxDelay.
type limiter struct {
	failures int
	next     time.Time // no attempt before this
}

func (ss *sessions) init(secret []byte, cookie, encodedHash string) error {
	h, err := ParsePasswordHash(encodedHash)
	if err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	ss.secret, ss.cookie, ss.hash = secret, cookie, h
	return nil
}

func (ss *sessions) mac(parts ...string) []byte {
	m := hmac.New(sha256.New, ss.secret)
	io.WriteString(m, strings.Join(parts, "\n"))
	return m.Sum(nil)
}

// errWrongPassword is a login whose password is not the human's.
type errWrongPassword struct{}

func (errWrongPassword) Error() string { return "wrong password" }

// errRateLimited is a login attempt refused before the password is
// looked at.
type errRateLimited struct{ wait time.Duration }

func (e errRateLimited) Error() string {
	return fmt.Sprintf("too many wrong passwords: try again in %s", e.wait.Round(time.Second))
}

// checkPassword checks password against the human's hash, rate-limited
// by l (one attempt a second, the delay doubling with each wrong one up
// to loginMaxDelay). The login and every decision ask it: a decision is
// made with the password, not with a session alone (attack A6).
func (ss *sessions) checkPassword(l *limiter, password string, now time.Time) error {
	ss.mu.Lock()
	if now.Before(l.next) {
		wait := l.next.Sub(now)
		ss.mu.Unlock()
		return errRateLimited{wait}
	}
	// Hold the slot while hashing, so parallel guesses wait their turn.
	l.next = now.Add(loginFirstDelay)
	ss.mu.Unlock()
	ok := ss.hash.matches(password)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ok {
		l.failures++
		delay := loginFirstDelay << min(l.failures-1, 20)
		l.next = now.Add(min(delay, loginMaxDelay))
		return errWrongPassword{}
	}
	l.failures, l.next = 0, time.Time{}
	return nil
}

// checkDecision checks the password given with a decision of session s,
// rate-limited per session: only a holder of the session's cookie can
// delay its decisions, and the logins stay as they are.
func (ss *sessions) checkDecision(s session, password string, now time.Time) error {
	ss.mu.Lock()
	if ss.decide == nil {
		ss.decide = map[string]*limiter{}
	}
	l := ss.decide[s.id]
	if l == nil {
		l = &limiter{}
		ss.decide[s.id] = l
	}
	ss.mu.Unlock()
	return ss.checkPassword(l, password, now)
}

// login checks password and answers a new session cookie value.
func (ss *sessions) login(password string, now time.Time) (string, string, error) {
	if err := ss.checkPassword(&ss.logins, password, now); err != nil {
		return "", "", err
	}
	var b [16]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return "", "", fmt.Errorf("making a session id: %w", err)
	}
	id := b64.EncodeToString(b[:])
	exp := strconv.FormatInt(now.Add(SessionLifetime).Unix(), 10)
	return "v1." + id + "." + exp + "." + b64.EncodeToString(ss.mac("clauz3 session v1", id, exp)), id, nil
}

type session struct {
	id   string
	csrf string
}

func (s session) actor() string { return "human:" + s.id[:8] }

func (s session) csrfOK(token string) bool {
	return token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.csrf)) == 1
}

// fromRequest checks this instance's session cookie; a missing,
// malformed, forged or expired cookie is no session.
func (ss *sessions) fromRequest(r *http.Request, now time.Time) (session, bool) {
	c, err := r.Cookie(ss.cookie)
	if err != nil {
		return session{}, false
	}
	parts := strings.Split(c.Value, ".")
	if len(parts) != 4 || parts[0] != "v1" || len(parts[1]) != 22 {
		return session{}, false
	}
	mac, err := b64.Strict().DecodeString(parts[3])
	if err != nil || !hmac.Equal(mac, ss.mac("clauz3 session v1", parts[1], parts[2])) {
		return session{}, false
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || now.Unix() >= exp {
		return session{}, false
	}
	return session{id: parts[1], csrf: b64.EncodeToString(ss.mac("clauz3 csrf v1", parts[1]))}, true
}

// loginPage is the password form. It is here rather than in ui/ because
// it is part of the session machinery, not of the request card.
var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>clauz3 approval service: log in</title></head>
<body>
{{if .Dev}}<p style="background:#fdd;padding:.5em"><strong>DEV MODE</strong>: this service runs as the same OS user as the agent; it does not protect you from a hostile agent.</p>{{end}}
<h1>Log in</h1>
{{if .Error}}<p role="alert">{{.Error}}</p>{{end}}
<form method="post" action="/login">
<label>Password <input type="password" name="password" autocomplete="current-password" autofocus></label>
<button type="submit">Log in</button>
</form>
</body></html>
`))

func (s *Service) loginForm(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", uiCSP)
	w.WriteHeader(code)
	loginPage.Execute(w, map[string]any{"Dev": s.cfg.Dev, "Error": msg})
}

func (s *Service) login(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.loginForm(w, http.StatusOK, "")
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		fail(w, http.StatusMethodNotAllowed, wire.CodeMethodNotAllowed, r.Method+" is not allowed here")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if mt := r.Header.Get("Content-Type"); !strings.HasPrefix(mt, "application/x-www-form-urlencoded") {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "login.refused", "", "client:"+r.RemoteAddr, "the login is a form post")
		return
	}
	if err := r.ParseForm(); err != nil || len(r.PostForm["password"]) != 1 || len(r.PostForm) != 1 {
		s.refuse(w, r, http.StatusBadRequest, wire.CodeMalformed, "login.refused", "", "client:"+r.RemoteAddr, "the login form has one field, password")
		return
	}
	value, id, err := s.sessions.login(r.PostForm.Get("password"), s.cfg.Now())
	if err != nil {
		status, code := http.StatusForbidden, wire.CodeWrongPassword
		if _, limited := err.(errRateLimited); limited {
			status, code = http.StatusTooManyRequests, wire.CodeRateLimited
		} else if _, wrong := err.(errWrongPassword); !wrong {
			// The password was right but the service failed (its
			// randomness): not the caller's fault, and no session.
			status, code = http.StatusInternalServerError, wire.CodeInternal
		}
		detail := fmt.Sprintf("%s %s: %s", r.Method, r.URL.Path, err.Error())
		if aerr := s.record(r.Context(), "login.refused", "", "client:"+r.RemoteAddr, detail); aerr != nil {
			fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error()+"; "+aerr.Error())
			return
		}
		// A browser gets the form again; an API client the JSON error.
		if strings.Contains(r.Header.Get("Accept"), "text/html") {
			s.loginForm(w, status, err.Error())
		} else {
			fail(w, status, code, err.Error())
		}
		return
	}
	if err := s.record(r.Context(), "login.ok", "", "human:"+id[:8], "password login"); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: s.sessions.cookie, Value: value, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		MaxAge: int(SessionLifetime / time.Second),
	})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// session answers the CSRF token of a logged-in session, so a terminal
// client that logged in with the human's password (clauz3 approve) can
// decide as the browser does; without a valid session it is 401.
func (s *Service) session(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.sessions.fromRequest(r, s.cfg.Now())
	if !ok {
		fail(w, http.StatusUnauthorized, wire.CodeUnauthenticated, "no valid session: log in with the human's password first")
		return
	}
	answer(w, http.StatusOK, SessionInfo{CSRF: sess.csrf})
}
