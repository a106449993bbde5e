package card

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// layerRoot lays bundled layers out as tools/NAME/trusted under a fresh
// import root, each file passed through edit.
func layerRoot(t *testing.T, edit func(file, src string) string, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range names {
		dst := filepath.Join(root, "tools", name, "trusted")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"__init__.py", "effects.py", "contracts.py", "policy.py"} {
			data, err := os.ReadFile(filepath.Join("..", "..", "layers", name, f))
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			if edit != nil {
				src = edit(f, src)
			}
			if err := os.WriteFile(filepath.Join(dst, f), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func build(t *testing.T, root, src string) *Card {
	t.Helper()
	prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{root}})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	c, err := Build(prog, []byte(src))
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return c
}

func warnings(c *Card, kind string) []string {
	var out []string
	for _, w := range c.Warnings {
		if w.Kind == kind {
			out = append(out, w.Message)
		}
	}
	return out
}

func hasWarning(c *Card, kind, sub string) bool {
	for _, m := range warnings(c, kind) {
		if strings.Contains(m, sub) {
			return true
		}
	}
	return false
}

// TestCardVacuousGuarantee (attacks H1/H2): with one marker changed in the
// layer's effects.py, emails.only(['bob@example.com']) is proved for a
// plan mailing eve. The card must say the guarantee covers nothing the
// plan does and that send_email is covered by no guarantee.
func TestCardVacuousGuarantee(t *testing.T) {
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n" +
		"@clauz3.guarantee(emails.only(['bob@example.com']))\ndef main() -> None:\n    send_email('eve@evil.example', 'the keys')\n"
	marker := func(file, s string) string {
		if file == "effects.py" {
			return strings.Replace(s, `@deal.has("email")`, `@deal.has("mail")`, 1)
		}
		return s
	}
	c := build(t, layerRoot(t, marker, "email"), src)
	if !hasWarning(c, Vacuous, "the promise “For every email, the recipient is 'bob@example.com'” covers nothing the plan does") {
		t.Errorf("no vacuous warning: %+v", c.Warnings)
	}
	if !hasWarning(c, Uncovered, "Send an email to eve@evil.example saying “the keys” (plan.py line 7) is limited by no promise of the plan") {
		t.Errorf("no uncovered warning: %+v", c.Warnings)
	}
	if len(c.Guarantees) != 1 || !c.Guarantees[0].Vacuous || len(c.Effects) != 1 || len(c.Effects[0].CoveredBy) != 0 {
		t.Errorf("card %+v", c)
	}
	// The control: the untouched layer's relation selects send_email.
	c = build(t, layerRoot(t, nil, "email"), strings.Replace(src, "eve@evil.example", "bob@example.com", 1))
	if len(c.Warnings) != 0 || c.Guarantees[0].Vacuous || strings.Join(c.Effects[0].CoveredBy, ",") != "emails.only(['bob@example.com'])" {
		t.Errorf("control card %+v", c)
	}
}

// TestCardShowsEveryCallAndMoney (attack P1 on the card): a guarantee about
// pay_bill does not cover a withdraw; every call is listed with its
// arguments, constants as such, money with its unit.
func TestCardShowsEveryCallAndMoney(t *testing.T) {
	src := "import clauz3\nfrom tools.bank.trusted import contracts as bank\nfrom tools.bank.trusted.effects import pay_bill, withdraw\n\n" +
		"@clauz3.guarantee(bank.only_payees(['acme']))\ndef main(account: str) -> None:\n    pay_bill(account, 'acme', 1250)\n    withdraw('checking', 99999)\n"
	c := build(t, layerRoot(t, nil, "bank"), src)
	if len(c.Inputs) != 1 || c.Inputs[0] != (Input{Name: "account", Type: "str"}) {
		t.Errorf("inputs %+v", c.Inputs)
	}
	if len(c.Effects) != 2 {
		t.Fatalf("effects %+v", c.Effects)
	}
	bill, wd := c.Effects[0], c.Effects[1]
	want := []Arg{{Name: "account", Type: "str", Kind: "input", Value: "account"}, {Name: "payee", Type: "str", Kind: "constant", Value: "'acme'"},
		{Name: "amount", Type: "int", Kind: "constant", Value: "1250", Money: "12.50 (1250 cents)"}}
	if len(bill.Args) != 3 || bill.Args[0].Name != want[0].Name || bill.Args[0].Kind != "input" || bill.Args[1].Value != "'acme'" || bill.Args[2].Money != want[2].Money {
		t.Errorf("pay_bill args %+v", bill.Args)
	}
	if wd.Name != "withdraw" || wd.Args[1].Money != "999.99 (99999 cents)" || len(wd.CoveredBy) != 0 || len(wd.Proved) != 1 {
		t.Errorf("withdraw %+v", wd)
	}
	if !hasWarning(c, Uncovered, "Withdraw 999.99 (99999 cents) from account checking (plan.py line 8) is limited by no promise of the plan") || hasWarning(c, Uncovered, "Pay") {
		t.Errorf("warnings %+v", c.Warnings)
	}
	// A where() clause covers pay_bill only in part.
	c = build(t, layerRoot(t, nil, "bank"), strings.Replace(src, "bank.only_payees(['acme'])", "bank.payee_at_most('acme', 5000)", 1))
	if !hasWarning(c, PartlyCovered, "Pay 12.50 (1250 cents) to acme from account the input account (plan.py line 7) is limited only in part") {
		t.Errorf("warnings %+v", c.Warnings)
	}
}

// TestCardFlagsLookAlikeText (attack U1): bob@exаmple.com with a Cyrillic
// а reads exactly like bob@example.com; the card flags it in the call and
// in the guarantee and shows its domain in punycode.
func TestCardFlagsLookAlikeText(t *testing.T) {
	const spoof = "bob@ex\u0430mple.com"
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n" +
		"@clauz3.guarantee(emails.only(['" + spoof + "']))\ndef main() -> None:\n    send_email('" + spoof + "', 'hi')\n"
	c := build(t, layerRoot(t, nil, "email"), src)
	arg := c.Effects[0].Args[0]
	if arg.ASCII != "bob@xn--exmple-4nf.com" || len(arg.Flags) == 0 || !strings.Contains(arg.Flags[0], "mixes Latin and Cyrillic") {
		t.Errorf("arg %+v", arg)
	}
	if !hasWarning(c, Text, "the recipient in “Send an email to "+spoof+" (reads as bob@xn--exmple-4nf.com) saying “hi”” (plan.py line 7) is '"+spoof+"': mixes Latin and Cyrillic") ||
		!hasWarning(c, Text, "its domain is bob@xn--exmple-4nf.com") {
		t.Errorf("warnings %+v", c.Warnings)
	}
	g := c.Guarantees[0]
	if len(g.Flags) < 2 || !strings.Contains(strings.Join(g.Flags, "\n"), "reads as bob@xn--exmple-4nf.com") || g.Vacuous {
		t.Errorf("guarantee %+v", g)
	}
	// The control: plain ASCII raises nothing.
	c = build(t, layerRoot(t, nil, "email"), strings.ReplaceAll(src, spoof, "bob@example.com"))
	if len(c.Warnings) != 0 || c.Effects[0].Args[0].ASCII != "" {
		t.Errorf("control %+v", c)
	}
}

func TestBuildRefusesNoProgram(t *testing.T) {
	if _, err := Build(nil, nil); err == nil {
		t.Error("Build(nil, nil) passed")
	}
	if _, err := Build(&ir.Program{}, nil); err == nil {
		t.Error("Build without a target passed")
	}
}

// TestCardFlagsLookAlikeTextAnywhere (U1 variants): the look-alike reaches
// the effect through a variable, a concatenation, an f-string, or is
// written with an escape; a bidirectional override hides in a comment.
// Each is flagged with where it is.
func TestCardFlagsLookAlikeTextAnywhere(t *testing.T) {
	head := "import clauz3\nfrom tools.email.trusted.effects import send_email\n\n"
	tests := []struct {
		name, body, want string
	}{
		{"variable", "def main() -> None:\n    to = 'bob@ex\u0430mple.com'\n    send_email(to, 'hi')\n", "plan.py line 5: mixes Latin and Cyrillic letters"},
		{"concatenation", "def main() -> None:\n    send_email('bob@ex' + '\u0430mple.com', 'hi')\n", "plan.py line 5: mixes Latin and Cyrillic letters"},
		{"f-string", "def main(who: str) -> None:\n    send_email(f'{who}@ex\u0430mple.com', 'hi')\n", "plan.py line 5: mixes Latin and Cyrillic letters"},
		{"escape", "def main() -> None:\n    send_email('bob@ex\\u0430mple.com', 'hi')\n", "string 'bob@exаmple.com' at plan.py:5:16 (written with escapes): mixes Latin and Cyrillic letters"},
		{"helper", "def to() -> str:\n    return 'bob@ex\\u0430mple.com'\n\ndef main() -> None:\n    send_email(to(), 'hi')\n", "(written with escapes): mixes Latin and Cyrillic"},
		{"bidi override in a comment", "def main() -> None:\n    # admin \u202e\n    send_email('bob@example.com', 'hi')\n", "plan.py line 5: invisible character U+202E"},
	}
	root := layerRoot(t, nil, "email")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := build(t, root, head+tt.body)
			if !hasWarning(c, Text, tt.want) {
				t.Errorf("no warning %q in %+v", tt.want, c.Warnings)
			}
		})
	}
	if c := build(t, root, head+"def main() -> None:\n    to = 'bob@example.com'\n    send_email(to, 'hi')\n"); len(warnings(c, Text)) != 0 {
		t.Errorf("control: %+v", c.Warnings)
	}
}

