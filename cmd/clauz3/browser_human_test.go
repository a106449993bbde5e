package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// humanBrowser is the human's side of an end-to-end test: a headless
// Chromium that logs in to the approval service's UI with the password
// and presses the card's buttons, as the human would. TestBrowserCard and
// the scripts' approve-in-browser verb share it, so every happy path that
// says "approved in the browser" goes through the same page steps.
type humanBrowser struct {
	// ctx is the browser's tab with the deadline of the whole session;
	// tab, without the deadline, still reads the page after it passed.
	ctx, tab context.Context
	stop     func()
}

// startBrowser starts headless Chromium with its profile in userDataDir;
// every step must be done within timeout. stop ends the browser.
func startBrowser(userDataDir string, timeout time.Duration) (*humanBrowser, error) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		return nil, fmt.Errorf("chromium is not installed (scripts/setup.sh installs it): %v", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(userDataDir), chromedp.WindowSize(1100, 1600),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tab, cancelTab := chromedp.NewContext(actx)
	ctx, cancel := context.WithTimeout(tab, timeout)
	return &humanBrowser{ctx: ctx, tab: tab, stop: func() { cancel(); cancelTab(); cancelAlloc() }}, nil
}

// pageText is what the page reads now, for an error message.
func (b *humanBrowser) pageText() string {
	body, _ := chromedp.Run(b.tab, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	return body
}

// do runs steps; a failure says what failed and what the page reads.
func (b *humanBrowser) do(what string, steps ...chromedp.Action[chromedp.Void]) error {
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		return fmt.Errorf("%s: %v\nthe page reads:\n%s", what, err, b.pageText())
	}
	return nil
}

// text is the text of the element sel selects, its white space folded.
func (b *humanBrowser) text(sel string) (string, error) {
	s, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		return "", fmt.Errorf("reading %s: %v\nthe page reads:\n%s", sel, err, b.pageText())
	}
	return strings.Join(strings.Fields(s), " "), nil
}

// login types the password into the service's login page and waits for
// the request list it leads to.
func (b *humanBrowser) login(loginURL, password string) error {
	return b.do("logging in",
		chromedp.Navigate(loginURL),
		chromedp.WaitVisible(chromedp.CSS(`input[name="password"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), password),
		chromedp.Click(chromedp.CSS(`button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#live`)),
	)
}

// openPending waits, on the request list the login led to (which
// refreshes itself), for a pending request, opens its card and returns
// the card's path.
func (b *humanBrowser) openPending(base string) (string, error) {
	const pending = `#rows tr:has(.status.pending) a`
	if err := b.do("waiting for a pending request in the open list", chromedp.WaitVisible(chromedp.CSS(pending))); err != nil {
		return "", err
	}
	link, err := chromedp.Run(b.ctx, chromedp.AttributeValue(chromedp.CSS(pending), "href"))
	if err != nil || !strings.HasPrefix(link.Value, "/ui/requests/req_") {
		return "", fmt.Errorf("reading the request's link %q: %v\nthe page reads:\n%s", link.Value, err, b.pageText())
	}
	return link.Value, b.do("opening the card", chromedp.Navigate(base+link.Value), chromedp.WaitVisible(chromedp.CSS(`#approve`)))
}

// approve writes reason and presses Approve on the open card, and waits
// for the card to show the decision.
func (b *humanBrowser) approve(reason string) error {
	return b.do("approving", chromedp.SendKeys(chromedp.CSS(`#reason`), reason), chromedp.Click(chromedp.CSS(`#approve`)), chromedp.WaitVisible(chromedp.CSS(`#decision`)))
}

// approveInBrowser is the human's whole approval of the one request the
// agent's run is waiting on: log in at base with the password, open the
// pending request's card from the list, press Approve. It returns the
// card's path.
func approveInBrowser(base, password, userDataDir string) (string, error) {
	b, err := startBrowser(userDataDir, 2*time.Minute)
	if err != nil {
		return "", err
	}
	defer b.stop()
	if err := b.login(base+"/login", password); err != nil {
		return "", err
	}
	href, err := b.openPending(base)
	if err != nil {
		return "", err
	}
	return href, b.approve("approved in the browser")
}
