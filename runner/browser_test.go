package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/internal/browsertest"
	"github.com/clauz3/clauz3/ir/english"
)

// TestBrowserApproval drives the approval UI in Debian's headless
// Chromium (installed by scripts/setup.sh) with the steps every browser
// test shares (internal/browsertest): the human logs in with the
// password, opens the request a run submitted, sees the guarantee as
// code and as English with the source collapsed, clicks Approve, and the
// run completes and sends its one email.
func TestBrowserApproval(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium and builds a sealed binary")
	}
	plan := corpusPlan(t, "email_only_bob_pass")
	wantEnglish, err := english.Guarantee(plan.Prog.Guarantees[0])
	if err != nil {
		t.Fatal(err)
	}
	outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
	real := startRealService(t, outbox)
	var out, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(context.Background(), plan, Options{
			Service:         real.service(),
			ApprovalTimeout: 2 * time.Minute,
			Out:             &out,
			Stderr:          &stderr,
		})
	}()
	id := real.pendingID(t)

	b, err := browsertest.Start(t.TempDir(), 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	ctx := b.Context()

	page := real.svc.URL() + "/ui/requests/" + id
	text := func(sel chromedp.CSS) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatalf("reading %s: %v", sel, err)
		}
		return strings.TrimSpace(v)
	}
	if err := b.Login(real.svc.LoginURL(), testPassword); err != nil {
		t.Fatal(err)
	}
	if err := b.Open(page); err != nil {
		t.Fatal(err)
	}
	// The code form is one click away (a collapsed "as code"), so it is
	// read from the document rather than as visible text.
	guarantee, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("code.guarantee").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	sentence, status := text("span.english"), text("#status")
	if guarantee != "emails.only(['bob@example.com'])" || sentence != wantEnglish || status != "pending" {
		t.Errorf("the page shows guarantee %q, English %q, status %q; want %q, %q, pending", guarantee, sentence, status, "emails.only(['bob@example.com'])", wantEnglish)
	}
	sourceOpen, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("source").open`))
	if err != nil {
		t.Fatal(err)
	}
	sourceShown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#source pre").checkVisibility()`))
	if err != nil {
		t.Fatal(err)
	}
	if sourceOpen || sourceShown {
		t.Errorf("the plan source is shown (open %v, rendered %v): it must be collapsed", sourceOpen, sourceShown)
	}
	if _, err := os.Stat(outbox); err == nil {
		t.Fatal("an effect fired before the human approved")
	}

	agentTakesTheSession(t, ctx, real.svc.URL(), id, real.svc.CookieName())
	if err := b.Open(page); err != nil {
		t.Fatal(err)
	}

	if err := b.Approve(testPassword, "only Bob, fine"); err != nil {
		t.Fatal(err)
	}
	if decision := text("#decision"); !strings.Contains(decision, "approved_once") || !strings.Contains(decision, "only Bob, fine") {
		t.Errorf("after Approve the page says %q", decision)
	}

	select {
	case code := <-done:
		if code != ExitRan {
			t.Fatalf("the run exited %d:\n%s%s", code, out.String(), stderr.String())
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("the run did not complete after the approval:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "decision     approved_once by human: only Bob, fine") || !strings.HasSuffix(out.String(), "  done.\n") {
		t.Errorf("transcript:\n%s", out.String())
	}
	data, err := os.ReadFile(outbox)
	if want := `{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"; err != nil || string(data) != want {
		t.Errorf("outbox %q (%v), want %q", data, err, want)
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	if after := text("#decision"); !strings.Contains(after, "receipt redeemed") {
		t.Errorf("after the run the page says %q, want the receipt redeemed", after)
	}
}

// agentTakesTheSession is attack A6 in a real browser: the logged-in
// human opens a page the agent serves on another port of 127.0.0.1 (a
// report, a dev server); Chromium sends it the session cookie of the
// service at base (cookies are not isolated by port). The agent reads the
// card's CSRF token with it and posts approved_once, as a form and as
// JSON, without the password: each is refused with wrong_password and
// the request stays pending.
func agentTakesTheSession(t *testing.T, ctx context.Context, base, id, cookieName string) {
	t.Helper()
	got := make(chan string, 1)
	agent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(cookieName); err == nil {
			select {
			case got <- c.Name + "=" + c.Value:
			default:
			}
		}
		io.WriteString(w, "<!doctype html><title>the agent's report</title><p id=report>all tests pass</p>")
	}))
	defer agent.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(agent.URL+"/report"), chromedp.WaitVisible(chromedp.CSS(`#report`))); err != nil {
		t.Fatal(err)
	}
	var cookie string
	select {
	case cookie = <-got:
	default:
		// A browser that isolates cookies by port leaves the agent
		// nothing to try; the decisions below would prove nothing.
		t.Fatalf("Chromium did not send the service's session cookie to %s: the premise of attack A6 no longer holds; revisit this test", agent.URL)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(method, path, ctype, body string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Cookie", cookie)
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, data
	}
	code, page := do("GET", "/ui/requests/"+id, "", "")
	m := csrfField.FindSubmatch(page)
	if code != http.StatusOK || m == nil {
		t.Fatalf("the agent's read of the card with the human's cookie: %d, no CSRF token (the cookie is a session: the premise holds)", code)
	}
	csrf := string(m[1])
	jsonBody, _ := json.Marshal(wire.DecisionBody{Decision: wire.StatusApprovedOnce, CSRF: csrf})
	for _, try := range []struct{ ctype, body string }{
		{"application/x-www-form-urlencoded", url.Values{"decision": {wire.StatusApprovedOnce}, "csrf": {csrf}}.Encode()},
		{"application/json", string(jsonBody)},
	} {
		code, body := do("POST", "/api/requests/"+id+"/decision", try.ctype, try.body)
		var e wire.Error
		if json.Unmarshal(body, &e) != nil || code != http.StatusForbidden || e.Code != wire.CodeWrongPassword {
			t.Fatalf("the agent's %s decision with the human's cookie and no password: %d %s, want 403 %s", try.ctype, code, body, wire.CodeWrongPassword)
		}
	}
	var st wire.Request
	if code, body := do("GET", "/api/requests/"+id, "", ""); code != http.StatusOK || json.Unmarshal(body, &st) != nil || st.Status != wire.StatusPending {
		t.Fatalf("after the agent's tries the request is %d %s, want pending", code, body)
	}
}
