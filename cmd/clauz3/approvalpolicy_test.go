package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// TestApprovalServicePolicy starts a real service with a policy in its
// config folder and checks
// that a rule decides at submission, audited and with a receipt only for
// an approval, and that a plan no rule decides waits for the human.
func TestApprovalServicePolicy(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real service process")
	}
	dir := t.TempDir()
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(dir, "tools")); err != nil {
		t.Fatal(err)
	}
	pol := `{
  "version": 1,
  "imports": {"pol": "tools.email.trusted.contracts"},
  "rules": [
    {"name": "bob-only", "decision": "auto_approved", "reason": "only emails bob",
     "when_proven": ["pol.only(['bob@example.com'])"]},
    {"name": "too-many", "decision": "auto_rejected", "reason": "more than 3 emails",
     "unless_proven": ["pol.at_most(3)"]}
  ]
}`
	inst := newDevInstall(t, "email")
	// Policies come only from the service's config folder.
	if err := os.WriteFile(filepath.Join(inst.config, "policy.json"), []byte(pol), 0o600); err != nil {
		t.Fatal(err)
	}
	trusted, err := filepath.Glob(filepath.Join(dir, "tools", "*", "trusted"))
	if err != nil {
		t.Fatal(err)
	}
	svc := inst.start(t)
	c := &httpClient{base: svc.url, http: &http.Client{}}

	submit := func(guarantee string, sends ...string) approval.Status {
		t.Helper()
		src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n" +
			"@clauz3.guarantee(" + guarantee + ")\ndef main() -> None:\n"
		for _, to := range sends {
			src += "    send_email(\"" + to + "\", \"hello\")\n"
		}
		prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{dir}, TrustedRoots: trusted, Target: "main"})
		if err != nil {
			t.Fatal(err)
		}
		sub := approval.Submission{PlanName: "plan.py", PlanSource: src, PlanHash: ir.Digest([]byte(src), prog), Target: "main",
			Guarantees: []approval.Guarantee{}, Coverage: []approval.Coverage{}, ClientKey: testClientKey.Public()}
		code, body, err := c.do("POST", "/api/requests", sub)
		if err != nil || code != http.StatusCreated {
			t.Fatalf("submit: %d %s %v", code, body, err)
		}
		var got approval.Submitted
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		code, body, err = c.doProved("GET", "/api/requests/"+got.ID+"/wait?timeout=1s", nil, clientkey.Wait, got.ID, "")
		if err != nil || code != http.StatusOK {
			t.Fatalf("wait: %d %s %v", code, body, err)
		}
		var st approval.Status
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatal(err)
		}
		return st
	}

	bob := submit(`emails.only(["bob@example.com"])`, "bob@example.com")
	if bob.Status != approval.StatusAutoApproved || bob.DecidedBy != "policy:bob-only" || bob.Receipt == nil {
		t.Errorf("bob: %+v, want auto_approved by policy:bob-only with a receipt", bob)
	}
	many := submit(`emails.only(["bob@example.com"])`, "bob@example.com", "bob@example.com", "bob@example.com", "bob@example.com")
	if many.Status != approval.StatusAutoRejected || many.DecidedBy != "policy:too-many" || many.Receipt != nil {
		t.Errorf("four emails: %+v, want auto_rejected by policy:too-many without a receipt", many)
	}
	ann := submit(`emails.only(["bob@example.com", "ann@example.com"])`, "ann@example.com")
	if ann.Status != "pending" || ann.Receipt != nil {
		t.Errorf("ann: %+v, want pending (no rule fires: the human decides)", ann)
	}

	code, body, err := c.do("GET", "/api/requests/"+bob.ID, nil)
	if err != nil || code != http.StatusOK || !strings.Contains(string(body), `"coverage_checked":true`) {
		t.Errorf("request record: %d %s %v, want coverage_checked true", code, body, err)
	}
}
