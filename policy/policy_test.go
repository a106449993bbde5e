package policy

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

func TestParseRefusals(t *testing.T) {
	tests := []struct {
		name, json string
		kind       Kind
		problem    ProblemKind // when kind is Invalid: the first problem
		rule       int         // and the rule it is about (0: none)
	}{
		{"not json", `{`, Malformed, 0, 0},
		{"unknown field", `{"version":1,"rules":[],"extra":1}`, Malformed, 0, 0},
		{"trailing", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]}]} {}`, TrailingData, 0, 0},
		{"version", `{"version":2,"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]}]}`, Invalid, BadVersion, 0},
		{"no rules", `{"version":1,"rules":[]}`, Invalid, NoRules, 0},
		{"unknown decision", `{"version":1,"rules":[{"name":"a","decision":"approved_once","reason":"r","when_proven":["p.x()"]}]}`, Invalid, UnknownDecision, 1},
		{"allow without clause", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":"r"}]}`, Invalid, MissingWhenProven, 1},
		{"allow with unless", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"],"unless_proven":["p.y()"]}]}`, Invalid, UnlessOnApprove, 1},
		{"deny without clause", `{"version":1,"rules":[{"name":"a","decision":"auto_rejected","reason":"r"}]}`, Invalid, MissingUnlessProven, 1},
		{"deny with when", `{"version":1,"rules":[{"name":"a","decision":"auto_rejected","reason":"r","unless_proven":["p.x()"],"when_proven":["p.y()"]}]}`, Invalid, WhenOnReject, 1},
		{"empty reason", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":" ","when_proven":["p.x()"]}]}`, Invalid, EmptyReason, 1},
		{"duplicate name", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]},{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]}]}`, Invalid, DuplicateName, 2},
		{"empty clause", `{"version":1,"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":[""]}]}`, Invalid, EmptyClause, 1},
		{"bad alias", `{"version":1,"imports":{"1x":"tools.email.trusted.contracts"},"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]}]}`, Invalid, BadAlias, 0},
		{"bad module", `{"version":1,"imports":{"p":"tools/email"},"rules":[{"name":"a","decision":"auto_approved","reason":"r","when_proven":["p.x()"]}]}`, Invalid, BadModule, 0},
	}
	for _, tt := range tests {
		_, err := Parse("p.json", []byte(tt.json))
		var e *Error
		switch {
		case !errors.As(err, &e) || e.File != "p.json" || e.Kind != tt.kind:
			t.Errorf("%s: err %v, want a %v *Error", tt.name, err, tt.kind)
		case tt.kind == Invalid && (len(e.Problems) == 0 || e.Problems[0].Kind != tt.problem || e.Problems[0].Rule != tt.rule):
			t.Errorf("%s: problems %+v, want first problem %d about rule %d", tt.name, e.Problems, tt.problem, tt.rule)
		}
	}
	var e *Error
	if _, err := Parse("big.json", make([]byte, MaxSize+1)); !errors.As(err, &e) || e.Kind != TooLarge {
		t.Errorf("oversized: %v", err)
	}
}

const testPolicy = `{
  "version": 1,
  "imports": {"pol": "tools.email.trusted.contracts", "shop": "tools.shop.trusted.contracts"},
  "rules": [
    {"name": "bob-only", "decision": "auto_approved", "reason": "only emails bob",
     "when_proven": ["pol.only(['bob@example.com'])", "shop.at_most(0)"]},
    {"name": "few-emails", "decision": "auto_rejected", "reason": "more than 3 emails",
     "unless_proven": ["pol.at_most(3)"]},
    {"name": "small-shopping", "decision": "auto_approved", "reason": "one small purchase from acme",
     "when_proven": ["pol.none()", "shop.only_vendor('acme')", "shop.at_most(1)", "shop.max_total(20)"]}
  ]
}`

const planHeader = `import clauz3
from tools.email.trusted.effects import send_email
from tools.shop.trusted.effects import buy

`

