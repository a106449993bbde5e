package browsertest

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser is a headless Chromium with one tab.
type Browser struct {
	// ctx is the browser's tab with the deadline of the whole session;
	// tab, without the deadline, still reads the page after it passed.
	ctx, tab context.Context
	stop     func()
}

// Stop ends the browser.
func (b *Browser) Stop() { b.stop() }

// Context is the tab with the session's deadline, for a test's own
// chromedp steps.
func (b *Browser) Context() context.Context { return b.ctx }

// Open navigates to a request's card at url and waits for its Approve
// button.
func (b *Browser) Open(url string) error {
	return b.Do("opening "+url, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#approve`)))
}

// Start starts headless Chromium with its profile in userDataDir;
// every step must be done within timeout. Stop ends the browser.
func Start(userDataDir string, timeout time.Duration) (*Browser, error) {
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
	return &Browser{ctx: ctx, tab: tab, stop: func() { cancel(); cancelTab(); cancelAlloc() }}, nil
}

// pageText is what the page reads now, for an error message.
func (b *Browser) pageText() string {
	body, _ := chromedp.Run(b.tab, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	return body
}

// Do runs steps; a failure says what failed and what the page reads.
func (b *Browser) Do(what string, steps ...chromedp.Action[chromedp.Void]) error {
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		return fmt.Errorf("%s: %v\nthe page reads:\n%s", what, err, b.pageText())
	}
	return nil
}

// Text is the text of the element sel selects, its white space folded.
func (b *Browser) Text(sel string) (string, error) {
	s, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		return "", fmt.Errorf("reading %s: %v\nthe page reads:\n%s", sel, err, b.pageText())
	}
	return strings.Join(strings.Fields(s), " "), nil
}

// Login types the password into the service's login page and waits for
// the request list it leads to.
func (b *Browser) Login(loginURL, password string) error {
	return b.Do("logging in",
		chromedp.Navigate(loginURL),
		chromedp.WaitVisible(chromedp.CSS(`input[name="password"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), password),
		chromedp.Click(chromedp.CSS(`button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#live`)),
	)
}

// OpenPending waits, on the request list the login led to (which
// refreshes itself), for a pending request, opens its card and returns
// the card's path.
func (b *Browser) OpenPending(base string) (string, error) {
	const pending = `#rows tr:has(.status.pending) a`
	if err := b.Do("waiting for a pending request in the open list", chromedp.WaitVisible(chromedp.CSS(pending))); err != nil {
		return "", err
	}
	link, err := chromedp.Run(b.ctx, chromedp.AttributeValue(chromedp.CSS(pending), "href"))
	if err != nil || !strings.HasPrefix(link.Value, "/ui/requests/req_") {
		return "", fmt.Errorf("reading the request's link %q: %v\nthe page reads:\n%s", link.Value, err, b.pageText())
	}
	return link.Value, b.Do("opening the card", chromedp.Navigate(base+link.Value), chromedp.WaitVisible(chromedp.CSS(`#approve`)))
}

// Approve writes reason and the human's password (a decision is made
// with it, not with the session alone) and presses Approve on the open
// card, and waits for the card to show the decision.
func (b *Browser) Approve(password, reason string) error {
	return b.Do("approving", chromedp.SendKeys(chromedp.CSS(`#reason`), reason), chromedp.SendKeys(chromedp.CSS(`#decision-password`), password),
		chromedp.Click(chromedp.CSS(`#approve`)), chromedp.WaitVisible(chromedp.CSS(`#decision`)))
}

// ApproveInBrowser is the human's whole approval of the one request the
// agent's run is waiting on: log in at base with the password, open the
// pending request's card from the list, press Approve. It returns the
// card's path.
func ApproveInBrowser(base, password, userDataDir string) (string, error) {
	b, err := Start(userDataDir, 2*time.Minute)
	if err != nil {
		return "", err
	}
	defer b.Stop()
	if err := b.Login(base+"/login", password); err != nil {
		return "", err
	}
	href, err := b.OpenPending(base)
	if err != nil {
		return "", err
	}
	return href, b.Approve(password, "approved in the browser")
}
