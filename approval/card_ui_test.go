package approval

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir/english"
)

// cardLayers lays the bundled email and bank layers out under a fresh
// import root, effects.py passed through edit.
func cardLayers(t *testing.T, edit func(string) string) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range []string{"email", "bank"} {
		dst := filepath.Join(root, "tools", name, "trusted")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"__init__.py", "effects.py", "contracts.py", "policy.py"} {
			data, err := os.ReadFile(filepath.Join("..", "layers", name, f))
			if err != nil {
				t.Fatal(err)
			}
			if f == "effects.py" && edit != nil {
				data = []byte(edit(string(data)))
			}
			if err := os.WriteFile(filepath.Join(dst, f), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

// compilingReprove compiles the plan for real and builds its card, as the
// service's re-proof does (the proof itself is not what these tests look
// at: the compiled program and its guarantees are).
func compilingReprove(root string) Reprove {
	return func(_ context.Context, name string, src []byte, target string) (Proof, error) {
		prog, err := compiler.Compile(name, src, compiler.Config{ImportRoots: []string{root}})
		if err != nil {
			return Proof{}, err
		}
		c, err := card.Build(prog, src)
		if err != nil {
			return Proof{}, err
		}
		p := Proof{PlanHash: planHash(string(src)), Target: target, Card: c, Coverage: []Coverage{}, CoverageChecked: true, BuildIdentity: testBuildID}
		for _, g := range prog.Guarantees {
			s, _ := english.Guarantee(g)
			p.Guarantees = append(p.Guarantees, Guarantee{Source: g.Source, English: s})
		}
		return p, nil
	}
}

// page submits src and returns the request page's HTML, unescaped, with
// tags kept.
func cardPage(t *testing.T, root, src string) string {
	t.Helper()
	h := newHarness(t, nil)
	h.svc.cfg.Reprove = compilingReprove(root)
	id := h.submit(src)
	r := h.do("GET", "/ui/requests/"+id, "", nil)
	if r.code != 200 {
		t.Fatalf("page = %d %s", r.code, r.body)
	}
	return html.UnescapeString(string(r.body))
}

// element returns the inner HTML of the element with this id, up to its
// own closing tag (nested elements of the same name counted).
func element(t *testing.T, page, id string) string {
	t.Helper()
	m := regexp.MustCompile(`<(\w+)[^>]* id="` + regexp.QuoteMeta(id) + `"[^>]*>`).FindStringSubmatchIndex(page)
	if m == nil {
		t.Fatalf("no element #%s in\n%s", id, page)
	}
	tag := page[m[2]:m[3]]
	rest, depth := page[m[1]:], 1
	open, close := regexp.MustCompile(`<`+tag+`[\s>]`), "</"+tag+">"
	for i := 0; i < len(rest); i++ {
		switch {
		case strings.HasPrefix(rest[i:], close):
			if depth--; depth == 0 {
				return rest[:i]
			}
		case open.MatchString(rest[i:min(i+len(tag)+2, len(rest))]):
			depth++
		}
	}
	t.Fatalf("element #%s is not closed", id)
	return ""
}

// TestCardPageVacuousGuarantee (H1/H2 on the card): the English says
// every email goes to bob, but one changed marker left send_email outside
// the guarantee; the page must say, loudly and next to the guarantee, that
// it covers nothing the plan does and that send_email is uncovered.
func TestCardPageVacuousGuarantee(t *testing.T) {
	root := cardLayers(t, func(s string) string { return strings.Replace(s, `@deal.has("email")`, `@deal.has("mail")`, 1) })
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n" +
		"@clauz3.guarantee(emails.only(['bob@example.com']))\ndef main() -> None:\n    send_email('eve@evil.example', 'the keys')\n"
	page := cardPage(t, root, src)
	warn := element(t, page, "warnings")
	for _, want := range []string{"covers nothing the plan does", "Send an email to eve@evil.example saying “the keys” (plan.py line 7) is limited by no promise of the plan"} {
		if !strings.Contains(warn, want) {
			t.Errorf("warnings box lacks %q:\n%s", want, warn)
		}
	}
	g := element(t, page, "guarantee-1")
	if !strings.Contains(g, "COVERS NOTHING THE PLAN DOES") || !strings.Contains(g, "emails.only(['bob@example.com'])") {
		t.Errorf("the guarantee is not marked where it is shown:\n%s", g)
	}
	if cov := element(t, page, "coverage"); !strings.Contains(cov, "It still takes 1 action(s)") {
		t.Errorf("the coverage section reads as if the plan did nothing:\n%s", cov)
	}
	eff := element(t, page, "effects")
	if !strings.Contains(eff, "Send an email to eve@evil.example") || !strings.Contains(eff, "NO PROMISE LIMITS THIS ACTION") {
		t.Errorf("effects table:\n%s", eff)
	}
	// The control: the same plan mailing bob with the untouched layer
	// has no warning box and an unmarked guarantee.
	page = cardPage(t, cardLayers(t, nil), strings.Replace(src, "eve@evil.example", "bob@example.com", 1))
	if strings.Contains(page, `id="warnings"`) || strings.Contains(page, "COVERS NOTHING") {
		t.Errorf("control page warns:\n%s", page)
	}
}

// TestCardPageLookAlikeAndMoney (U1, P1 on the card): a Cyrillic а in an
// address is flagged and its domain shown in punycode; money is shown with
// its unit; an input is shown as such; a withdraw no guarantee selects is
// a warning.
func TestCardPageLookAlikeAndMoney(t *testing.T) {
	const spoof = "bob@ex\u0430mple.com"
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n" +
		"from tools.bank.trusted import contracts as bank\nfrom tools.bank.trusted.effects import pay_bill, withdraw\n\n" +
		"@clauz3.guarantee(emails.only(['" + spoof + "']))\n@clauz3.guarantee(bank.only_payees(['acme']))\n" +
		"def main(account: str) -> None:\n    send_email('" + spoof + "', 'paid')\n    pay_bill(account, 'acme', 1250)\n    withdraw(account, 99999)\n"
	page := cardPage(t, cardLayers(t, nil), src)
	warn := element(t, page, "warnings")
	for _, want := range []string{"mixes Latin and Cyrillic", "bob@xn--exmple-4nf.com", "Withdraw 999.99 (99999 cents) from account the input account (plan.py line 12) is limited by no promise of the plan"} {
		if !strings.Contains(warn, want) {
			t.Errorf("warnings box lacks %q:\n%s", want, warn)
		}
	}
	eff := element(t, page, "effects")
	for _, want := range []string{"bob@xn--exmple-4nf.com", "999.99 (99999 cents)", "12.50 (1250 cents)", "the input account", "⚠ the recipient: mixes Latin and Cyrillic letters"} {
		if !strings.Contains(eff, want) {
			t.Errorf("effects table lacks %q:\n%s", want, eff)
		}
	}
	if in := element(t, page, "inputs"); !strings.Contains(in, "account") || !strings.Contains(in, "not given") {
		t.Errorf("inputs:\n%s", in)
	}
	if g := element(t, page, "guarantee-1"); !strings.Contains(g, "xn--exmple-4nf.com") {
		t.Errorf("the guarantee's look-alike address is not flagged where it is shown:\n%s", g)
	}
}

// A request whose re-proof computed no card says so instead of showing an
// empty, reassuring one.
func TestCardPageWithoutCard(t *testing.T) {
	h := newHarness(t, nil)
	id := h.submit(planSrc)
	page := string(h.do("GET", "/ui/requests/"+id, "", nil).body)
	if !strings.Contains(page, `id="no-card"`) {
		t.Errorf("no card note:\n%s", page)
	}
}

// visibleText is what a person reads on a page without opening anything:
// the HTML with every collapsed <details> block (plan source, raw record,
// technical details, code forms) and every tag removed.
func visibleText(page string) string {
	page = regexp.MustCompile(`(?s)<details[^>]*>.*?</details>`).ReplaceAllString(page, " ")
	page = regexp.MustCompile(`(?s)<style>.*?</style>|<script[^>]*>.*?</script>`).ReplaceAllString(page, " ")
	page = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, " ")
	return strings.Join(strings.Fields(html.UnescapeString(page)), " ")
}

// TestCardPagePlainEnglish: the card reads as English for a person who
// is not a programmer. What the plan can do is said with the layers'
// sentences, arguments by what they are (no parameter or effect function
// names, no layer packages, no contract spellings, no coverage status
// codes), money with its unit, the inputs of this run with their values,
// and the configuration the service will use; the loud warning for the
// uncovered payment stays, and Approve is the primary action.
func TestCardPagePlainEnglish(t *testing.T) {
	root := cardLayers(t, nil)
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n" +
		"from tools.bank.trusted.effects import pay_bill\n\n" +
		"@clauz3.guarantee(emails.only(['bob@example.com']))\n" +
		"def main(account: str) -> None:\n    send_email('bob@example.com', 'paid')\n    pay_bill(account, 'acme', 1250)\n"
	h := newHarness(t, nil)
	reprove := compilingReprove(root)
	h.svc.cfg.Reprove = func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		p, err := reprove(ctx, name, src, target)
		if err != nil {
			return p, err
		}
		p.Coverage = []Coverage{{Domain: "tools.bank.trusted", Status: "recommended_gap", Missing: []string{"bank.max_spend"}}}
		p.Card.SetConfig(map[string][]string{
			"email": {"CLAUZ3_SMTP_HOST=smtp.example.com", "CLAUZ3_SMTP_PORT=587", "CLAUZ3_SMTP_FROM=clauz3@example.com"},
			"bank":  {"CLAUZ3_BANK_DB=/var/lib/clauz3/ledger.db"},
			"web":   {"CLAUZ3_WEB_TIMEOUT=5s"}, // a layer the plan does not use: not shown
		})
		return p, nil
	}
	sub := submission(src)
	sub.Inputs = []string{`account="checking"`}
	r := h.postJSON("/api/requests", sub)
	if r.code != 201 {
		t.Fatalf("submit = %d %s", r.code, r.body)
	}
	var s Submitted
	json.Unmarshal(r.body, &s)
	page := string(h.do("GET", "/ui/requests/"+s.ID, "", nil, "Cookie", h.login()).body)
	shown := visibleText(page)
	for _, internal := range []string{"send_email", "pay_bill", "addr", "msg", "payee", "recommended_gap", "tools.email", "tools.bank", "emails.only", "max_spend", "CLAUZ3_", "constant", "computed"} {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(internal) + `\b`).MatchString(shown) {
			t.Errorf("the card shows the internal name %q:\n%s", internal, shown)
		}
	}
	for _, want := range []string{
		"Send an email to bob@example.com",
		"Pay 12.50 (1250 cents) to acme from account checking",
		"For every email, the recipient is 'bob@example.com'", // the guarantee in plain English
		"account", "checking", // the input and its value in this run
		"Mail server", "smtp.example.com", "587", "Sender", "clauz3@example.com", "Ledger", "/var/lib/clauz3/ledger.db",
		"Pay 12.50 (1250 cents) to acme from account checking (plan.py line 9) is limited by no promise",
		"the layer recommends promises this plan does not make: max spend",
	} {
		if !strings.Contains(shown, want) {
			t.Errorf("the card does not show %q:\n%s", want, shown)
		}
	}
	if strings.Contains(shown, "5s") {
		t.Errorf("the card shows the configuration of a layer the plan does not use:\n%s", shown)
	}
	if !regexp.MustCompile(`<button [^>]*class="primary"[^>]*id="approve"|<button [^>]*id="approve"[^>]*class="primary"`).MatchString(page) {
		t.Errorf("Approve is not the primary action:\n%s", element(t, page, "decide"))
	}
	// The code forms stay one click away for whoever wants them.
	if !strings.Contains(page, "emails.only([&#39;bob@example.com&#39;])") || !strings.Contains(page, "pay_bill") {
		t.Errorf("the code forms are gone from the page")
	}
}

