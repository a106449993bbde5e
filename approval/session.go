package approval

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// SessionCookie is the browser session's cookie name.
const SessionCookie = "clauz3_session"

// SessionLifetime bounds a browser session.
const SessionLifetime = 12 * time.Hour

var b64 = base64.RawURLEncoding

// sessions holds the one-time login token of this process and checks the
// session cookies made with the persistent session secret: a cookie is
// "v1.<id>.<expiry unix>.<mac>", so sessions survive a restart while the
// login link does not.
type sessions struct {
	secret     []byte
	loginToken string

	mu        sync.Mutex
	loginUsed bool
}

func (ss *sessions) init(secret []byte) error {
	var b [32]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return fmt.Errorf("approval: making the login token: %w", err)
	}
	ss.secret, ss.loginToken = secret, b64.EncodeToString(b[:])
	return nil
}

func (ss *sessions) mac(parts ...string) []byte {
	m := hmac.New(sha256.New, ss.secret)
	io.WriteString(m, strings.Join(parts, "\n"))
	return m.Sum(nil)
}

// login spends the one-time token and answers a new session cookie value.
func (ss *sessions) login(token string, now time.Time) (string, string, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if subtle.ConstantTimeCompare([]byte(token), []byte(ss.loginToken)) != 1 {
		return "", "", fmt.Errorf("wrong login token")
	}
	if ss.loginUsed {
		return "", "", fmt.Errorf("this login link was already used; restart the service for a new one")
	}
	var b [16]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return "", "", fmt.Errorf("making a session id: %w", err)
	}
	ss.loginUsed = true
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

// fromRequest checks the session cookie; a missing, malformed, forged or
// expired cookie is no session.
func (ss *sessions) fromRequest(r *http.Request, now time.Time) (session, bool) {
	c, err := r.Cookie(SessionCookie)
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

func (s *Service) login(w http.ResponseWriter, r *http.Request) {
	value, id, err := s.sessions.login(r.URL.Query().Get("token"), s.cfg.Now())
	if err != nil {
		s.refuse(w, r, http.StatusForbidden, "login.refused", "", "client:"+r.RemoteAddr, err.Error())
		return
	}
	if err := s.record(r.Context(), "login.ok", "", "human:"+id[:8], "one-time login link used"); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: value, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		MaxAge: int(SessionLifetime / time.Second),
	})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
