package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/layers/agentconfig"
)

// TestHumanVerbsInTheTerminal: the human can list pending requests, read
// a card and decide in the terminal instead of the browser, against a
// real dev service process, authenticated as the browser is (the human's
// password, read here from standard input; a wrong one decides nothing).
// `clauz3 config` does not allow these verbs to the agent.
func TestHumanVerbsInTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real service process")
	}
	dir := t.TempDir()
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(dir, "tools")); err != nil {
		t.Fatal(err)
	}
	trusted, err := filepath.Glob(filepath.Join(dir, "tools", "*", "trusted"))
	if err != nil {
		t.Fatal(err)
	}
	pl := planner{dir: dir, trusted: trusted}
	inst := newDevInstall(t, "email")
	svc := inst.start(t)
	api := &httpClient{base: svc.url, http: &http.Client{Timeout: 20 * time.Second}}
	submit := func(n int) string {
		t.Helper()
		code, body, err := api.do("POST", "/api/requests", pl.submission(t, n))
		var sub approval.Submitted
		if err != nil || code != 201 || json.Unmarshal(body, &sub) != nil {
			t.Fatalf("submit = %d %s %v", code, body, err)
		}
		return sub.ID
	}
	status := func(id string) string {
		t.Helper()
		code, body, err := api.do("GET", "/api/requests/"+id, nil)
		var r approval.Request
		if err != nil || code != 200 || json.Unmarshal(body, &r) != nil {
			t.Fatalf("get %s = %d %s %v", id, code, body, err)
		}
		return r.Status
	}
	clauz3 := func(stdin string, args ...string) (int, string) {
		t.Helper()
		cmd := inst.cmd(args...)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		if err != nil && cmd.ProcessState == nil {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), string(out)
	}
	first, second := submit(1), submit(2)

	code, out := clauz3("", "requests")
	if code != 0 || !strings.Contains(out, first) || !strings.Contains(out, second) || !strings.Contains(out, "pending") {
		t.Fatalf("clauz3 requests = %d:\n%s", code, out)
	}
	code, out = clauz3("", "requests", first)
	for _, want := range []string{"Send an email to bob@example.com saying “Report 1 is ready”", "For every email, the recipient is 'bob@example.com'", "DEV MODE", "clauz3 approve " + first} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("clauz3 requests %s = %d, lacks %q:\n%s", first, code, want, out)
		}
	}
	if strings.Contains(out, "send_email") {
		t.Errorf("the terminal card shows the function name:\n%s", out)
	}

	// A wrong password decides nothing, and says why.
	code, out = clauz3("not the password\n", "approve", first, "--password-file", "-")
	if code == 0 || !strings.Contains(out, "wrong password") || status(first) != "pending" {
		t.Fatalf("approve with a wrong password = %d (status %s):\n%s", code, status(first), out)
	}
	// No password at all (no terminal, no file) is refused before asking the service.
	code, out = clauz3("", "approve", first)
	if code == 0 || status(first) != "pending" {
		t.Fatalf("approve without a password = %d:\n%s", code, out)
	}
	time.Sleep(2 * time.Second) // the login's doubling delay after the wrong password
	code, out = clauz3(testServicePassword+"\n", "approve", first, "--password-file", "-", "--reason", "fine by me")
	if code != 0 || !strings.Contains(out, "approved_once") || status(first) != approval.StatusApprovedOnce {
		t.Fatalf("approve = %d (status %s):\n%s", code, status(first), out)
	}
	code, out = clauz3(testServicePassword+"\n", "deny", second, "--password-file", "-")
	if code != 0 || status(second) != approval.StatusRejected {
		t.Fatalf("deny = %d (status %s):\n%s", code, status(second), out)
	}
	// A decided request stays decided.
	code, out = clauz3(testServicePassword+"\n", "approve", second, "--password-file", "-")
	if code == 0 || status(second) != approval.StatusRejected || !strings.Contains(out, "already decided") {
		t.Fatalf("approving a denied request = %d (status %s):\n%s", code, status(second), out)
	}

	// The agent's harness does not get the human's verbs.
	proj := t.TempDir()
	if code, out := clauz3("", "config", "--into", proj); code != 0 {
		t.Fatalf("config = %d:\n%s", code, out)
	}
	settings, err := os.ReadFile(filepath.Join(proj, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"approve", "deny", "requests"} {
		if strings.Contains(string(settings), "clauz3 "+verb) {
			t.Errorf("clauz3 config allows the human's verb %s to the agent:\n%s", verb, settings)
		}
		for _, v := range agentconfig.AgentVerbs {
			if strings.HasPrefix(verb, v) {
				t.Errorf("the agent's verb %q is a prefix of the human's %q: a prefix rule would allow it", v, verb)
			}
		}
	}
}