// TestCardPageAfterTheRun: once the service ran the plan, the card says
// what ran, in the card's own words, and how it ended: each action done,
// the one that failed marked, the failure's reason; a run the service
// refused says so.
func TestCardPageAfterTheRun(t *testing.T) {
	root := cardLayers(t, nil)
	src := "import clauz3\nfrom tools.bank.trusted import contracts as bank\nfrom tools.bank.trusted.effects import withdraw, deposit\n\n" +
		"@clauz3.guarantee(bank.no_guarantees())\ndef main(account: str, amount: int) -> None:\n    withdraw(account, amount)\n    deposit('savings', amount)\n"
	for _, c := range []struct {
		name   string
		res    RunResult
		err    error
		want   []string
		absent []string
	}{
		{"finished", RunResult{Exit: 0, Trace: `{"effect":"withdraw","args":{"account":"checking","amount":500}}` + "\n" + `{"effect":"deposit","args":{"account":"savings","amount":500}}` + "\n"},
			nil, []string{"✓ Withdraw 5.00 (500 cents) from account checking", "✓ Deposit 5.00 (500 cents) into account savings", "Finished", "the plan ran to its end"}, []string{"FAILED"}},
		// The runtime marks a failed call in the trace, after the call
		// ({"failed": effect, "error": kind}); the card reads that mark,
		// not the words of the binary's error output.
		{"an effect failed", RunResult{Exit: 5, Stderr: "EffectError: overdraft: checking has 100 cents", Trace: `{"effect":"withdraw","args":{"account":"checking","amount":500}}` + "\n" + `{"failed":"withdraw","error":"EffectError"}` + "\n"},
			nil, []string{"✗ FAILED: Withdraw 5.00 (500 cents) from account checking", "The run failed (exit status 5): EffectError: overdraft"}, []string{"Finished", "unreadable"}},
		{"the sandbox stopped an effect", RunResult{Exit: 5, Stderr: "clauz3: the sandbox refused the call", Trace: `{"effect":"withdraw","args":{"account":"checking","amount":500}}` + "\n" + `{"failed":"withdraw","error":"SandboxError"}` + "\n"},
			nil, []string{"✗ FAILED: Withdraw 5.00 (500 cents) from account checking"}, []string{"Finished", "unreadable"}},
		{"the plan failed after its effects", RunResult{Exit: 1, Stderr: "EffectError: raised by the plan itself", Trace: `{"effect":"withdraw","args":{"account":"checking","amount":500}}` + "\n"},
			nil, []string{"✓ Withdraw 5.00 (500 cents) from account checking", "The run failed (exit status 1)"}, []string{"FAILED", "Finished"}},
		{"a failure mark of another call", RunResult{Exit: 5, Stderr: "EffectError: x", Trace: `{"effect":"withdraw","args":{"account":"checking","amount":500}}` + "\n" + `{"failed":"deposit","error":"EffectError"}` + "\n"},
			nil, []string{"✓ Withdraw 5.00 (500 cents) from account checking", "(unreadable trace line)"}, []string{"Finished"}},
		{"refused", RunResult{}, errors.New("the layer store changed since the approval"),
			[]string{"The service did not run the plan", "the layer store changed since the approval"}, []string{"Finished"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			h.svc.cfg.Reprove = compilingReprove(root)
			h.svc.cfg.Execute = func(context.Context, RunJob) (RunResult, error) { return c.res, c.err }
			sub := submission(src)
			sub.Inputs = []string{`account="checking"`, "amount=500"}
			r := h.postJSON("/api/requests", sub)
			var s Submitted
			if r.code != 201 || json.Unmarshal(r.body, &s) != nil {
				t.Fatalf("submit = %d %s", r.code, r.body)
			}
			cookie := h.login()
			before := visibleText(string(h.do("GET", "/ui/requests/"+s.ID, "", nil, "Cookie", cookie).body))
			if strings.Contains(before, "What ran") {
				t.Fatalf("the card says something ran before the run:\n%s", before)
			}
			if !strings.Contains(before, "Withdraw 5.00 (500 cents) from account checking") {
				t.Errorf("the money input is not shown with its unit:\n%s", before)
			}
			// A run asked for before the decision is refused before it
			// begins: it is no outcome of the request.
			h.postJSON("/api/requests/"+s.ID+"/run", map[string]string{}, h.proof(clientkey.Run, s.ID, "")...)
			if shown := visibleText(string(h.do("GET", "/ui/requests/"+s.ID, "", nil).body)); strings.Contains(shown, "What ran") {
				t.Fatalf("a refused run request shows as an outcome:\n%s", shown)
			}
			decodeStatus(t, h.decide(s.ID, cookie, StatusApprovedOnce))
			h.postJSON("/api/requests/"+s.ID+"/run", map[string]string{}, h.proof(clientkey.Run, s.ID, "")...)
			page := h.do("GET", "/ui/requests/"+s.ID, "", nil).body
			shown := visibleText(string(page))
			for _, w := range c.want {
				if !strings.Contains(shown, w) {
					t.Errorf("after the run the card does not say %q:\n%s", w, shown)
				}
			}
			for _, w := range c.absent {
				if strings.Contains(shown, w) {
					t.Errorf("after the run the card says %q:\n%s", w, shown)
				}
			}
		})
	}
}

