package approval

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/wire"
)

//go:embed ui/*.html
var uiFiles embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"add1":         func(i int) int { return i + 1 },
	"coverageText": card.CoverageText,
	"layerName":    card.LayerName,
}).ParseFS(uiFiles, "ui/*.html"))

// uiCSP allows nothing external and no script at all; the list page adds
// its own script by nonce (render).
const uiCSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// render executes page name with data, to which it adds Dev: a same-user
// service says so on every page (and the request page inside its card).
// A page that runs a script gets data["Nonce"] set by its handler, and the
// policy then allows exactly the script carrying that nonce (and fetches
// from this service only); every other page allows no script at all.
func (s *Service) render(w http.ResponseWriter, name string, data map[string]any) {
	data["Dev"] = s.cfg.Dev
	csp := uiCSP
	if nonce, _ := data["Nonce"].(string); nonce != "" {
		csp += "; script-src 'nonce-" + nonce + "'; connect-src 'self'"
	}
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "rendering "+name+": "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", csp)
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

func (s *Service) listPage(w http.ResponseWriter, r *http.Request) {
	sums, err := s.cfg.Store.List(r.Context(), 500)
	if err == nil {
		err = s.expireGone(r.Context(), sums)
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	}
	_, loggedIn := s.sessions.fromRequest(r, s.cfg.Now())
	// A fresh nonce per answer: the live list's script runs, an injected
	// one cannot guess it.
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "making a script nonce: "+err.Error())
		return
	}
	s.render(w, "list.html", map[string]any{"Requests": sums, "LoggedIn": loggedIn, "Nonce": base64.RawURLEncoding.EncodeToString(b[:])})
}

func (s *Service) requestPage(w http.ResponseWriter, r *http.Request) {
	e, ok := s.lookup(w, r)
	if !ok {
		return
	}
	req := requestOf(e)
	raw, err := json.MarshalIndent(req, "", "  ")
	if err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, "encoding the raw record: "+err.Error())
		return
	}
	csrf := ""
	if sess, ok := s.sessions.fromRequest(r, s.cfg.Now()); ok {
		csrf = sess.csrf
	}
	data := map[string]any{"Request": req, "Raw": string(raw), "CSRF": csrf,
		"Guarantees": guaranteeViews(req), "Card": req.Card, "Effects": effectViews(req.Card)}
	if o, ran, err := s.cfg.Store.Outcome(r.Context(), e.ID); err != nil {
		fail(w, http.StatusInternalServerError, wire.CodeInternal, err.Error())
		return
	} else if ran {
		data["Outcome"] = outcomeView(o, req.Card)
	}
	s.render(w, "request.html", data)
}

// effectView is one call on the card with the promises that limit it,
// in plain English.
type effectView struct {
	card.Effect
	LimitedBy, PartlyBy []string
}

func effectViews(c *card.Card) []effectView {
	if c == nil {
		return nil
	}
	english := map[string]string{}
	for _, g := range c.Guarantees {
		english[g.Source] = g.English
		if g.English == "" {
			english[g.Source] = g.Source
		}
	}
	out := make([]effectView, len(c.Effects))
	for i, ef := range c.Effects {
		if ef.Says == "" {
			// A card stored before cards spoke English: say the call
			// as code rather than show an empty line.
			args := make([]string, len(ef.Args))
			for j, a := range ef.Args {
				args[j] = a.Name + "=" + a.Value
			}
			ef.Says, ef.Where = card.Visible(ef.Name+"("+strings.Join(args, ", ")+")"), ef.At
		}
		out[i].Effect = ef
		for _, src := range ef.CoveredBy {
			out[i].LimitedBy = append(out[i].LimitedBy, english[src])
		}
		for _, src := range ef.PartlyBy {
			out[i].PartlyBy = append(out[i].PartlyBy, english[src])
		}
	}
	return out
}

// ranView is what the page says of a finished run: each action done, the
// one that failed marked, and how the run ended.
type ranView struct {
	Refused bool
	Reason  string
	Exit    int
	Error   string
	Done    []ranCall
}

type ranCall struct {
	Says   string
	Failed bool
}

func outcomeView(o RunOutcome, c *card.Card) ranView {
	v := ranView{Refused: o.Refused, Reason: o.Reason, Exit: o.Exit, Error: o.Error}
	for _, call := range o.Effects {
		says := call.Effect
		if c != nil {
			says = c.Ran(call.Effect, call.Args)
		}
		// The runtime's failure record in the trace marks the call that
		// failed; the words of the error output decide nothing.
		v.Done = append(v.Done, ranCall{Says: says, Failed: call.FailedWith != ""})
	}
	return v
}

// guaranteeView is a guarantee as the page shows it: with what the card
// knows of it (what it selects, whether it covers nothing the plan does,
// flagged text), so a vacuous guarantee is marked where it is read.
type guaranteeView struct {
	Guarantee
	Card *card.Guarantee
}

func guaranteeViews(req Request) []guaranteeView {
	out := make([]guaranteeView, len(req.Guarantees))
	for i, g := range req.Guarantees {
		out[i].Guarantee = g
		if req.Card == nil {
			continue
		}
		for j := range req.Card.Guarantees {
			if req.Card.Guarantees[j].Source == g.Source {
				out[i].Card = &req.Card.Guarantees[j]
				break
			}
		}
	}
	return out
}
