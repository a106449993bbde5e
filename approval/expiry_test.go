package approval

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/wire"
)

// TestRequestsOfAGoneClientExpire: a pending request whose client stopped
// waiting for it (no long-poll in progress, none for ClientGrace) expires
// instead of staying pending forever: the list and the page say expired,
// the human can no longer approve it (a decision is refused, saying why),
// and the audit log records it. A request whose client is waiting, or
// waited recently, stays pending.
func TestRequestsOfAGoneClientExpire(t *testing.T) {
	h := newHarness(t, nil)
	cookie := h.login()
	gone := h.submit(planSrc)
	waiting := h.submit(planSrc + "# waiting\n")
	recent := h.submit(planSrc + "# recent\n")

	// The waiting client holds a long-poll across the grace period.
	done := make(chan reply, 1)
	go func() { done <- h.wait(waiting, "5s") }()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		h.svc.waiters.mu.Lock()
		joined := h.svc.waiters.m[waiting] != nil
		h.svc.waiters.mu.Unlock()
		if joined {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the wait never started")
		}
	}
	h.clock.add(DefaultClientGrace - time.Second)
	// The recent client's poll ends now, one second before the others'
	// grace runs out.
	if r := h.wait(recent, "1s"); r.code != 200 {
		t.Fatalf("wait = %d %s", r.code, r.body)
	}
	h.clock.add(2 * time.Second)

	var list struct{ Requests []Request }
	if r := h.do("GET", "/api/requests", "", nil); r.code != 200 || json.Unmarshal(r.body, &list) != nil {
		t.Fatalf("list = %d %s", r.code, r.body)
	}
	got := map[string]string{}
	for _, q := range list.Requests {
		got[q.ID] = q.Status
	}
	if got[gone] != StatusExpired || got[waiting] != StatusPending || got[recent] != StatusPending {
		t.Fatalf("statuses: gone %s, waiting %s, recent %s; want expired, pending, pending", got[gone], got[waiting], got[recent])
	}
	page := string(h.do("GET", "/ui/requests/"+gone, "", nil, "Cookie", cookie).body)
	if !strings.Contains(page, `id="status">expired<`) || strings.Contains(page, `id="approve"`) || !strings.Contains(page, "went away") {
		t.Errorf("the expired request's page:\n%s", element(t, page, "request"))
	}
	r := h.postJSON("/api/requests/"+gone+"/decision", map[string]string{"decision": StatusApprovedOnce, "csrf": h.csrf(waiting, cookie), "password": testPassword}, "Cookie", cookie)
	wantRefusal(t, "approving an expired request", r, http.StatusConflict, wire.CodeExpired)
	if !strings.Contains(strings.Join(h.auditKinds(), " "), "decision.expired") {
		t.Errorf("no decision.expired audit row: %v", h.auditKinds())
	}
	// The waiting client is answered expired too, once it is gone long enough
	// (a fresh service clock run past the grace with no wait in progress).
	<-done
	h.clock.add(DefaultClientGrace + time.Second)
	if st := decodeStatus(t, h.do("GET", "/api/requests/"+recent, "", nil)); st.Status != StatusExpired {
		t.Errorf("recent after its grace: %s", st.Status)
	}
	// A request the human decided before its client left stays decided.
	id := h.submit(planSrc + "# decided\n")
	decodeStatus(t, h.decide(id, cookie, StatusRejected))
	h.clock.add(DefaultClientGrace + time.Second)
	if st := decodeStatus(t, h.do("GET", "/api/requests/"+id, "", nil)); st.Status != StatusRejected {
		t.Errorf("a decided request became %s", st.Status)
	}
}
