package approval

import (
	"strings"
	"testing"
)

// TestDevModeBannerOnEveryPage: a same-user (dev mode) service says so on
// every page it serves and on the card itself, where the human decides;
// a real service says nothing of the kind.
func TestDevModeBannerOnEveryPage(t *testing.T) {
	for _, dev := range []bool{true, false} {
		h := newHarness(t, nil)
		h.svc.cfg.Dev = dev
		id := h.submit(planSrc)
		pages := map[string]string{"list": "/", "request": "/ui/requests/" + id, "login": "/login"}
		for name, path := range pages {
			r := h.do("GET", path, "", nil)
			if r.code != 200 {
				t.Fatalf("dev=%v %s: %d %s", dev, name, r.code, r.body)
			}
			if got := strings.Contains(string(r.body), "DEV MODE"); got != dev {
				t.Errorf("dev=%v: the %s page shows the DEV MODE banner: %v", dev, name, got)
			}
		}
		r := h.do("GET", "/ui/requests/"+id, "", nil)
		card := string(r.body)
		if i := strings.Index(card, `id="request"`); i < 0 {
			t.Fatalf("the request page has no card:\n%s", card)
		} else if got := strings.Contains(card[i:], "DEV MODE"); got != dev {
			t.Errorf("dev=%v: the card itself shows DEV MODE: %v", dev, got)
		}
	}
}
