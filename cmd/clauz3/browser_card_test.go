package main

import (
	"bytes"
	"encoding/json"
	"flag"
	pngpkg "image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/clauz3/clauz3/internal/browsertest"
)

// cardScreenshot is where TestBrowserCard also writes its screenshot of
// the card (besides the test's artifact directory); CLAUZ3_CARD_SCREENSHOT
// does the same when the flag is not given.
var cardScreenshot = flag.String("card.screenshot", "", "also write TestBrowserCard's screenshot of the card to this PNG file")

// browserCardPlan sends one mail and can withdraw money no guarantee
// limits (only for a large amount, which this run's input is not).
const browserCardPlan = `import clauz3
import deal
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda account, amount: amount > 0 and len(account) > 0)
@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(account: str, amount: int) -> None:
    send_email("bob@example.com", "Report is ready")
    if amount > 100000:
        withdraw(account, amount)
`

// TestBrowserCard is the human's side end to end in headless Chromium
// against a real dev service process: the request list is open before
// the agent's `clauz3 run` submits, and the request appears in it without
// a reload (the live list's nonce-allowed script); the human logs in with
// the password, opens the card and sees, in plain English, the actions
// the plan can take with money in its unit, the inputs of this run, the
// configuration the service will use and the loud warning for the
// withdrawal no guarantee limits; the screenshot of the card is kept;
// Approve (the primary action) lets the run finish, the mail arrives at
// the service's SMTP server, and the card then says what ran.
func TestBrowserCard(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium and a real service, and builds a sealed binary")
	}
	box := &mailbox{}
	port, caPEM := startSMTP(t, box)
	inst := newDevInstall(t)
	for _, l := range []string{"email", "bank"} {
		if out, err := inst.cmd(append([]string{"layers", "install", l}, inst.flags()...)...).CombinedOutput(); err != nil {
			t.Fatalf("layers install %s: %v\n%s", l, err, out)
		}
	}
	caFile := filepath.Join(inst.config, "smtp-ca.pem")
	ledger := filepath.Join(inst.state, "ledger.db")
	writeConfig := func(name string, env map[string]string) {
		data, _ := json.Marshal(map[string]map[string]string{"env": env})
		if err := os.WriteFile(filepath.Join(inst.config, "layers", name+".json"), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	writeConfig("email", map[string]string{"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": strconv.Itoa(port), "CLAUZ3_SMTP_TLS": "starttls",
		"CLAUZ3_SMTP_FROM": "clauz3@example.com", "CLAUZ3_SMTP_CA_FILE": caFile})
	writeConfig("bank", map[string]string{"CLAUZ3_BANK_DB": ledger})
	svc := inst.start(t)

	proj := t.TempDir()
	for _, l := range []string{"email", "bank"} {
		if out, err := inst.cmd("install", l, "--into", proj).CombinedOutput(); err != nil {
			t.Fatalf("install %s: %v\n%s", l, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, "plan.py"), []byte(browserCardPlan), 0o644); err != nil {
		t.Fatal(err)
	}

	b, err := browsertest.Start(t.TempDir(), 3*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	ctx := b.Context()
	check := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check(b.Login(svc.loginURL, testServicePassword))

	// The agent's run, submitted while the human's list is open.
	run := inst.cmd("run", "--approval-timeout", "150s", "--arg", `account="checking"`, "--arg", "amount=500", "plan.py")
	run.Dir = proj
	var out bytes.Buffer
	run.Stdout, run.Stderr = &out, &out
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Process.Kill(); run.Wait() })
	href, err := b.OpenPending(svc.url)
	check(err)

	text := func(sel string) string {
		t.Helper()
		s, err := b.Text(sel)
		check(err)
		return s
	}
	for sel, wants := range map[string][]string{
		"#warnings": {"Withdraw", "from account checking", "is limited by no promise of the plan"},
		"#effects": {"Send an email to bob@example.com saying “Report is ready”", "Limited by: For every email, the recipient is 'bob@example.com'",
			"Withdraw 5.00 (500 cents) from account checking", "NO PROMISE LIMITS THIS ACTION"},
		"#inputs": {"account", "checking", "amount", "500"},
		"#config": {"email Mail server 127.0.0.1 email Mail server port " + strconv.Itoa(port) + " email Sender address clauz3@example.com email Mail encryption starttls",
			"bank Ledger " + ledger},
		"#coverage": {"bank the plan makes no promise about this layer; it recommends: max spend, only account", "email the layer recommends promises this plan does not make: unique recipients"},
	} {
		got := text(sel)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s does not show %q: %q", sel, w, got)
			}
		}
		for _, internal := range []string{"send_email", "withdraw", "addr", "tools", "recommended_gap", "silent_gap", "CLAUZ3_"} {
			if regexp.MustCompile(`\b` + internal + `\b`).MatchString(got) {
				t.Errorf("%s shows the internal name %q: %q", sel, internal, got)
			}
		}
	}
	// The sandbox names the host and port the run can connect to (issue
	// 15), the mail server as the service's configuration names it, and
	// the ledger's folder it may write.
	if box := text("#sandbox"); !strings.Contains(box, "connects to: the mail server 127.0.0.1:"+strconv.Itoa(port)+" (email layer)") ||
		!strings.Contains(box, "read-write: "+filepath.Dir(ledger)) {
		t.Errorf("#sandbox does not show the mail server's host and port and the ledger's folder: %q", box)
	}
	primary, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("approve")).backgroundColor + " " + document.getElementById("approve").className`))
	if err != nil {
		t.Fatalf("reading the Approve button's style: %v", err)
	}
	// The page's green for the primary action, not a browser's default grey.
	if primary != "rgb(26, 127, 55) primary" {
		t.Errorf("Approve is not styled as the primary action: %q", primary)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("taking the screenshot of the card: %v", err)
	}
	// The artifact is a picture of the whole card (the page is taller
	// than the window with every section shown), not an empty capture.
	if cfg, err := pngpkg.DecodeConfig(bytes.NewReader(png)); err != nil || cfg.Width < 1000 || cfg.Height < 1000 {
		t.Errorf("the screenshot of the card is not a PNG of the page: %+v, %v", cfg, err)
	}
	for _, dst := range []string{filepath.Join(t.ArtifactDir(), "card.png"), *cardScreenshot, os.Getenv("CLAUZ3_CARD_SCREENSHOT")} {
		if dst == "" {
			continue
		}
		if err := os.WriteFile(dst, png, 0o644); err != nil {
			t.Errorf("writing the screenshot: %v", err)
		} else {
			t.Logf("the card's screenshot: %s", dst)
		}
	}
	box.mu.Lock()
	early := len(box.msgs)
	box.mu.Unlock()
	if early != 0 {
		t.Fatal("a mail was sent before the human approved")
	}

	check(b.Approve(testServicePassword, "fine"))
	done := make(chan error, 1)
	go func() { done <- run.Wait() }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(out.String(), "  result       1 effect done: the plan ran to its end") {
			t.Fatalf("the run: %v\n%s", err, out.String())
		}
	case <-time.After(150 * time.Second):
		t.Fatalf("the run did not finish after the approval:\n%s", out.String())
	}
	for _, want := range []string{"waiting for the human to approve or deny at " + svc.url + href, "the service builds and runs the approved plan"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the run's transcript lacks %q:\n%s", want, out.String())
		}
	}
	box.mu.Lock()
	got := append([]string{}, box.msgs...)
	box.mu.Unlock()
	if len(got) != 1 || !strings.HasPrefix(got[0], "clauz3@example.com -> bob@example.com: ") {
		t.Errorf("the service's SMTP server got %q, want one mail to bob", got)
	}
	check(b.Do("reopening the card", chromedp.Navigate(svc.url+href), chromedp.WaitVisible(chromedp.CSS(`#outcome`))))
	if ran := text("#outcome"); !strings.Contains(ran, "✓ Send an email to bob@example.com saying “Report is ready”") || !strings.Contains(ran, "Finished") || strings.Contains(ran, "Withdraw") {
		t.Errorf("after the run the card says %q", ran)
	}
}