// TestCardFlagsLookAlikeInputs (attack U3): a run's input that is not a
// plain string (a list, a dict, a tuple) holds text as well, and the plan
// mails whatever it holds: bob@exаmple.com with a Cyrillic а inside
// ["..."] reads exactly like bob@example.com, and an object naming a key
// twice reads as its first value while the run (Python's json, the
// sealed binary's parser) takes the last. Every string of such an input,
// its keys too, is flagged as a string input is, with the domain in
// punycode; a key named twice is a warning. The control: plain ASCII
// structured inputs add no warning.
func TestCardFlagsLookAlikeInputs(t *testing.T) {
	head := "import clauz3\nfrom tools.email.trusted.effects import send_email\n\n"
	src := head + "def main(to: list[str], who: dict[str, str], pair: tuple[str, int]) -> None:\n" +
		"    for a in to:\n        send_email(a, 'hi')\n    send_email(who['x'], 'hi')\n    send_email(pair[0], 'hi')\n"
	root := layerRoot(t, nil, "email")
	tests := []struct {
		name  string
		input string
		want  []string // each a substring of one Text warning
	}{
		{"look-alike in a list", "to=[\"carol@example.com\", \"bob@ex\u0430mple.com\"]",
			[]string{"the input to of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic letters", "the input to of this run holds “bob@exаmple.com” whose domain is bob@xn--exmple-4nf.com"}},
		{"look-alike in a dict value", "who={\"x\": \"bob@ex\u0430mple.com\"}", []string{"the input who of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic"}},
		{"look-alike written as an escape", `to=["bob@ex\u0430mple.com"]`, []string{"the input to of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic"}},
		{"look-alike dict key", "who={\"\u0445\": \"bob@example.com\"}", []string{"the input who of this run holds “х”"}},
		{"look-alike in a tuple", "pair=[\"bob@ex\u0430mple.com\", 1]", []string{"the input pair of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic"}},
		{"zero-width in a list", "to=[\"bob@example.com\u200b\"]", []string{"the input to of this run holds “bob@example.com⟨U+200B⟩”: invisible character U+200B"}},
		{"key named twice", `who={"x": "bob@example.com", "x": "eve@evil.example"}`, []string{"the input who of this run names the key “x” twice: the run uses its last value, “eve@evil.example”"}},
		{"key named twice, last null", `who={"x": "bob@example.com", "x": null}`, []string{"names the key “x” twice: the run uses its last value, null"}},
		{"nested key named twice", `to=[{"a": [1, {"k": 1, "k": 2}]}]`, []string{"names the key “k” twice: the run uses its last value, 2"}},
		{"not JSON", `to=["bob@example.com"`, []string{"the input to of this run is not JSON the card can read"}},
		// The sealed binary's parser (like Python's json) reads NaN,
		// Infinity and numbers with leading zeros, which Go's does not:
		// the strings beside them are checked all the same.
		{"look-alike beside NaN", "pair=[\"bob@ex\u0430mple.com\", NaN]", []string{"the input pair of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic"}},
		{"look-alike beside a leading zero", "who={\"x\": \"bob@ex\u0430mple.com\", \"n\": -0100, \"i\": -Infinity}", []string{"the input who of this run holds “bob@exаmple.com”: mixes Latin and Cyrillic"}},
		{"key named twice, last NaN", `who={"x": 1, "x": NaN}`, []string{"names the key “x” twice: the run uses its last value, NaN"}},
		{"many keys named twice", "who={" + strings.Repeat(`"a": "x", "a": "y", "b": "x", "b": "y", "c": "x", "c": "y", "d": "x", "d": "y", `, 1) + manyDuplicateKeys(20) + "}", []string{"the input who of this run names 8 more keys twice besides the 16 above"}},
		{"many look-alikes", "to=[" + strings.Repeat("\"bob@ex\u0430mple.com\", ", 40) + "\"x\"]", []string{"the input to of this run holds 24 more flagged strings besides the 16 above"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := build(t, root, src)
			c.Fill([]string{tt.input})
			for _, w := range tt.want {
				if !hasWarning(c, Text, w) {
					t.Errorf("no warning %q in %+v", w, warnings(c, Text))
				}
			}
		})
	}
	c := build(t, root, src)
	c.Fill([]string{`to=["bob@example.com"]`, `who={"x": "bob@example.com", "y": "carol@example.com"}`, `pair=["bob@example.com", 1]`})
	if w := warnings(c, Text); len(w) != 0 {
		t.Errorf("plain ASCII inputs: %q", w)
	}
}

