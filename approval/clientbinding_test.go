package approval

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestReceiptBoundToSubmittingClient is attack E1g: another local process
// that knows a request id (the list shows every id) long-polls its wait,
// takes the receipt and redeems it first, or asks for its run. Each other
// client (a goroutine of its own, with no key, another key, or the right
// key's proof for another call) gets a refusal that says why and nothing
// else; only the submitting client's proof and the human's session are
// answered the decision, and the receipt is redeemed only by the
// submitting client or inside the run the service does for it.
func TestReceiptBoundToSubmittingClient(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	other, err := clientkey.New()
	if err != nil {
		t.Fatal(err)
	}
	now := h.clock.now
	strangers := map[string][]string{
		"no proof":               nil,
		"another key":            {clientkey.Header, other.Proof(clientkey.Wait, id, "", now())},
		"the key's run proof":    {clientkey.Header, testClient.Proof(clientkey.Run, id, "", now())},
		"another request's":      {clientkey.Header, testClient.Proof(clientkey.Wait, "req_000000000000000000000000", "", now())},
		"a malformed proof":      {clientkey.Header, "12.34"},
		"another key, as redeem": {clientkey.Header, other.Proof(clientkey.Redeem, id, "", now())},
	}
	// The strangers long-poll while the request is pending, as a hostile
	// process would, each from its own goroutine.
	var wg sync.WaitGroup
	answers := make(chan string, len(strangers))
	for name, header := range strangers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := h.do("GET", "/api/requests/"+id+"/wait?timeout=2s", "", nil, header...)
			if e, err := r.refusal(); r.code != http.StatusForbidden || err != nil || e.Code != wire.CodeNotSubmitter || strings.Contains(string(r.body), "receipt") {
				answers <- name + ": " + string(r.body)
			}
		}()
	}
	cookie := h.login()
	decided := decodeStatus(t, h.decide(id, cookie, "approved_once"))
	wg.Wait()
	close(answers)
	for a := range answers {
		t.Errorf("a stranger's wait was answered: %s", a)
	}
	if decided.Receipt == nil {
		t.Fatal("the approval issued no receipt")
	}
	// After the decision too, a stranger gets nothing.
	for name, header := range strangers {
		r := h.do("GET", "/api/requests/"+id+"/wait?timeout=1s", "", nil, header...)
		wantRefusal(t, name+": wait after the decision", r, http.StatusForbidden, wire.CodeNotSubmitter)
		if strings.Contains(string(r.body), "receipt") {
			t.Errorf("%s: wait after the decision = %d %s", name, r.code, r.body)
		}
	}
	// The submitting client and the human's session are answered; the
	// receipt only to the client.
	if w := decodeStatus(t, h.wait(id, "1s")); w.Receipt == nil || *w.Receipt != *decided.Receipt {
		t.Fatalf("the submitting client's wait = %+v", w)
	}
	// The human's session is answered the decision but not the receipt:
	// the human never redeems, and a browser sends the session cookie to
	// every port of the host (attack A6), so whoever got it would hold
	// every client's receipt.
	if w := decodeStatus(t, h.do("GET", "/api/requests/"+id+"/wait?timeout=1s", "", nil, "Cookie", cookie)); w.Status != StatusApprovedOnce || w.Receipt != nil {
		t.Fatalf("the human's wait = %+v, want approved_once without the receipt", w)
	}

	// A stranger holding the receipt (say it leaked) cannot redeem it,
	// nor ask for the run.
	var ran []RunJob
	var inRun reply
	h.svc.cfg.Execute = func(_ context.Context, job RunJob) (RunResult, error) {
		ran = append(ran, job)
		// The sealed binary the service runs redeems without a client
		// proof: the run the client proved it asked for admits it.
		inRun = h.postJSON("/api/receipts/redeem", RedeemBody{Receipt: job.Receipt, Challenge: nonce(t)})
		return RunResult{Exit: 0}, nil
	}
	rc := *decided.Receipt
	for name, header := range map[string][]string{
		"no proof":             nil,
		"another key":          {clientkey.Header, other.Proof(clientkey.Redeem, id, "", now())},
		"the key's wait proof": {clientkey.Header, testClient.Proof(clientkey.Wait, id, "", now())},
	} {
		ch := nonce(t)
		if len(header) == 2 && strings.Contains(name, "another key") {
			header[1] = other.Proof(clientkey.Redeem, id, ch, now())
		}
		wantRefusal(t, name+": a stranger's redemption", h.postJSON("/api/receipts/redeem", RedeemBody{Receipt: rc, Challenge: ch}, header...), http.StatusForbidden, wire.CodeNotSubmitter)
		wantRefusal(t, name+": a stranger's run", h.postJSON("/api/requests/"+id+"/run", map[string]string{}, header...), http.StatusForbidden, wire.CodeNotSubmitter)
	}
	if len(ran) != 0 {
		t.Fatalf("a stranger's call ran the plan: %+v", ran)
	}
	// None of that spent the receipt: the submitting client's run runs it.
	r := h.postJSON("/api/requests/"+id+"/run", map[string]string{}, h.proof(clientkey.Run, id, "")...)
	var res RunResult
	if r.code != http.StatusOK || json.Unmarshal(r.body, &res) != nil || len(ran) != 1 || inRun.code != http.StatusOK {
		t.Fatalf("the client's run = %d %s; runs %d; the binary's redemption %d %s", r.code, r.body, len(ran), inRun.code, inRun.body)
	}
	// Outside a run, a receipt-holder without the key still gets nothing
	// (here: already redeemed is not even reached).
	if r := h.postJSON("/api/receipts/redeem", RedeemBody{Receipt: rc, Challenge: nonce(t)}); r.code != http.StatusForbidden {
		t.Fatalf("redemption without proof after the run = %d %s", r.code, r.body)
	}
	kinds := strings.Join(h.auditKinds(), " ")
	for _, k := range []string{"wait.refused", "redemption.refused", "run.refused"} {
		if !strings.Contains(kinds, k) {
			t.Errorf("no %s audit row in %s", k, kinds)
		}
	}
	if _, err := receipt.Verify(h.svc.PublicKey(), rc); err != nil {
		t.Fatal(err)
	}
}

// TestSubmissionNeedsClientKey: a submission without a usable client key
// is refused, never accepted unbound.
func TestSubmissionNeedsClientKey(t *testing.T) {
	h := newHarness(t, nil)
	for name, key := range map[string]string{"missing": "", "not base64": "!!", "short": "AAAA"} {
		sub := submission(planSrc)
		sub.ClientKey = key
		wantRefusal(t, name+": submit", h.postJSON("/api/requests", sub), http.StatusBadRequest, wire.CodeMalformed)
	}
}