// A card stored before cards spoke English (no sentences) still lists
// every call, as code, rather than empty lines.
func TestCardPageOfAnOlderCard(t *testing.T) {
	h := newHarness(t, nil)
	h.svc.cfg.Reprove = func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		p, err := fakeReprove(ctx, name, src, target)
		p.Card = &card.Card{Effects: []card.Effect{{Name: "withdraw", Layer: "tools.bank.trusted", At: "plan.py:3:5",
			Args: []card.Arg{{Name: "amount", Kind: "constant", Value: "99999"}}}}}
		return p, err
	}
	id := h.submit(planSrc)
	shown := visibleText(string(h.do("GET", "/ui/requests/"+id, "", nil).body))
	if !strings.Contains(shown, "withdraw(amount=99999) (plan.py:3:5) NO PROMISE LIMITS THIS ACTION") {
		t.Errorf("an older card:\n%s", shown)
	}
}

// The request page shows what the run will be able to touch: the card's
// sandbox lines (issue 15).
func TestCardPageSandbox(t *testing.T) {
	h := newHarness(t, nil)
	h.svc.cfg.Reprove = func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		p, err := fakeReprove(ctx, name, src, target)
		p.Card = &card.Card{Sandbox: []string{"read-only: /etc/ssl/certs", "read-write: /srv/outbox", "network: TCP connect to ports 587", "connects to: the mail server smtp.example.com:587 (email layer)"}}
		return p, err
	}
	id := h.submit(planSrc)
	page := string(h.do("GET", "/ui/requests/"+id, "", nil).body)
	box := element(t, page, "sandbox")
	for _, want := range []string{"read-write: /srv/outbox", "network: TCP connect to ports 587", "connects to: the mail server smtp.example.com:587 (email layer)"} {
		if !strings.Contains(box, want) {
			t.Errorf("the sandbox on the page lacks %q:\n%s", want, box)
		}
	}
}

