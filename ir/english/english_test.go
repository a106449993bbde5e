package english_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler/layer"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// testLayer is a layer that exercises every spec shape and predicate form
// the renderer knows.
const testEffects = `import deal
import clauz3


@clauz3.requires(lambda addr, msg: "@" in addr)
@clauz3.trusted
def send_email(addr: str, msg: str, urgent: bool = False) -> None: ...


@deal.has("spend")
def withdraw(account: str, amount: int) -> None: ...


@deal.has("spend")
def transfer(account: str, amount: int, to: str) -> None: ...
`

const testContracts = `from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing
from tools.mail.trusted.effects import send_email
from tools.mail.trusted.schemas import UserRow

Email = effect(send_email)
BigSpend = effect("spend")
LIMIT = 50


@contract
def only(addresses: list[str]) -> ContractSpec:
    return Email.all(lambda e: e.addr in addresses)


@contract
def only_to(addr: str) -> ContractSpec:
    return Email.all(lambda e: e.addr == addr)


@contract
def not_to(addr: str) -> ContractSpec:
    return Email.all(lambda e: e.addr != addr)


@contract
def internal() -> ContractSpec:
    return Email.all(lambda e: e.addr.endswith("@example.com") and not e.urgent)


@contract
def prefixed(p: str) -> ContractSpec:
    return Email.all(lambda e: e.msg.startswith(p) or "[bot]" in e.msg)


@contract
def short(n: int) -> ContractSpec:
    return Email.all(lambda e: len(e.msg) <= n)


@contract
def none() -> ContractSpec:
    return Email.empty()


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)


@contract
def at_most(n: int) -> ContractSpec:
    return Email.count() <= n


@contract
def at_least(n: int) -> ContractSpec:
    return n <= Email.count()


@contract
def recipient_at_most(addr: str, n: int) -> ContractSpec:
    to_addr = Email.where(lambda e: e.addr == addr)
    return to_addr.count() < n


@contract
def max_spend(limit: int) -> ContractSpec:
    return BigSpend.sum(lambda w: w.amount) <= limit


@contract
def spend_range() -> ContractSpec:
    return BigSpend.all(lambda w: 0 < w.amount <= LIMIT)


@contract
def inline_none() -> ContractSpec:
    return effect("withdraw").empty()


@contract
def same_account() -> ContractSpec:
    return effect("withdraw").shares_value(effect("transfer"), lambda w: w.account)


@contract
def urgent_also_plain() -> ContractSpec:
    return Email.where(lambda e: e.urgent).shares_value(Email, lambda e: e.addr)


@contract
def waiver() -> ContractSpec:
    return nothing()


@contract
def addresses_from_users() -> ContractSpec:
    return Email.all(lambda e: e.addr == getattr(UserRow, "email"))


@contract
def never_a_user_name() -> ContractSpec:
    return Email.all(lambda e: e.msg != getattr(UserRow, "name"))
`

const testSchemas = `import clauz3


class UserRow(clauz3.Row):
    email: str
    name: str
`

func loadTestLayer(t *testing.T) *layer.Layer {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tools", "mail", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"__init__.py": "", "effects.py": testEffects, "contracts.py": testContracts, "schemas.py": testSchemas} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := layer.Load(dir, "tools.mail.trusted")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return l
}

func str(s string) ir.Expr { return &ir.Const{T: ir.Str, Value: s} }
func num(n int64) ir.Expr  { return &ir.Const{T: ir.Int, Value: n} }
func strs(ss ...string) ir.Expr {
	l := &ir.ListLit{T: &ir.List{Elem: ir.Str}}
	for _, s := range ss {
		l.Elems = append(l.Elems, str(s))
	}
	return l
}

