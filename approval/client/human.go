package client

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/wire"
)

// maxAnswer bounds what the service may send the human's client: the
// request list is at most 500 summaries.
const maxAnswer = 1 << 20

// Human is the human's terminal client of the service (`clauz3 requests`,
// `approve`, `deny`): it logs in with the human's password exactly as the
// browser does (POST /login, the session cookie, the session's CSRF
// token), so it decides nothing without the password.
type Human struct {
	// Dev is a same-user development service: the terminal says so.
	Dev    bool
	base   string
	client *http.Client
	cookie string
}

// NewHuman is the human's client of the service at baseURL, reached with
// hc (Found.HTTPClient: the socket with its peer checked, or the pinned
// loopback address). Redirects are never followed: the login's redirect
// is its answer.
func NewHuman(baseURL string, dev bool, hc *http.Client) *Human {
	c := *hc
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c.Timeout = 30 * time.Second
	return &Human{Dev: dev, base: strings.TrimSuffix(baseURL, "/"), client: &c}
}

// call sends one request and decodes a `want` answer; any other answer is
// an error carrying the service's reason.
func (h *Human) call(ctx context.Context, method, path, ctype string, body io.Reader, want int, into any) error {
	req, err := http.NewRequestWithContext(ctx, method, h.base+path, body)
	if err != nil {
		return err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.Header.Set("Accept", "application/json")
	if h.cookie != "" {
		req.Header.Set("Cookie", h.cookie)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: the approval service did not answer: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return fmt.Errorf("%s %s: reading the answer: %w", method, path, err)
	}
	if resp.StatusCode != want {
		var e wire.Error
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, e.Error)
		}
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	if resp.StatusCode == http.StatusSeeOther { // the login: its cookie is the answer
		for _, c := range resp.Cookies() {
			if strings.HasPrefix(c.Name, "clauz3_session_") {
				h.cookie = c.Name + "=" + c.Value
			}
		}
		if h.cookie == "" {
			return fmt.Errorf("%s %s: the service set no session cookie", method, path)
		}
		return nil
	}
	if into == nil {
		return nil
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("%s %s: malformed answer: %v", method, path, err)
	}
	return nil
}

// Request is one request with its card.
func (h *Human) Request(ctx context.Context, id string) (wire.Request, error) {
	var r wire.Request
	err := h.call(ctx, "GET", "/api/requests/"+url.PathEscape(id), "", nil, http.StatusOK, &r)
	return r, err
}

// Requests is the list of requests, newest first.
func (h *Human) Requests(ctx context.Context) ([]wire.Request, error) {
	var list wire.RequestList
	err := h.call(ctx, "GET", "/api/requests", "", nil, http.StatusOK, &list)
	return list.Requests, err
}

// Login logs in with the human's password, as the login form does.
func (h *Human) Login(ctx context.Context, password string) error {
	form := url.Values{"password": {password}}.Encode()
	return h.call(ctx, "POST", "/login", "application/x-www-form-urlencoded", strings.NewReader(form), http.StatusSeeOther, nil)
}

// CSRF is the logged-in session's CSRF token.
func (h *Human) CSRF(ctx context.Context) (string, error) {
	var sess wire.SessionInfo
	err := h.call(ctx, "GET", "/api/session", "", nil, http.StatusOK, &sess)
	return sess.CSRF, err
}

// Decide posts decision on request id with the session's csrf token and
// the human's password (a decision is made with it, never with the
// session alone), and refuses an answer that is not that decision on
// that request.
func (h *Human) Decide(ctx context.Context, id, decision, reason, csrf, password string) (wire.Status, error) {
	body, _ := json.Marshal(wire.DecisionBody{Decision: decision, Reason: reason, CSRF: csrf, Password: password})
	var st wire.Status
	if err := h.call(ctx, "POST", "/api/requests/"+url.PathEscape(id)+"/decision", "application/json", strings.NewReader(string(body)), http.StatusOK, &st); err != nil {
		return st, err
	}
	if st.ID != id || st.Status != decision {
		return st, fmt.Errorf("the service answered %q for %q, not %q for %q", st.Status, st.ID, decision, id)
	}
	return st, nil
}