// TestRunAnswerSaysTheSandbox: the run's answer carries the card's
// sandbox lines and its unconfined warning, so `clauz3 run`'s transcript
// says what the run could touch, or that nothing confined it (issue 15).
func TestRunAnswerSaysTheSandbox(t *testing.T) {
	h := newHarness(t, nil)
	const unconfined = "this machine lacks Landlock: the run is not confined by the kernel"
	h.svc.cfg.Reprove = func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		p, err := fakeReprove(ctx, name, src, target)
		p.Card = &card.Card{Sandbox: []string{"read-write: /srv/outbox"}, Warnings: []card.Warning{{Kind: card.Unconfined, Message: unconfined}}}
		return p, err
	}
	h.svc.cfg.Execute = func(context.Context, RunJob) (RunResult, error) { return RunResult{Exit: 0}, nil }
	id := h.submit(planSrc)
	decodeStatus(t, h.decide(id, h.login(), StatusApprovedOnce))
	r := h.postJSON("/api/requests/"+id+"/run", map[string]string{}, h.proof(clientkey.Run, id, "")...)
	var res RunResult
	if r.code != 200 || json.Unmarshal(r.body, &res) != nil {
		t.Fatalf("run = %d %s", r.code, r.body)
	}
	if len(res.Sandbox) != 1 || res.Sandbox[0] != "read-write: /srv/outbox" || res.Unconfined != unconfined {
		t.Errorf("run answer sandbox %q unconfined %q", res.Sandbox, res.Unconfined)
	}
}