func TestGuarantee(t *testing.T) {
	l := loadTestLayer(t)
	tests := []struct {
		contract string
		args     []ir.Expr
		want     string
	}{
		{"only", []ir.Expr{strs("bob@example.com")}, "For every email (send_email), addr is 'bob@example.com'."},
		{"only", []ir.Expr{strs("bob@example.com", "ann@example.com")}, "For every email (send_email), addr is one of 'bob@example.com', 'ann@example.com'."},
		{"only", []ir.Expr{strs()}, "For every email (send_email), addr is one of no values (never true)."},
		{"only_to", []ir.Expr{str("it's@x.org")}, `For every email (send_email), addr is "it's@x.org".`},
		{"not_to", []ir.Expr{str("eve@evil.com")}, "For every email (send_email), addr is not 'eve@evil.com'."},
		{"internal", nil, "For every email (send_email), addr ends with '@example.com' and not (urgent is True)."},
		{"prefixed", []ir.Expr{str("[plan] ")}, "For every email (send_email), msg starts with '[plan] ' or msg contains '[bot]'."},
		{"short", []ir.Expr{num(280)}, "For every email (send_email), the length of msg is at most 280."},
		{"none", nil, "There is no email (send_email)."},
		{"unique_recipients", nil, "No two emails (send_email) have the same addr."},
		{"at_most", []ir.Expr{num(3)}, "There are at most 3 emails (send_email)."},
		{"at_most", []ir.Expr{num(1)}, "There is at most 1 email (send_email)."},
		{"at_most", []ir.Expr{num(0)}, "There are at most 0 emails (send_email)."},
		{"at_least", []ir.Expr{num(2)}, "There are at least 2 emails (send_email)."},
		{"recipient_at_most", []ir.Expr{str("bob@example.com"), num(2)}, "There are fewer than 2 emails (send_email) where addr is 'bob@example.com'."},
		{"recipient_at_most", []ir.Expr{str("bob@example.com"), num(1)}, "There are fewer than 1 email (send_email) where addr is 'bob@example.com'."},
		{"max_spend", []ir.Expr{num(100)}, "The total amount over all big spends (transfer, withdraw) is at most 100."},
		{"spend_range", nil, "For every big spend (transfer, withdraw), 0 is less than amount and amount is at most 50."},
		{"inline_none", nil, "There is no withdraw call."},
		{"same_account", nil, "Some withdraw call and some transfer call have the same account."},
		{"urgent_also_plain", nil, "Some email (send_email) where urgent is True and some email (send_email) have the same addr."},
		{"waiver", nil, "No guarantee: an explicit waiver, the plan promises nothing here."},
		{"addresses_from_users", nil, "For every email (send_email), addr is the email column of a UserRow row."},
		{"never_a_user_name", nil, "For every email (send_email), msg is not the name column of a UserRow row."},
	}
	for _, tt := range tests {
		c := l.Contract(tt.contract)
		if c == nil {
			t.Fatalf("no contract %s", tt.contract)
		}
		g := &ir.Guarantee{Source: tt.contract, Contract: c.Contract, Args: tt.args}
		got, err := english.Guarantee(g)
		if err != nil {
			t.Errorf("%s%v: %v", tt.contract, tt.args, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s%v:\n got %q\nwant %q", tt.contract, exprs(tt.args), got, tt.want)
		}
		again, _ := english.Guarantee(g)
		if again != got {
			t.Errorf("%s: not deterministic: %q then %q", tt.contract, got, again)
		}
	}
}

func exprs(es []ir.Expr) []string {
	var out []string
	for _, e := range es {
		out = append(out, ir.ExprString(e))
	}
	return out
}

func TestContractPlaceholders(t *testing.T) {
	l := loadTestLayer(t)
	tests := map[string]string{
		"only":              "For every email (send_email), addr is in <addresses>.",
		"at_most":           "There are at most <n> emails (send_email).",
		"recipient_at_most": "There are fewer than <n> emails (send_email) where addr is <addr>.",
		"max_spend":         "The total amount over all big spends (transfer, withdraw) is at most <limit>.",
	}
	for name, want := range tests {
		got, err := english.Contract(l.Contract(name).Contract)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
}

// TestRefusals: what the renderer cannot say is an error, never a guess.
func TestRefusals(t *testing.T) {
	l := loadTestLayer(t)
	only := l.Contract("only").Contract
	unknownExpr := &ir.All{Rel: only.Spec.(*ir.All).Rel, Pred: &ir.Lambda{Body: &ir.Call{Func: &ir.Func{Name: "f", Result: ir.Bool}}}}
	tests := []struct {
		name string
		run  func() (string, error)
		kind english.Kind
	}{
		{"nil guarantee", func() (string, error) { return english.Guarantee(nil) }, english.Missing},
		{"nil contract", func() (string, error) { return english.Contract(nil) }, english.Missing},
		{"arity", func() (string, error) { return english.Guarantee(&ir.Guarantee{Source: "only()", Contract: only}) }, english.Arity},
		{"no spec", func() (string, error) { return english.Contract(&ir.Contract{Name: "x"}) }, english.Missing},
		{"malformed spec", func() (string, error) {
			return english.Contract(&ir.Contract{Name: "x", Spec: &ir.SharesValue{}})
		}, english.Malformed},
		{"unknown predicate", func() (string, error) {
			return english.Contract(&ir.Contract{Name: "x", Spec: unknownExpr})
		}, english.NoRendering},
	}
	for _, tt := range tests {
		got, err := tt.run()
		var e *english.Error
		if !errors.As(err, &e) || e.Kind != tt.kind {
			t.Errorf("%s: got %q, %v; want an english.Error of kind %v", tt.name, got, err, tt.kind)
		}
	}
}

// TestCorpusGolden renders every contract of the corpus's trusted layers
// and of the bundled layers.
func TestCorpusGolden(t *testing.T) {
	roots, err := filepath.Glob("../../corpus/tools/*/trusted")
	if err != nil || len(roots) == 0 {
		t.Fatalf("no corpus layers: %v", err)
	}
	// the bundled layers live in layers/<domain>/ (no tools/.../trusted)
	bundled, err := filepath.Glob("../../layers/*/contracts.py")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range bundled {
		roots = append(roots, filepath.Dir(c))
	}
	var b strings.Builder
	for _, dir := range roots {
		domain := filepath.Base(filepath.Dir(dir))
		if filepath.Base(dir) != "trusted" {
			domain = "bundled " + filepath.Base(dir)
		}
		l, err := layer.Load(dir, "tools."+strings.TrimPrefix(domain, "bundled ")+".trusted")
		if err != nil {
			t.Fatalf("load %s: %v", dir, err)
		}
		for _, c := range l.Contracts {
			if c.Template != nil { // compiled at each call site: no meaning of its own
				b.WriteString(domain + "." + c.Name + ": (a contract over a row type the plan gives)\n")
				continue
			}
			s, err := english.Contract(c.Contract)
			if err != nil {
				t.Errorf("%s.%s: %v", domain, c.Name, err)
				continue
			}
			b.WriteString(domain + "." + c.Name + ": " + s + "\n")
		}
	}
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("corpus renderings differ from %s:\n%s", golden, b.String())
	}
}

func TestWordsAndPlurals(t *testing.T) {
	l := loadTestLayer(t)
	rel := l.Contract("none").Spec.(*ir.Empty).Rel
	for name, want := range map[string]string{
		"Email": "There is no email (send_email).", "BigSpend": "There is no big spend (send_email).",
		"bob_mail": "There is no bob mail (send_email).", "HTTPRequest": "There is no http request (send_email).",
		"Reads": "There is no read (send_email).", "Purchases": "There is no purchase (send_email).",
	} {
		r := *rel
		r.Name = name
		got, err := english.Contract(&ir.Contract{Name: "x", Spec: &ir.Empty{Rel: &r}})
		if err != nil || got != want {
			t.Errorf("%s: got %q, %v; want %q", name, got, err, want)
		}
	}
	for name, want := range map[string]string{"Email": "emails", "Box": "boxes", "Query": "queries", "Day": "days", "Bus": "buses", "Dish": "dishes",
		"Reads": "reads", "Purchases": "purchases", "Touches": "touches", "Queries": "queries", "Addresses": "addresses", "Status": "statuses"} {
		r := *rel
		r.Name = name
		got, _ := english.Contract(&ir.Contract{Name: "x", Spec: &ir.Distinct{Rel: &r, Key: l.Contract("unique_recipients").Spec.(*ir.Distinct).Key}})
		if !strings.Contains(got, "No two "+want+" ") {
			t.Errorf("%s: plural: got %q, want %q", name, got, want)
		}
	}
}