func evaluate(t *testing.T, policyJSON, body string) (*Decision, error) {
	t.Helper()
	pol, err := Parse("policy.json", []byte(policyJSON))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "plan.py")
	src := planHeader + body
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	corpus, err := filepath.Abs("../corpus")
	if err != nil {
		t.Fatal(err)
	}
	plan := Plan{File: "plan.py", Source: []byte(src), Config: compiler.Config{ImportRoots: []string{corpus}}}
	return Evaluate(context.Background(), plan, pol, prover.Options{})
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name    string
		policy  string
		plan    string
		outcome Outcome
		rule    string
		trace   string // rule:status ... in evaluation order
	}{
		{"allow fires", testPolicy, "def main() -> None:\n    send_email('bob@example.com', 'hi')\n",
			AutoApproved, "bob-only", "few-emails:not_fired bob-only:fired"},
		{"nothing fires", testPolicy, "def main() -> None:\n    send_email('ann@example.com', 'hi')\n",
			Ask, "", "few-emails:not_fired bob-only:not_fired small-shopping:not_fired"},
		{"deny first", testPolicy, "def main() -> None:\n    for i in range(5):\n        send_email('bob@example.com', 'hi')\n",
			AutoRejected, "few-emails", "few-emails:fired"},
		{"symbolic input decides", testPolicy, "def main(addr: str) -> None:\n    if '@' in addr:\n        send_email(addr, 'hi')\n",
			Ask, "", "few-emails:not_fired bob-only:not_fired small-shopping:not_fired"},
		{"every clause of an allow rule", testPolicy, "def main() -> None:\n    buy('acme', 10)\n",
			AutoApproved, "small-shopping", "few-emails:not_fired bob-only:not_fired small-shopping:fired"},
		{"one clause fails", testPolicy, "def main() -> None:\n    buy('acme', 10)\n    buy('acme', 5)\n",
			Ask, "", "few-emails:not_fired bob-only:not_fired small-shopping:not_fired"},
		{"inconclusive deny blocks approval", strings.Replace(testPolicy, `"pol.at_most(3)"`, `"pol.no_such_contract()"`, 1),
			"def main() -> None:\n    send_email('bob@example.com', 'hi')\n",
			Ask, "", "few-emails:inconclusive"},
		{"inconclusive allow does not approve", strings.Replace(testPolicy, `"pol.only(['bob@example.com'])"`, `"pol.only("`, 1),
			"def main() -> None:\n    send_email('bob@example.com', 'hi')\n",
			Ask, "", "few-emails:not_fired bob-only:inconclusive small-shopping:not_fired"},
		{"a failed clause outweighs an inconclusive one", strings.Replace(testPolicy, `"pol.only(['bob@example.com'])"`, `"emails.only(['bob@example.com'])"`, 1),
			"def main() -> None:\n    buy('acme', 10)\n",
			AutoApproved, "small-shopping", "few-emails:not_fired bob-only:not_fired small-shopping:fired"},
		{"a plan name is invisible to clauses", strings.Replace(testPolicy, `"pol.at_most(3)"`, `"send_email"`, 1),
			"def main() -> None:\n    send_email('bob@example.com', 'hi')\n",
			Ask, "", "few-emails:inconclusive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := evaluate(t, tt.policy, tt.plan)
			if err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			var trace []string
			for _, r := range d.Rules {
				trace = append(trace, r.Name+":"+string(r.Status))
			}
			if d.Outcome != tt.outcome || d.Rule != tt.rule || strings.Join(trace, " ") != tt.trace {
				t.Errorf("got %s by %q (%s), want %s by %q (%s); %+v", d.Outcome, d.Rule, strings.Join(trace, " "), tt.outcome, tt.rule, tt.trace, d.Rules)
			}
		})
	}
}

