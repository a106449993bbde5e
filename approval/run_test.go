package approval

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestRunEndpoint: the service runs a request only when it is approved,
// not yet redeemed, and it has an Execute; each refusal is a 4xx/5xx with
// the reason and an audit row, and Execute is never called for it.
func TestRunEndpoint(t *testing.T) {
	for _, c := range []struct {
		name     string
		execute  bool
		decision string // "" : pending
		redeemed bool
		code     int
		want     wire.ErrorCode // "" for a run
	}{
		{"runs an approved request", true, "approved_once", false, 200, ""},
		{"no Execute", false, "approved_once", false, 501, wire.CodeRunsNothing},
		{"pending", true, "", false, 409, wire.CodeNotDecided},
		{"rejected", true, "rejected", false, 403, wire.CodeNotApproved},
		{"already ran", true, "approved_once", true, 409, wire.CodeAlreadyRedeemed},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			var calls []RunJob
			if c.execute {
				h.svc.cfg.Execute = func(_ context.Context, job RunJob) (RunResult, error) {
					calls = append(calls, job)
					return RunResult{Exit: 0, Trace: `{"effect":"send_email","args":{}}` + "\n"}, nil
				}
			}
			id := h.submit(planSrc)
			if c.decision != "" {
				st := decodeStatus(t, h.decide(id, h.login(), c.decision))
				if c.redeemed {
					ch, _ := receipt.NewChallenge()
					if r := h.redeem(*st.Receipt, ch); r.code != 200 {
						t.Fatalf("redeem = %d %s", r.code, r.body)
					}
				}
			}
			r := h.postJSON("/api/requests/"+id+"/run", map[string]string{}, h.proof(clientkey.Run, id, "")...)
			if c.want != "" {
				wantRefusal(t, "run", r, c.code, c.want)
			} else if r.code != c.code {
				t.Fatalf("run = %d %s, want %d", r.code, r.body, c.code)
			}
			if c.code != 200 && len(calls) != 0 {
				t.Fatalf("Execute was called for a refused run: %+v", calls)
			}
			if c.code == 200 {
				var res RunResult
				if err := json.Unmarshal(r.body, &res); err != nil || res.ID != id || len(calls) != 1 || calls[0].Receipt.Payload == "" {
					t.Fatalf("run answer %s (%v), calls %+v", r.body, err, calls)
				}
			}
			kinds := h.auditKinds()
			want := "run.refused"
			if c.code == http.StatusOK {
				want = "run.finished"
			}
			if kinds[len(kinds)-1] != want {
				t.Fatalf("last audit row %q, want %q", kinds[len(kinds)-1], want)
			}
		})
	}
}
