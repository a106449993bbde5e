package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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

	if err := b.Approve("only Bob, fine"); err != nil {
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