// WriteList prints the requests, pending first, and how to decide one.
func WriteList(w io.Writer, requests []wire.Request) {
	pending := 0
	for _, pass := range []bool{true, false} {
		for _, r := range requests {
			if (r.Status == wire.StatusPending) != pass {
				continue
			}
			if pass {
				pending++
			}
			fmt.Fprintf(w, "%s  %-15s %s  %s\n", r.ID, r.Status, Printable(r.CreatedAt), Printable(r.PlanName))
		}
	}
	if len(requests) == 0 {
		fmt.Fprintln(w, "no requests")
	} else {
		fmt.Fprintf(w, "%d pending; `clauz3 requests ID` shows one, `clauz3 approve ID` or `clauz3 deny ID` decides it\n", pending)
	}
}

// WriteCard prints a request's card as the page shows it, in plain
// English: every part the page shows before a decision (warnings,
// actions, inputs, configuration, what the run can touch, promises and
// their assumptions), so the human deciding in a terminal reads what
// the one in the browser reads.
func WriteCard(w io.Writer, r wire.Request) {
	p := func(format string, a ...any) { fmt.Fprintln(w, Printable(fmt.Sprintf(format, a...))) }
	p("Request %s to run %s: %s", r.ID, r.PlanName, r.Status)
	c := r.Card
	if c == nil {
		p("No card was computed for this request: read the plan source (GET /api/requests/%s).", r.ID)
	} else {
		if len(c.Warnings) > 0 {
			p("")
			p("!! READ THIS BEFORE DECIDING")
			for _, wn := range c.Warnings {
				p("!! %s", wn.Message)
			}
		}
		p("")
		p("What the plan will do:")
		english := map[string]string{}
		for _, g := range c.Guarantees {
			english[g.Source] = orElse(g.English, g.Source)
		}
		for _, ef := range c.Effects {
			p("  - %s (%s)", ef.Says, ef.Where)
			switch {
			case len(ef.CoveredBy) > 0:
				p("      limited by: %s", joinMapped(ef.CoveredBy, english))
			case len(ef.PartlyBy) > 0:
				p("      ONLY PARTLY LIMITED by: %s", joinMapped(ef.PartlyBy, english))
			default:
				p("      NO PROMISE LIMITS THIS ACTION")
			}
		}
		if len(c.Effects) == 0 {
			p("  nothing outside itself")
		}
		if len(c.Inputs) > 0 {
			p("Inputs of this run:")
			for _, in := range c.Inputs {
				p("  %s = %s", in.Name, orElse(in.Value, "(not given)"))
			}
		}
		if len(c.Config) > 0 {
			p("Configuration the service will use:")
			for _, s := range c.Config {
				p("  %s: %s: %s", s.Layer, s.Label, s.Value)
			}
		}
		if len(c.Sandbox) > 0 {
			p("What the run can touch (the kernel sandbox it runs in):")
			for _, l := range c.Sandbox {
				p("  %s", l)
			}
		}
	}
	p("What the plan promises:")
	for _, g := range r.Guarantees {
		text := orElse(g.English, g.Source)
		if c != nil {
			for _, cg := range c.Guarantees {
				if cg.Source == g.Source && cg.English != "" {
					text = cg.English
				}
			}
		}
		p("  - %s", text)
	}
	if len(r.Guarantees) == 0 {
		p("  nothing")
	}
	if len(r.Assumes) > 0 {
		p("The promises hold only for inputs that meet these conditions (the sealed program checks them before it runs and does nothing when they fail):")
		for _, a := range r.Assumes {
			if a.English == "" {
				p("  - %s (no English rendering; the code)", a.Source)
				continue
			}
			p("  - %s", a.English)
		}
	}
	for _, cv := range r.Coverage {
		p("Coverage, %s: %s", card.LayerName(cv.Domain), card.CoverageText(cv.Status, cv.Missing))
	}
	if r.Status == wire.StatusPending {
		p("")
		p("Decide: clauz3 approve %s   or   clauz3 deny %s", r.ID, r.ID)
	} else {
		p("Decided by %s%s", r.DecidedBy, map[bool]string{true: ": " + r.Reason, false: ""}[r.Reason != ""])
	}
}

func orElse(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func joinMapped(xs []string, m map[string]string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = orElse(m[x], x)
	}
	return strings.Join(out, "; ")
}

// Printable keeps text from the service (a plan name, a reason, a card)
// from driving the terminal: control characters become U+FFFD.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return '\uFFFD'
		}
		return r
	}, s)
}
