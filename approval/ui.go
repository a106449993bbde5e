package approval

import (
	"bytes"
	"embed"
	"encoding/json"
	"html/template"
	"net/http"
)

//go:embed ui/*.html
var uiFiles embed.FS

var pages = template.Must(template.ParseFS(uiFiles, "ui/*.html"))

// uiCSP allows nothing external and no script at all.
const uiCSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

func (s *Service) render(w http.ResponseWriter, name string, data any) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		fail(w, http.StatusInternalServerError, "rendering "+name+": "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", uiCSP)
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

func (s *Service) listPage(w http.ResponseWriter, r *http.Request) {
	sums, err := s.cfg.Store.List(r.Context(), 500)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	_, loggedIn := s.sessions.fromRequest(r, s.cfg.Now())
	s.render(w, "list.html", map[string]any{"Requests": sums, "LoggedIn": loggedIn})
}

func (s *Service) requestPage(w http.ResponseWriter, r *http.Request) {
	e, ok := s.lookup(w, r)
	if !ok {
		return
	}
	req := requestOf(e)
	raw, err := json.MarshalIndent(req, "", "  ")
	if err != nil {
		fail(w, http.StatusInternalServerError, "encoding the raw record: "+err.Error())
		return
	}
	csrf := ""
	if sess, ok := s.sessions.fromRequest(r, s.cfg.Now()); ok {
		csrf = sess.csrf
	}
	s.render(w, "request.html", map[string]any{"Request": req, "Raw": string(raw), "CSRF": csrf})
}
