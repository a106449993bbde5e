package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
)

// TestRunAgainstLiveService is the whole loop with real processes: a
// `clauz3 service init --dev` writes the client configuration, `clauz3 run`
// finds the service there (key pinned), submits and waits; the human approves through a
// logged-in session with the page's CSRF token; the run builds the sealed
// binary, which redeems its receipt, and the email is sent once. A second
// run of the same plan is rejected by the human and sends nothing.
func TestRunAgainstLiveService(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real service processes and builds a sealed binary")
	}
	dir := t.TempDir()
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(dir, "tools")); err != nil {
		t.Fatal(err)
	}
	plan := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"Report is ready\")\n"
	if err := os.WriteFile(filepath.Join(dir, "plan.py"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	inst := newDevInstall(t, "email")
	outbox := filepath.Join(dir, "outbox.jsonl")
	// The email layer's configuration is the service's own (D1).
	if err := os.WriteFile(filepath.Join(inst.config, "layers", "email.json"), []byte(`{"env": {"CLAUZ3_TEST_OUTBOX": "`+outbox+`"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	grantSandbox(t, inst.config, dir) // the test layer's outbox: the sandbox derives no grant for it
	svc := inst.start(t)
	human := &httpClient{base: svc.url, http: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	human.login(t, svc.loginURL)

	run := func(decision, reason string) (int, string) {
		cmd := inst.cmd("run", "--approval-timeout", "60s", "plan.py")
		cmd.Dir = dir
		// The runner's environment names another outbox: it must not
		// reach the layer.
		cmd.Env = append(cmd.Env, "CLAUZ3_TEST_OUTBOX="+filepath.Join(dir, "agent-outbox.jsonl"))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		id := pendingRequest(t, human)
		human.fetchCSRF(t, id)
		code, body, err := human.do("POST", "/api/requests/"+id+"/decision", map[string]string{"decision": decision, "reason": reason, "csrf": human.csrf, "password": testServicePassword})
		if err != nil || code != http.StatusOK {
			t.Fatalf("deciding %s: %d %s %v", id, code, body, err)
		}
		err = cmd.Wait()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), out.String()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, out.String()
	}

	code, out := run("approved_once", "only Bob")
	t.Logf("approved run:\n%s", out)
	if code != 0 || !strings.Contains(out, "(from "+client.UserPath(inst.home)+", DEV MODE") || !strings.Contains(out, `execute      ✓ send_email("bob@example.com", "Report is ready")`) || !strings.HasSuffix(out, "  done.\n") {
		t.Fatalf("approved run: exit %d\n%s", code, out)
	}
	want := `{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"
	if data, err := os.ReadFile(outbox); err != nil || string(data) != want {
		t.Fatalf("outbox %q %v, want %q", data, err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "agent-outbox.jsonl")); err == nil {
		t.Fatal("the runner's environment reached the layer: the agent's outbox was written")
	}

	code, out = run("rejected", "not twice")
	if code != 3 || !strings.Contains(out, "decision     rejected by human: not twice") {
		t.Errorf("rejected run: exit %d\n%s", code, out)
	}
	if data, _ := os.ReadFile(outbox); string(data) != want {
		t.Errorf("the rejected run sent email: outbox %q", data)
	}
}

// pendingRequest waits for the one pending request of the service.
func pendingRequest(t *testing.T, c *httpClient) string {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		code, body, err := c.do("GET", "/api/requests", nil)
		if err != nil || code != http.StatusOK {
			t.Fatalf("listing requests: %d %v", code, err)
		}
		var list struct {
			Requests []approval.Request `json:"requests"`
		}
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatal(err)
		}
		for _, r := range list.Requests {
			if r.Status == approval.StatusPending {
				return r.ID
			}
		}
	}
	t.Fatal("clauz3 run submitted nothing within 60s")
	return ""
}