func TestEvaluateRefusesUnprovedPlan(t *testing.T) {
	_, err := evaluate(t, testPolicy, "def main() -> None:\n    send_email('nobody', 'hi')\n")
	if !errors.Is(err, ErrPlanNotProved) || !unproved(err, prover.KindPrecondition, "send_email", prover.Failed) {
		t.Errorf("err %v, want ErrPlanNotProved naming the precondition", err)
	}
	_, err = evaluate(t, testPolicy, "def main() -> None:\n    buy('acme', 500)\n")
	if !errors.Is(err, ErrPlanNotProved) || !unproved(err, prover.KindRequired, "tools.shop.trusted.contracts.max_total(100)", prover.Failed) {
		t.Errorf("err %v, want ErrPlanNotProved naming the required contract", err)
	}
	_, err = evaluate(t, testPolicy, "import os\ndef main() -> None:\n    pass\n")
	if err == nil || ir.CodeOf(err, ir.UnknownCode) != ir.Unsupported {
		t.Errorf("err %v, want the compile error with its code Unsupported", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pol, _ := Parse("p.json", []byte(testPolicy))
	corpus, _ := filepath.Abs("../corpus")
	src := planHeader + "def main() -> None:\n    send_email('bob@example.com', 'hi')\n"
	if d, err := Evaluate(ctx, Plan{File: "plan.py", Source: []byte(src), Config: compiler.Config{ImportRoots: []string{corpus}}}, pol, prover.Options{}); err == nil {
		t.Errorf("cancelled context: got %+v, want an error", d)
	}
}

// TestApprovalMustSpeakAboutEveryLayer: a proved clause says nothing about
// an effect it does not select, so a rule approves only plans whose every
// called effect one of its clauses selects; an explicit waiver selects
// nothing and so approves nothing.
func TestApprovalMustSpeakAboutEveryLayer(t *testing.T) {
	const pol = `{
  "version": 1,
  "imports": {"pol": "tools.email.trusted.contracts", "shop": "tools.shop.trusted.contracts"},
  "rules": [
    {"name": "bob-only", "decision": "auto_approved", "reason": "only emails bob",
     "when_proven": ["pol.only(['bob@example.com'])"]},
    {"name": "bob-and-any-shopping", "decision": "auto_approved", "reason": "only emails bob, shopping waived",
     "when_proven": ["pol.only(['bob@example.com'])", "shop.no_guarantees()"]},
    {"name": "bob-and-one-purchase", "decision": "auto_approved", "reason": "only emails bob, one purchase",
     "when_proven": ["pol.only(['bob@example.com'])", "shop.at_most(1)"]}
  ]
}`
	d, err := evaluate(t, pol, "def main() -> None:\n    send_email('bob@example.com', 'hi')\n")
	if err != nil || d.Outcome != AutoApproved || d.Rule != "bob-only" {
		t.Fatalf("email only: %+v, %v", d, err)
	}
	d, err = evaluate(t, pol, "def main() -> None:\n    send_email('bob@example.com', 'hi')\n    buy('acme', 50)\n")
	if err != nil || d.Outcome != AutoApproved || d.Rule != "bob-and-one-purchase" {
		t.Fatalf("email and shop: %+v, %v", d, err)
	}
	if r := d.Rules[0]; r.Status != RuleNotFired || r.Uncovered == nil || r.Uncovered.Effect != "buy" || r.Uncovered.Pos.Line != 7 || r.Uncovered.Partly {
		t.Errorf("bob-only: %+v", r)
	}
	if r := d.Rules[1]; r.Status != RuleNotFired || r.Clauses[1].Detail != VacuousDetail || r.Uncovered == nil || r.Uncovered.Effect != "buy" || r.Uncovered.Pos.Line != 7 {
		t.Errorf("the waiver approved or was not flagged: %+v", r)
	}
	d, err = evaluate(t, strings.Replace(pol, `"shop.at_most(1)"`, `"pol.at_most(1)"`, 1),
		"def main() -> None:\n    send_email('bob@example.com', 'hi')\n    buy('acme', 50)\n")
	if err != nil || d.Outcome != Ask {
		t.Fatalf("no rule speaks about the shop: %+v, %v", d, err)
	}
	// a helper's call counts, even on a branch that never runs
	d, err = evaluate(t, pol, "def shopping() -> None:\n    buy('acme', 5)\n\ndef main() -> None:\n    send_email('bob@example.com', 'hi')\n    if 1 > 2:\n        shopping()\n")
	if err != nil || d.Outcome != AutoApproved || d.Rule != "bob-and-one-purchase" {
		t.Fatalf("helper in a dead branch: %+v, %v", d, err)
	}
}

// unproved says whether err is a *NotProvedError listing an obligation of
// that kind, name and status.
func unproved(err error, kind prover.Kind, name string, status prover.Status) bool {
	var e *NotProvedError
	if !errors.As(err, &e) {
		return false
	}
	for _, o := range e.Unproved {
		if o.Kind == kind && o.Name == name && o.Status == status {
			return true
		}
	}
	return false
}
