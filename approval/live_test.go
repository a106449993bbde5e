package approval

import (
	"regexp"
	"strings"
	"testing"
)

// TestListPageIsLive: the request list refreshes itself with a small
// script that the Content-Security-Policy allows by a nonce made for each
// answer (no 'unsafe-inline' for scripts, no other script source), and
// that reads the list from the service's own API only.
func TestListPageIsLive(t *testing.T) {
	h := newHarness(t, nil)
	h.submit(planSrc)
	nonces := map[string]bool{}
	for i := 0; i < 2; i++ {
		r := h.do("GET", "/", "", nil)
		csp := r.header.Get("Content-Security-Policy")
		m := regexp.MustCompile(`script-src 'nonce-([A-Za-z0-9+/=_-]{22,})'(;|$)`).FindStringSubmatch(csp)
		if m == nil {
			t.Fatalf("the list page's CSP allows no script by nonce: %q", csp)
		}
		if strings.Contains(csp, "unsafe-inline'") && strings.Contains(strings.SplitN(csp, "script-src", 2)[1], "unsafe") || !strings.Contains(csp, "connect-src 'self'") || !strings.Contains(csp, "default-src 'none'") {
			t.Fatalf("CSP %q", csp)
		}
		page := string(r.body)
		scripts := regexp.MustCompile(`<script([^>]*)>`).FindAllStringSubmatch(page, -1)
		if len(scripts) != 1 || scripts[0][1] != ` nonce="`+m[1]+`"` {
			t.Fatalf("want one script carrying the answer's nonce %s, got %q", m[1], scripts)
		}
		if !strings.Contains(page, `fetch("/api/requests"`) || strings.Contains(page, "innerHTML") {
			t.Errorf("the script does not read the list from the API, or writes HTML:\n%s", page)
		}
		nonces[m[1]] = true
	}
	if len(nonces) != 2 {
		t.Errorf("two answers carry the same nonce: %v", nonces)
	}
	// Pages without a script keep the strict policy.
	id := h.submit(planSrc + "# other\n")
	if csp := h.do("GET", "/ui/requests/"+id, "", nil).header.Get("Content-Security-Policy"); strings.Contains(csp, "script-src") {
		t.Errorf("the request page allows a script: %q", csp)
	}
}
