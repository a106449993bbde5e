package runner

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/clauz3/clauz3/ir/english"
)

// TestBrowserApproval drives the approval UI in Debian's headless
// Chromium (installed by scripts/setup.sh): the human logs in through the
// one-time URL, opens the request a run submitted, sees the guarantee as
// code and as English with the source collapsed, clicks Approve, and the
// run completes and sends its one email.
func TestBrowserApproval(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium and builds a sealed binary")
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium is not installed (scripts/setup.sh installs it): %v", err)
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

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	ctx, cancel := context.WithTimeout(bctx, 30*time.Second)
	defer cancel()

	page := real.svc.URL() + "/ui/requests/" + id
	text := func(sel chromedp.CSS) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatalf("reading %s: %v", sel, err)
		}
		return strings.TrimSpace(v)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(real.svc.LoginURL()),
		chromedp.WaitVisible(chromedp.CSS(`input[name="password"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), testPassword),
		chromedp.Click(chromedp.CSS(`button[type="submit"]`)),
		chromedp.WaitNotPresent(chromedp.CSS(`input[name="password"]`)),
		chromedp.Navigate(page),
		chromedp.WaitVisible(chromedp.ID("approve")),
	); err != nil {
		t.Fatalf("logging in and opening %s: %v", page, err)
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

	for _, step := range []struct {
		what string
		do   chromedp.Action[chromedp.Void]
	}{
		{"typing the reason", chromedp.SendKeys(chromedp.ID("reason"), "only Bob, fine")},
		{"clicking Approve", chromedp.Click(chromedp.ID("approve"))},
		{"waiting for the decision", chromedp.WaitVisible(chromedp.ID("decision"))},
	} {
		if err := chromedp.Do(ctx, step.do); err != nil {
			loc, _ := chromedp.Run(bctx, chromedp.Location())
			body, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.body.innerText`))
			t.Fatalf("%s: %v (the page is %s: %q)", step.what, err, loc, body)
		}
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