// TestCardTextCannotHide: text the plan or the run's inputs put on the
// card cannot hide itself or reorder the sentence it sits in: a
// bidirectional override, a zero-width character or a line break in a
// constant or an input is shown as ⟨U+XXXX⟩ in the sentence (and flagged),
// and an input the plan does not take is a warning, not silently dropped.
func TestCardTextCannotHide(t *testing.T) {
	src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n" +
		"@clauz3.guarantee(emails.only(['bob@example.com']))\ndef main(note: str) -> None:\n    send_email('bob@example.com', 'pay \\u202eevil\\u202c now\\nok')\n    send_email('bob@example.com', note)\n"
	c := build(t, layerRoot(t, nil, "email"), src)
	c.Fill([]string{`note="a\u200bb"`, `extra="x"`})
	if c2 := build(t, layerRoot(t, nil, "bank"), "from tools.bank.trusted.effects import withdraw\n\ndef main(n: int) -> None:\n    withdraw('checking', n * 100)\n"); c2.Effects[0].Says != "Withdraw an amount the plan computes from account checking" {
		t.Errorf("a computed amount reads %q", c2.Effects[0].Says)
	}
	for i, want := range []string{"saying “pay ⟨U+202E⟩evil⟨U+202C⟩ now⟨U+000A⟩ok”", "saying “a⟨U+200B⟩b”"} {
		if says := c.Effects[i].Says; !strings.Contains(says, want) || strings.ContainsAny(says, "\u202e\u200b\n") {
			t.Errorf("effect %d says %q, want %q", i, says, want)
		}
	}
	if c.Inputs[0].Value != "a⟨U+200B⟩b" {
		t.Errorf("input shown as %q", c.Inputs[0].Value)
	}
	if !hasWarning(c, Text, "the input note of this run") || !hasWarning(c, Text, "invisible character U+202E") {
		t.Errorf("warnings %+v", c.Warnings)
	}
	if !hasWarning(c, Text, "extra") {
		t.Errorf("an input the plan does not take is not a warning: %+v", c.Warnings)
	}
}

