package runner

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestRunRefusesAServiceWithoutThePinnedKey is the squatted service
// address: a process answering where the pinned service should be
// repeats the service's public key (anyone may read it) but cannot sign
// the run's fresh challenge with it. The run refuses before it submits
// with the reason, sends the squatter no plan and names none of its pages
// to the human (no "ui =", no "waiting for the human ... at"). A genuine
// service's answer passes (the control).
func TestRunRefusesAServiceWithoutThePinnedKey(t *testing.T) {
	plan := compilePlan(t, "plan.py", []byte("import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n"))
	genuine := approvaltest.New(t)
	pub := genuine.Pub
	// An answer the genuine service gave to an earlier challenge, which a
	// squatter may have recorded.
	old := make([]byte, receipt.ChallengeSize)
	rand.Read(old)
	oldC := base64.RawURLEncoding.EncodeToString(old)
	resp, err := http.Get(genuine.URL() + "/api/key?challenge=" + oldC)
	if err != nil {
		t.Fatal(err)
	}
	var recorded wire.KeyAnswer
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(data, &recorded); err != nil || recorded.Signature == "" {
		t.Fatalf("the genuine service's answer %s: %v", data, err)
	}
	_, squatterKey, _ := ed25519.GenerateKey(rand.Reader)
	public := wire.KeyAnswer{KeyID: receipt.KeyID(pub), PublicKey: receipt.EncodePublicKey(pub)}
	for _, c := range []struct {
		name   string
		answer func(challenge string) wire.KeyAnswer
	}{
		{"the public key only", func(string) wire.KeyAnswer { return public }},
		{"a recorded answer to another challenge", func(string) wire.KeyAnswer { return recorded }},
		{"this challenge with a recorded signature", func(c string) wire.KeyAnswer {
			a := recorded
			a.Challenge = c
			return a
		}},
		{"signed with the squatter's own key", func(c string) wire.KeyAnswer {
			raw, _ := base64.RawURLEncoding.DecodeString(c)
			sig, _ := receipt.ProvePossession(squatterKey, raw)
			a := public
			a.Challenge, a.Signature = c, sig
			return a
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var mu sync.Mutex
			var other []string
			mux := http.NewServeMux()
			mux.HandleFunc("GET /api/key", func(w http.ResponseWriter, r *http.Request) {
				json.NewEncoder(w).Encode(c.answer(r.URL.Query().Get("challenge")))
			})
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				other = append(other, r.Method+" "+r.URL.Path)
				mu.Unlock()
				w.WriteHeader(http.StatusCreated)
				io.WriteString(w, `{"id":"req_000000000000000000000001","status":"pending","ui":"http://127.0.0.1:1/login"}`)
			})
			squatter := httptest.NewServer(mux)
			defer squatter.Close()
			var out strings.Builder
			code := Run(t.Context(), plan, Options{Service: Service{URL: squatter.URL, PublicKey: receipt.EncodePublicKey(pub), KeyFrom: "test"}, Out: &out})
			transcript := out.String()
			if code != ExitNotApproved || !strings.Contains(transcript, "does not prove it holds the pinned key "+receipt.KeyID(pub)) || !strings.Contains(transcript, "(not submitted)") {
				t.Errorf("exit %d, want %d refusing the squatter:\n%s", code, ExitNotApproved, transcript)
			}
			for _, w := range []string{"ui =", "waiting for the human", "request_id"} {
				if strings.Contains(transcript, w) {
					t.Errorf("the transcript names the squatter's request or page (%q):\n%s", w, transcript)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if len(other) != 0 {
				t.Errorf("the squatter was sent %q", other)
			}
		})
	}
	t.Run("the genuine service (control)", func(t *testing.T) {
		var out strings.Builder
		Run(t.Context(), plan, Options{Service: Service{URL: genuine.URL(), PublicKey: genuine.PublicKey(), KeyFrom: "test"}, Out: &out, ApprovalTimeout: time.Second})
		if strings.Contains(out.String(), "does not prove") || !strings.Contains(out.String(), "request_id") {
			t.Errorf("against the genuine service the run did not submit:\n%s", out.String())
		}
	})
}
