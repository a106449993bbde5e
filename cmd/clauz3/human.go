package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/runner"
)

// The human's verbs: the terminal alternative to the approval page.
// `clauz3 requests [ID]` lists the requests (pending first) or shows one
// card; `clauz3 approve ID` and `clauz3 deny ID` decide, logged in with
// the human's password exactly as the browser logs in (POST /login, the
// session cookie, the session's CSRF token). They find the service as
// `clauz3 run` does (the client configuration), and `clauz3 config` never
// allows them to an agent: the password is what makes them the human's.

const humanUsage = `usage:
  clauz3 requests [ID]                                list requests (pending first), or show one request's card
  clauz3 approve ID [--reason R] [--password-file FILE|-]
  clauz3 deny ID    [--reason R] [--password-file FILE|-]

approve and deny log in with the human's password (asked on the terminal, or read from an
owner-only file, or - for standard input), as the approval page does.
`

// human is a client of the service found from the client configuration.
type human struct {
	svc    runner.Service
	client *http.Client
	cookie string
}

func findHuman(e env) (*human, error) {
	svc, hc, err := findService(e, ".")
	if err != nil {
		return nil, err
	}
	c := *hc
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c.Timeout = 30 * time.Second
	return &human{svc: svc, client: &c}, nil
}

// call sends one request and decodes a `want` answer; any other answer is
// an error carrying the service's reason.
func (h *human) call(ctx context.Context, method, path, ctype string, body io.Reader, want int, into any) error {
	req, err := http.NewRequestWithContext(ctx, method, h.svc.URL+path, body)
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
	data, err := io.ReadAll(io.LimitReader(resp.Body, approval.MaxBody+1))
	if err != nil {
		return fmt.Errorf("%s %s: reading the answer: %w", method, path, err)
	}
	if resp.StatusCode != want {
		var e struct {
			Error string `json:"error"`
		}
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

func runRequests(e env, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 requests", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, humanUsage) }
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 requests: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 1 {
		return fail(exitUsage, "want at most one request ID")
	}
	h, err := findHuman(e)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if h.svc.Dev {
		fmt.Fprintln(stdout, "DEV MODE: the approval service runs as the same OS user as the agent; it does not protect you from a hostile agent")
	}
	if fs.NArg() == 1 {
		var r wire.Request
		if err := h.call(ctx, "GET", "/api/requests/"+url.PathEscape(fs.Arg(0)), "", nil, http.StatusOK, &r); err != nil {
			return fail(exitRefused, "%v", err)
		}
		writeCard(stdout, r)
		return exitOK
	}
	var list wire.RequestList
	if err := h.call(ctx, "GET", "/api/requests", "", nil, http.StatusOK, &list); err != nil {
		return fail(exitRefused, "%v", err)
	}
	pending := 0
	for _, pass := range []bool{true, false} {
		for _, r := range list.Requests {
			if (r.Status == wire.StatusPending) != pass {
				continue
			}
			if pass {
				pending++
			}
			fmt.Fprintf(stdout, "%s  %-15s %s  %s\n", r.ID, r.Status, printableText(r.CreatedAt), printableText(r.PlanName))
		}
	}
	if len(list.Requests) == 0 {
		fmt.Fprintln(stdout, "no requests")
	} else {
		fmt.Fprintf(stdout, "%d pending; `clauz3 requests ID` shows one, `clauz3 approve ID` or `clauz3 deny ID` decides it\n", pending)
	}
	return exitOK
}

// writeCard prints a request's card as the page shows it, in plain
// English.
func writeCard(w io.Writer, r wire.Request) {
	p := func(format string, a ...any) { fmt.Fprintln(w, printableText(fmt.Sprintf(format, a...))) }
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

// printableText keeps text from the service (a plan name, a reason, a
// card) from driving the terminal: control characters become U+FFFD.
func printableText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return '\uFFFD'
		}
		return r
	}, s)
}

// runDecide is approve (approved_once) and deny (rejected).
func runDecide(e env, verb, decision string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, humanUsage) }
	reason := fs.String("reason", "", "why, recorded with the decision")
	passwordFile := fs.String("password-file", "", "read the human's password from this owner-only file, or - for standard input (default: ask on the terminal)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 %s: "+format+"\n", append([]any{verb}, a...)...)
		return code
	}
	if fs.NArg() != 1 {
		return fail(exitUsage, "want one request ID")
	}
	id := fs.Arg(0)
	h, err := findHuman(e)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	password, err := readPassword1(*passwordFile, stdin, stderr)
	if err != nil {
		return fail(exitRefused, "the password: %v (nothing decided)", err)
	}
	if password == "" {
		return fail(exitRefused, "the password is empty (nothing decided)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	form := url.Values{"password": {password}}.Encode()
	if err := h.call(ctx, "POST", "/login", "application/x-www-form-urlencoded", strings.NewReader(form), http.StatusSeeOther, nil); err != nil {
		return fail(exitRefused, "logging in: %v (nothing decided)", err)
	}
	var sess wire.SessionInfo
	if err := h.call(ctx, "GET", "/api/session", "", nil, http.StatusOK, &sess); err != nil {
		return fail(exitRefused, "%v (nothing decided)", err)
	}
	body, _ := json.Marshal(wire.DecisionBody{Decision: decision, Reason: *reason, CSRF: sess.CSRF})
	var st wire.Status
	if err := h.call(ctx, "POST", "/api/requests/"+url.PathEscape(id)+"/decision", "application/json", strings.NewReader(string(body)), http.StatusOK, &st); err != nil {
		return fail(exitRefused, "%v", err)
	}
	if st.ID != id || st.Status != decision {
		return fail(exitRefused, "the service answered %q for %q, not %q for %q", st.Status, st.ID, decision, id)
	}
	fmt.Fprintf(stdout, "%s: %s by %s%s\n", id, st.Status, st.DecidedBy, map[bool]string{true: ": " + printableText(st.Reason), false: ""}[st.Reason != ""])
	return exitOK
}

// readPassword1 reads the password once: from an owner-only file, from
// standard input ("-"), or on the terminal without echo.
func readPassword1(from string, stdin io.Reader, stderr io.Writer) (string, error) {
	if from != "" {
		return readPassword(from, stdin, stderr)
	}
	p, err := readPasswordOnce(stderr)
	if err != nil {
		return "", errors.New(strings.Replace(err.Error(), "use --password-file FILE or - for standard input", "give --password-file FILE, or - for standard input", 1))
	}
	return p, nil
}