// TestCardSentencesFromLayers: the card says a call in the words its
// layer declares in the effect's docstring, so a third-party layer gives
// its own; an effect whose layer declares none is said generically, with
// its name and every argument, never with nothing; a card read back from
// JSON says a traced call again from the sentence stored with it.
func TestCardSentencesFromLayers(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "pager", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	effects := `import clauz3


@clauz3.trusted
def page(team: str, text: str) -> None:
    """Pages a team.

    card: Wake up the {team} team on call with the message “{text}”
    card action: page a team
    card label team: team name
    """
    ...


@clauz3.trusted
def ring_bell(times: int) -> None: ...
`
	if err := os.WriteFile(filepath.Join(dir, "effects.py"), []byte(effects), 0o644); err != nil {
		t.Fatal(err)
	}
	c := build(t, root, "from tools.pager.trusted.effects import page, ring_bell\n\ndef main(who: str) -> None:\n    page(who, 'disk full')\n    ring_bell(3)\n")
	c.Fill([]string{`who="storage"`})
	for i, want := range []struct{ says, action, label string }{
		{"Wake up the storage team on call with the message “disk full”", "page a team", "team name"},
		{"Do “ring bell” (an action of the pager layer that does not describe itself), with times 3", "ring bell", "times"},
	} {
		ef := c.Effects[i]
		if ef.Says != want.says || ef.Action != want.action || ef.Args[0].Label != want.label {
			t.Errorf("effect %d: says %q, action %q, label %q; want %+v", i, ef.Says, ef.Action, ef.Args[0].Label, want)
		}
	}
	if !hasWarning(c, Uncovered, "Wake up the storage team on call") || !hasWarning(c, Uncovered, "Do “ring bell”") {
		t.Errorf("the uncovered warnings do not say the calls in the layer's words: %+v", c.Warnings)
	}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back Card
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Ran("page", map[string]json.RawMessage{"team": json.RawMessage(`"web"`), "text": json.RawMessage(`"down"`)}); got != "Wake up the web team on call with the message “down”" {
		t.Errorf("Ran after a JSON round trip = %q", got)
	}
}

