package runner

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/internal/approvaltest/fakerun"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// buildCache is shared by the tests of this package: the fake service's
// key is fixed, so every real binary of one plan is built once per run.
var buildCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "clauz3-runner-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	buildCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func compilePlan(t *testing.T, name string, src []byte) Plan {
	t.Helper()
	prog, err := compiler.Compile(name, src, compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
	if err != nil {
		t.Fatal(err)
	}
	return Plan{Name: name, Source: src, Prog: prog}
}

func corpusPlan(t *testing.T, name string) Plan {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "corpus", "plans", name+".py"))
	if err != nil {
		t.Fatal(err)
	}
	return compilePlan(t, name+".py", src)
}

// TestFailClosed is the fail-closed matrix: every row is a real scenario
// that must refuse, say why, and leave the email layer's outbox empty;
// the first row is the one that must run, so the others are not vacuous.
//
// "run" rows go through Run (prove, submit, wait, check, build, execute)
// against the in-test service misbehaving as the row says. "binary" rows
// hand a receipt straight to the sealed binary, as an attacker bypassing
// clauz3 run would, to show the binary refuses on its own.
func TestFailClosed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sealed binaries")
	}
	_, otherKey, _ := ed25519.GenerateKey(nil)
	plan := corpusPlan(t, "email_only_bob_pass")
	digest := ir.Digest(plan.Source, plan.Prog)
	edited := compilePlan(t, "email_only_bob_pass.py", bytes.Replace(plan.Source, []byte("Report is ready"), []byte("Report is late"), 1))
	approve := func(edit func(*receipt.Payload)) func(*approvaltest.Service) {
		return func(s *approvaltest.Service) {
			s.Decide = func(approvaltest.Submission) approvaltest.Decision {
				return approvaltest.Decision{Status: "approved_once", Edit: edit}
			}
		}
	}
	rawWait := func(code int, body string) func(*approvaltest.Service) {
		return func(s *approvaltest.Service) {
			s.Wait = func(w http.ResponseWriter, id string, _ map[string]any) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(code)
				w.Write([]byte(strings.ReplaceAll(body, "$ID", id)))
			}
		}
	}
	cases := []struct {
		name    string
		level   string // "run" or "binary"
		setup   func(*approvaltest.Service)
		service string // overrides the service URL
		plan    *Plan  // the plan whose binary runs (binary rows; default plan)
		edit    func(*receipt.Payload)
		want    int
		why     string
		fired   bool
		// redeemed: the receipt was redeemed by an earlier run.
		redeemed bool
		env      string // replaces the binary's outbox setting
		// attack, for "service" rows, is a decision someone other than
		// the logged-in human's page tries; it must be answered
		// attackCode with attackWhy, and the request stay pending.
		attack     func(b *browser, id string) (int, string)
		attackCode int
		attackWhy  string
	}{
		{name: "approved: the effect fires", level: "run", want: ExitRan, why: `execute      ✓ send_email("bob@example.com", "Report is ready")`, fired: true},
		{name: "service unreachable", level: "run", service: "http://127.0.0.1:1", want: ExitNotApproved, why: "did not answer"},
		{name: "service answers 500", level: "run", setup: rawWait(500, `{"error":"database is locked"}`), want: ExitNotApproved, why: "500 Internal Server Error: database is locked"},
		{name: "malformed JSON", level: "run", setup: rawWait(200, `{"id":"$ID","status":"approved_once"`), want: ExitNotApproved, why: "malformed answer"},
		{name: "unknown decision value", level: "run", setup: rawWait(200, `{"id":"$ID","status":"approved_twice"}`), want: ExitNotApproved, why: `unknown decision value "approved_twice"`},
		{name: "decision for another request", level: "run", setup: rawWait(200, `{"id":"req_9999","status":"rejected"}`), want: ExitNotApproved, why: `answered for request "req_9999"`},
		{name: "approval without a receipt", level: "run", setup: rawWait(200, `{"id":"$ID","status":"approved_once"}`), want: ExitNotApproved, why: "carries no receipt"},
		{name: "rejected", level: "run", setup: func(s *approvaltest.Service) {
			s.Decide = func(approvaltest.Submission) approvaltest.Decision {
				return approvaltest.Decision{Status: "rejected", Reason: "not today"}
			}
		}, want: ExitNotApproved, why: "decision     rejected by human: not today"},
		{name: "bad signature", level: "run", setup: func(s *approvaltest.Service) {
			s.Wait = func(w http.ResponseWriter, id string, st map[string]any) {
				rc := st["receipt"].(receipt.Receipt)
				rc.Signature = strings.Repeat("A", len(rc.Signature))
				st["receipt"] = rc
				approvaltest.WriteJSON(w, st)
			}
		}, want: ExitNotApproved, why: "bad signature"},
		{name: "another plan's hash", level: "run", setup: approve(func(p *receipt.Payload) { p.PlanHash = "sha256:" + strings.Repeat("ab", 32) }), want: ExitNotApproved, why: "plan hash mismatch"},
		{name: "another target", level: "run", setup: approve(func(p *receipt.Payload) { p.Target = "other" }), want: ExitNotApproved, why: "target mismatch"},
		{name: "expired", level: "run", setup: approve(expire), want: ExitNotApproved, why: "expired"},
		{name: "signed by another key", level: "run", setup: func(s *approvaltest.Service) { s.SignWith = otherKey }, want: ExitNotApproved, why: "bad signature"},
		{name: "already redeemed", level: "run", setup: func(s *approvaltest.Service) { s.AlreadyRedeemed = true }, want: ExitNotApproved, why: "the sealed binary refused its receipt: clauz3: approval refused: redeem: service: the service refused the redemption: 409 Conflict (receipt already redeemed)"},
		{name: "unsigned status contradicts the signed decision", level: "run", setup: approve(func(p *receipt.Payload) { p.Decision = "auto_approved" }), want: ExitNotApproved, why: `the answer says "approved_once" but the signed receipt says "auto_approved"`},
		{name: "signed receipt for another request", level: "run", setup: approve(func(p *receipt.Payload) { p.RequestID = "req_9999" }), want: ExitNotApproved, why: `the signed receipt is for request "req_9999"`},
		{name: "no decision in time", level: "run", setup: func(s *approvaltest.Service) {
			s.Decide = func(approvaltest.Submission) approvaltest.Decision { return approvaltest.Decision{Status: "pending"} }
		}, want: ExitTimeout, why: "no decision within 2s"},
		{name: "the effect fails in the layer", level: "run", env: "CLAUZ3_TEST_OUTBOX=", want: ExitFailed, why: "EffectError: send_email: CLAUZ3_TEST_OUTBOX is not set"},
		{name: "service: the human approves", level: "service", attack: func(b *browser, id string) (int, string) {
			return b.decide(id, "approved_once", b.csrf(id), nil)
		}, attackCode: http.StatusSeeOther, want: ExitRan, why: "done.", fired: true},
		{name: "service: decision without a session", level: "service", attack: func(b *browser, id string) (int, string) {
			token := b.csrf(id)
			anonymous := &browser{t: b.t, client: &http.Client{}, base: b.base}
			return anonymous.decide(id, "approved_once", token, nil)
		}, attackCode: http.StatusUnauthorized, attackWhy: "no valid session", want: ExitTimeout, why: "no decision within"},
		{name: "service: wrong CSRF token", level: "service", attack: func(b *browser, id string) (int, string) {
			return b.decide(id, "approved_once", "AAAA"+b.csrf(id)[4:], nil)
		}, attackCode: http.StatusForbidden, attackWhy: "wrong or missing CSRF token", want: ExitTimeout, why: "no decision within"},
		{name: "service: foreign Origin", level: "service", attack: func(b *browser, id string) (int, string) {
			return b.decide(id, "approved_once", b.csrf(id), func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") })
		}, attackCode: http.StatusForbidden, attackWhy: `Origin "http://evil.example" is not this service`, want: ExitTimeout, why: "no decision within"},
		{name: "service: foreign Host (DNS rebinding)", level: "service", attack: func(b *browser, id string) (int, string) {
			return b.decide(id, "approved_once", b.csrf(id), func(r *http.Request) { r.Host = "evil.example:8765" })
		}, attackCode: http.StatusForbidden, attackWhy: `Host "evil.example:8765" is not this service`, want: ExitTimeout, why: "no decision within"},
		{name: "plan edited between approval and execution", level: "binary", plan: &edited, want: 3, why: "plan hash mismatch"},
		{name: "binary: bad signature", level: "binary", edit: func(p *receipt.Payload) { p.Nonce = "tampered" }, want: 3, why: "bad signature"},
		{name: "binary: another target", level: "binary", edit: func(p *receipt.Payload) { p.Target = "other" }, want: 3, why: "target mismatch"},
		{name: "binary: expired", level: "binary", edit: expire, want: 3, why: "expired"},
		{name: "binary: signed by another key", level: "binary", setup: func(s *approvaltest.Service) { s.SignWith = otherKey }, want: 3, why: "bad signature"},
		{name: "binary: already redeemed", level: "binary", redeemed: true, want: 3, why: "409 Conflict"},
		{name: "binary: service unreachable", level: "binary", service: "http://127.0.0.1:1", want: 3, why: "did not answer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svc := approvaltest.New(t)
			if c.setup != nil {
				c.setup(svc)
			}
			url := svc.URL()
			if c.service != "" {
				url = c.service
			}
			outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
			env := "CLAUZ3_TEST_OUTBOX=" + outbox
			if c.env != "" {
				env = c.env
			}
			// The service builds and runs; the layer's configuration is
			// the service's, never the runner's.
			fakerun.Attach(t, svc, "../corpus", map[string][]string{"email": {env}}, buildCache)
			var got int
			var transcript string
			switch c.level {
			case "service":
				real := startRealService(t, outbox)
				b := real.login(t)
				var out, stderr bytes.Buffer
				done := make(chan int, 1)
				go func() {
					done <- Run(context.Background(), plan, Options{
						Service:         real.service(),
						ApprovalTimeout: 3 * time.Second,
						Out:             &out,
						Stderr:          &stderr,
					})
				}()
				id := real.pendingID(t)
				code, body := c.attack(b, id)
				if code != c.attackCode || !strings.Contains(body, c.attackWhy) {
					t.Errorf("the decision was answered %d %q, want %d with %q", code, body, c.attackCode, c.attackWhy)
				}
				got = <-done
				transcript = out.String() + stderr.String()
			case "run":
				var out, stderr bytes.Buffer
				got = Run(context.Background(), plan, Options{
					Service:         Service{URL: url, PublicKey: svc.PublicKey(), KeyFrom: "test"},
					ApprovalTimeout: 2 * time.Second,
					Out:             &out,
					Stderr:          &stderr,
				})
				transcript = out.String() + stderr.String()
			case "binary":
				bin := plan
				if c.plan != nil {
					bin = *c.plan
				}
				ident, err := gen.Identity(context.Background(), plan.Prog, plan.Source, gen.BuildOptions{Mode: gen.Real, ApprovalKey: svc.PublicKey()})
				if err != nil {
					t.Fatal(err)
				}
				p := svc.Payload("req_0001", approvaltest.Binding{PlanHash: digest, BuildID: ident.Digest, Target: "main"}, "approved_once")
				if c.edit != nil {
					c.edit(&p)
				}
				var rc receipt.Receipt
				if c.edit != nil && p.Nonce == "tampered" {
					// A receipt whose signed bytes were changed after signing.
					p.Nonce, _ = receipt.NewNonce()
					rc = svc.Sign(p)
					rc.Payload = rc.Payload[:len(rc.Payload)-2] + "AA"
				} else {
					rc = svc.Sign(p)
				}
				if c.redeemed {
					svc.MarkRedeemed(p.Nonce)
				}
				got, transcript = runBinary(t, bin, svc.PublicKey(), rc, url, outbox)
			}
			t.Logf("transcript:\n%s", transcript)
			if got != c.want || !strings.Contains(transcript, c.why) {
				t.Errorf("exit %d (want %d); want %q in:\n%s", got, c.want, c.why, transcript)
			}
			data, err := os.ReadFile(outbox)
			if c.fired {
				if want := `{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"; string(data) != want {
					t.Errorf("outbox %q (%v), want %q", data, err, want)
				}
			} else if err == nil {
				t.Errorf("an effect fired: outbox %q", data)
			}
		})
	}
}

func expire(p *receipt.Payload) {
	p.IssuedAt, p.ExpiresAt = time.Now().Add(-time.Hour).Truncate(time.Second), time.Now().Add(-time.Minute).Truncate(time.Second)
}

// runBinary builds plan's real binary for key and runs it with rc.
func runBinary(t *testing.T, plan Plan, key string, rc receipt.Receipt, service, outbox string) (int, string) {
	t.Helper()
	res, err := gen.Build(context.Background(), plan.Prog, plan.Source, gen.BuildOptions{Mode: gen.Real, ApprovalKey: key, CacheDir: buildCache})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "receipt.json")
	data := `{"payload":"` + rc.Payload + `","signature":"` + rc.Signature + `","key_id":"` + rc.KeyID + `"}`
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(res.Binary, "--receipt", file, "--service", service)
	cmd.Env = append(os.Environ(), "CLAUZ3_TEST_OUTBOX="+outbox)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}