// TestCardMoneyUnitsFromLayers: the unit of a money argument is the one
// the effect's layer declares in its docstring ("card unit PARAM: ..."),
// so a new money layer needs no change in this package: a third-party
// shop layer's prices read in yen and its fee (a name the card would not
// guess is money) in its declared unit; an amount whose layer declares no
// unit is shown with "(unit not declared by the layer)" and a warning,
// even in a layer that calls itself bank (units are not known by layer
// name); and the amount is right at the ends of int64.
func TestCardMoneyUnitsFromLayers(t *testing.T) {
	root := t.TempDir()
	write := func(domain, effects string) {
		dir := filepath.Join(root, "tools", domain, "trusted")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "effects.py"), []byte(effects), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("shop", `import clauz3


@clauz3.trusted
def buy(item: str, price: int, fee: int) -> None:
    """card: Buy {item} for {price} plus a fee of {fee}
    card unit price: yen
    card unit fee: euro cents, 2 decimals
    """
    ...


@clauz3.trusted
def tip(amount: int) -> None:
    """card: Tip {amount}"""
    ...
`)
	write("bank", `import clauz3


@clauz3.trusted
def withdraw(account: str, amount: int) -> None:
    """card: Withdraw {amount} from account {account}"""
    ...
`)
	src := "from tools.shop.trusted.effects import buy, tip\nfrom tools.bank.trusted.effects import withdraw\n\n" +
		"def main(p: int) -> None:\n    buy('tea', 500, 1250)\n    buy('cake', p, -9223372036854775808)\n    tip(3)\n    withdraw('checking', 700)\n"
	c := build(t, root, src)
	if len(c.Effects) != 4 {
		t.Fatalf("effects %+v", c.Effects)
	}
	for i, want := range []struct{ says string }{
		{"Buy tea for 500 yen plus a fee of 12.50 (1250 euro cents)"},
		{"Buy cake for the input p plus a fee of -92233720368547758.08 (-9223372036854775808 euro cents)"},
		{"Tip 3 (unit not declared by the layer)"},
		{"Withdraw 700 (unit not declared by the layer) from account checking"},
	} {
		if got := c.Effects[i].Says; got != want.says {
			t.Errorf("effect %d says %q, want %q", i, got, want.says)
		}
	}
	if a := c.Effects[0].Args[2]; a.Unit != "euro cents" || a.Decimals != 2 {
		t.Errorf("the fee's unit %q, %d decimals", a.Unit, a.Decimals)
	}
	for _, sub := range []string{"the amount in “Tip 3", "the amount in “Withdraw 700"} {
		if !hasWarning(c, Money, sub) {
			t.Errorf("no money warning %q: %+v", sub, c.Warnings)
		}
	}
	if hasWarning(c, Money, "Buy") {
		t.Errorf("a money warning for an amount with a declared unit: %+v", c.Warnings)
	}
	// This run's input is shown in the declared unit too.
	c.Fill([]string{"p=1999"})
	if got := c.Effects[1].Says; !strings.HasPrefix(got, "Buy cake for 1999 yen plus") {
		t.Errorf("filled: %q", got)
	}
}

// TestCardWarnsOfMoneyWithoutUnit: an amount whose layer declares no unit
// is shown as such and warned about; one with a unit is not.
func TestCardWarnsOfMoneyWithoutUnit(t *testing.T) {
	src := "import clauz3\nfrom tools.bank.trusted import contracts as bank\nfrom tools.bank.trusted.effects import withdraw\n\n" +
		"@clauz3.guarantee(bank.no_guarantees())\ndef main() -> None:\n    withdraw('checking', 500)\n"
	c := build(t, layerRoot(t, nil, "bank"), src)
	if hasWarning(c, Money, "") {
		t.Errorf("a declared unit is warned about: %+v", c.Warnings)
	}
	noUnit := func(file, src string) string {
		return strings.ReplaceAll(src, "card unit amount: cents, 2 decimals", "")
	}
	c = build(t, layerRoot(t, noUnit, "bank"), src)
	if len(c.Effects) != 1 || c.Effects[0].Args[1].Money != "500 (unit not declared by the layer)" || !hasWarning(c, Money, "looks like money") {
		t.Errorf("an undeclared unit: effects %+v, warnings %+v", c.Effects, c.Warnings)
	}
}

// manyDuplicateKeys is n keys k0..k(n-1) each named twice, as JSON object
// members.
func manyDuplicateKeys(n int) string {
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, fmt.Sprintf(`"k%d": 1, "k%d": 2`, i, i))
	}
	return strings.Join(parts, ", ")
}
