package layer

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

func load(t *testing.T, dir, name string) *Layer {
	t.Helper()
	l, err := Load(dir, name)
	if err != nil {
		t.Fatalf("Load(%s): %v", dir, err)
	}
	return l
}

func effectSig(e *ir.Effect) string {
	var ps []string
	for _, p := range e.Params {
		s := p.Name + " " + p.Type.String()
		if p.Default != nil {
			s += " = " + ir.ExprString(p.Default)
		}
		ps = append(ps, s)
	}
	return e.Name + "(" + strings.Join(ps, ", ") + ") -> " + e.Result.String()
}

func conds(cs []*ir.Condition) []string {
	var out []string
	for _, c := range cs {
		s := ir.LambdaString(c.Pred)
		if c.Message != "" {
			s += " | " + c.Message
		}
		out = append(out, s)
	}
	return out
}

func specs(l *Layer) map[string]string {
	out := map[string]string{}
	for _, c := range l.Contracts {
		out[c.Name] = ir.SpecString(c.Spec)
	}
	return out
}

func contractNames(cs []*Contract) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// TestMailLayer loads the clauz3 spelling: @clauz3.requires/@clauz3.ensures/
// @clauz3.trusted and effect(send_email).
func TestMailLayer(t *testing.T) {
	l := load(t, "../testdata/layers/tools/mail/trusted", "tools.mail.trusted")
	if l.Domain != "mail" {
		t.Errorf("domain %q", l.Domain)
	}
	var mods []string
	for _, m := range l.Modules {
		mods = append(mods, m.Name)
	}
	wantMods := []string{"tools.mail.trusted", "tools.mail.trusted.contracts", "tools.mail.trusted.effects", "tools.mail.trusted.policy"}
	if !reflect.DeepEqual(mods, wantMods) {
		t.Errorf("modules %v, want %v", mods, wantMods)
	}
	var sigs []string
	for _, e := range l.Effects {
		sigs = append(sigs, effectSig(e))
		if e.Module != "tools.mail.trusted.effects" || len(e.Markers) != 0 {
			t.Errorf("%s: module %s markers %v", e.Name, e.Module, e.Markers)
		}
	}
	wantSigs := []string{"list_inbox(folder str = 'inbox') -> list[str]", "send_email(addr str, msg str, cc list[str] = []) -> None"}
	if !reflect.DeepEqual(sigs, wantSigs) {
		t.Errorf("effects %v, want %v", sigs, wantSigs)
	}
	send := l.Effect("send_email")
	if got, want := conds(send.Requires), []string{
		"lambda addr, msg: ('@' in addr) | addr must be an address",
		"lambda msg: (len(msg) <= 200)",
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("requires %q, want %q", got, want)
	}
	if p := send.Requires[1].Pred.Params; len(p) != 1 || p[0].Name != "msg" || !ir.IsBasic(p[0].Type, ir.KindStr) {
		t.Errorf("requires params %v", p)
	}
	if got, want := send.Requires[0].Source, `lambda addr, msg: '@' in addr`; got != want {
		t.Errorf("source %q, want %q", got, want)
	}
	if got, want := conds(l.Effect("list_inbox").Ensures), []string{"lambda result: (len(result) <= 100)"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ensures %q, want %q", got, want)
	}
	wantSpecs := map[string]string{
		"only":              "effect('send_email').all(lambda e: (e.addr in addresses))",
		"unique_recipients": "effect('send_email').distinct(lambda e: e.addr)",
		"at_most":           "effect('send_email').count() <= n",
		"inside":            "effect('send_email').where(lambda e: (not str.endswith(e.addr, suffix))).empty()",
		"short_to":          "effect('send_email').where(lambda e: (e.addr == addr)).where(lambda e: (len(e.msg) > 0)).all(lambda e: (len(e.msg) <= (limit - 1)))",
		"nothing_promised":  "no_guarantees()",
	}
	if got := specs(l); !reflect.DeepEqual(got, wantSpecs) {
		t.Errorf("specs:\n%v\nwant\n%v", got, wantSpecs)
	}
	only := l.Contract("only")
	all := only.Spec.(*ir.All)
	if all.Rel.Selector != "send_email" || len(all.Rel.Effects) != 1 || all.Rel.Effects[0] != send {
		t.Errorf("only: relation %+v", all.Rel)
	}
	var fields []string
	for _, f := range all.Rel.Fact.Fields {
		fields = append(fields, f.Name+" "+f.Type.String())
	}
	if want := []string{"addr str", "msg str", "cc list[str]"}; !reflect.DeepEqual(fields, want) {
		t.Errorf("fields %v, want %v", fields, want)
	}
	in := all.Pred.Body.(*ir.Compare)
	if ff, ok := in.Operands[0].(*ir.FactField); !ok || ff.Field != "addr" || ff.Fact != all.Pred.Params[0] {
		t.Errorf("only: lhs %#v", in.Operands[0])
	}
	if ref, ok := in.Operands[1].(*ir.LocalRef); !ok || ref.Local != only.Params[0] {
		t.Errorf("only: rhs %#v is not the contract's parameter", in.Operands[1])
	}
	if d := l.Contract("at_most").Defaults; len(d) != 1 || ir.ExprString(d[0]) != "3" {
		t.Errorf("at_most defaults %v", d)
	}
	p := l.Policy
	if p == nil {
		t.Fatal("no policy")
	}
	if p.Label != "mail" || p.Var != "POLICY" || !reflect.DeepEqual(p.WhenUsed, []string{"send_email"}) ||
		!reflect.DeepEqual(contractNames(p.Required), []string{"at_most"}) ||
		!reflect.DeepEqual(contractNames(p.Recommended), []string{"only", "unique_recipients"}) {
		t.Errorf("policy %+v", p)
	}
	// Names re-exported by import are the same symbols.
	if s := l.Module("tools.mail.trusted.contracts").Lookup("send_email"); s == nil || s.Effect != send {
		t.Errorf("contracts.send_email = %+v", s)
	}
}

// TestPayLayer loads the deal spelling: @deal.pre(..., message=),
// @deal.has markers, @deal.post, effect("marker") and effect(module.effect).
func TestPayLayer(t *testing.T) {
	l := load(t, "../testdata/layers/tools/pay/trusted", "tools.pay.trusted")
	var sigs []string
	for _, e := range l.Effects {
		sigs = append(sigs, effectSig(e)+" "+strings.Join(e.Markers, ","))
	}
	want := []string{
		"balance(account str) -> int read",
		"fee(amount int, account str = 'acct-fees') -> None spend",
		"withdraw(account str, amount int) -> None spend,io",
	}
	if !reflect.DeepEqual(sigs, want) {
		t.Errorf("effects %q, want %q", sigs, want)
	}
	w := l.Effect("withdraw")
	if got, want := conds(w.Requires), []string{
		"lambda account, amount: (amount > 0) | amount must be positive",
		"lambda account: str.startswith(account, 'acct-')",
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("requires %q, want %q", got, want)
	}
	if got, want := conds(l.Effect("balance").Ensures), []string{"lambda result: (result >= 0)"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ensures %q, want %q", got, want)
	}
	wantSpecs := map[string]string{
		"max_spend":       "effect('spend').sum(lambda s: s.amount) <= limit",
		"max_withdrawals": "effect('withdraw').count() <= n",
		"only_account":    "effect('spend').all(lambda s: (s.account == account))",
		"direct_positive": "effect('withdraw').all(lambda w: ((w.amount > 0) and ((w.amount - 1) < 1000)))",
		"waived":          "no_guarantees()",
	}
	if got := specs(l); !reflect.DeepEqual(got, wantSpecs) {
		t.Errorf("specs:\n%v\nwant\n%v", got, wantSpecs)
	}
	sum := l.Contract("max_spend").Spec.(*ir.Sum)
	var names, fields []string
	for _, e := range sum.Rel.Effects {
		names = append(names, e.Name)
	}
	for _, f := range sum.Rel.Fact.Fields {
		fields = append(fields, f.Name)
	}
	if !reflect.DeepEqual(names, []string{"fee", "withdraw"}) || !reflect.DeepEqual(fields, []string{"amount", "account"}) {
		t.Errorf("marker relation selects %v with fields %v", names, fields)
	}
	if p := l.Policy; p == nil || p.Label != "pay" || !reflect.DeepEqual(p.WhenUsed, []string{"withdraw", "fee"}) ||
		len(p.Required) != 0 || !reflect.DeepEqual(contractNames(p.Recommended), []string{"max_spend"}) {
		t.Errorf("policy %+v", l.Policy)
	}
	if s := l.Module("tools.pay.trusted").Lookup("effects"); s == nil || s.Kind != KModule || s.Qual != "tools.pay.trusted.effects" {
		t.Errorf("package binds effects = %+v", s)
	}
}

// TestCorpusLayers loads the corpus layers (corpus/tools/{email,bank}).
func TestCorpusLayers(t *testing.T) {
	for _, tc := range []struct {
		domain    string
		effects   []string
		contracts []string
	}{
		{"email", []string{"send_email"}, []string{"only", "unique_recipients", "none", "no_guarantees", "at_most", "recipient_at_most", "content_length_at_most", "copied_to"}},
		{"bank", []string{"deposit", "withdraw"}, []string{"max_spend", "only_account", "max_withdrawals", "no_guarantees"}},
	} {
		t.Run(tc.domain, func(t *testing.T) {
			l := load(t, filepath.Join("..", "..", "corpus", "tools", tc.domain, "trusted"), "tools."+tc.domain+".trusted")
			var names []string
			for _, e := range l.Effects {
				names = append(names, e.Name)
			}
			if !reflect.DeepEqual(names, tc.effects) {
				t.Errorf("effects %v, want %v", names, tc.effects)
			}
			if got := contractNames(l.Contracts); !reflect.DeepEqual(got, tc.contracts) {
				t.Errorf("contracts %v, want %v", got, tc.contracts)
			}
			for _, c := range l.Contracts {
				if c.Spec == nil {
					t.Errorf("contract %s has no spec", c.Name)
				}
			}
			if l.Policy == nil || l.Policy.Label != tc.domain {
				t.Errorf("policy %+v", l.Policy)
			}
		})
	}
}

// loadFiles writes a layer tools/t/trusted with the given files (the
// defaults below fill in what a case does not give) and loads it.
func loadFiles(t *testing.T, files map[string]string) (string, error) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tools", "t", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defaults := map[string]string{
		"effects.py": "import clauz3\n\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n",
	}
	for k, v := range defaults {
		if _, ok := files[k]; !ok {
			files[k] = v
		}
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Load(dir, "tools.t.trusted")
	return dir, err
}

const contractsHead = `from clauz3.spec import ContractSpec, contract, effect
from tools.t.trusted.effects import send_email

Email = effect(send_email)
`

// TestRefusals checks that what a layer may not say is refused at load
// time, located in the layer's file.
// TestDBLayer loads row types (class X(clauz3.Row)), effects that take and
// return rows, lists of rows, floats and optional values.
func TestDBLayer(t *testing.T) {
	l := load(t, "../testdata/layers/tools/db/trusted", "tools.db.trusted")
	if len(l.Rows) != 1 {
		t.Fatalf("rows %v", l.Rows)
	}
	r := l.Rows[0]
	var fields []string
	for _, f := range r.Fields {
		fields = append(fields, f.Name+" "+f.Type.String())
	}
	if r.Module != "tools.db.trusted.schemas" || r.Name != "UserRow" || strings.Join(fields, ", ") != "id int, email str, score float, nickname str | None" {
		t.Errorf("row %s.%s(%s)", r.Module, r.Name, strings.Join(fields, ", "))
	}
	var sigs []string
	for _, e := range l.Effects {
		sigs = append(sigs, effectSig(e))
	}
	want := []string{
		"db_query(table str, where dict[str, bool] = {}) -> list[UserRow]",
		"lookup(id int) -> UserRow | None",
		"notify(row UserRow, text str) -> None",
		"save(row UserRow, ratio float = 1.0) -> None",
	}
	if !reflect.DeepEqual(sigs, want) {
		t.Errorf("effects\n%s\nwant\n%s", strings.Join(sigs, "\n"), strings.Join(want, "\n"))
	}
	q := l.Effect("db_query")
	if got := conds(q.Ensures); len(got) != 1 || got[0] != "lambda result: (len(result) <= 100)" {
		t.Errorf("ensures %v", got)
	}
	if res, ok := q.Result.(*ir.List); !ok || !ir.Identical(res.Elem, r) {
		t.Errorf("db_query result %v is not list of the row type", q.Result)
	}
	if got := conds(l.Effect("notify").Requires); len(got) != 1 || got[0] != "lambda row: ('@' in row.email) | a user has an address" {
		t.Errorf("requires %v", got)
	}
	if got := specs(l)["notify_domain"]; got != "effect('notify').all(lambda n: str.endswith(n.row.email, suffix))" {
		t.Errorf("notify_domain = %s", got)
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		src  string
		want string  // file-relative: "line:col: message"
		code ir.Code // of the refusal; 0 when it loads
	}{
		{"contract loop", "contracts.py", contractsHead + `
@contract
def loop() -> ContractSpec:
    for x in [1]:
        pass
    return Email.empty()
`, "8:5: for loop in a contract body is not supported", ir.Unsupported},
		{"unknown field", "contracts.py", contractsHead + `
@contract
def bad() -> ContractSpec:
    return Email.all(lambda e: e.adr == "x")
`, "8:32: field adr is not a field of every effect of relation Email (its fields: addr, msg)", ir.LayerError},
		{"effect naming nothing", "contracts.py", contractsHead + `
Nope = effect("nope")
`, "6:8: effect('nope') selects no effect of layer tools.t.trusted (no effect or marker is named nope)", ir.LayerError},
		{"unsupported call in lambda", "contracts.py", contractsHead + `
@contract
def lower() -> ContractSpec:
    return Email.all(lambda e: e.addr.lower() == "x")
`, "8:32: call of e.addr.lower is not supported", ir.Unsupported},
		{"builtin call in lambda", "contracts.py", contractsHead + `
@contract
def p() -> ContractSpec:
    return Email.all(lambda e: print(e.addr))
`, "8:32: call of print is not supported", ir.Unsupported},
		{"multiplication in contract lambda", "contracts.py", contractsHead + `
@contract
def m(n: int) -> ContractSpec:
    return Email.all(lambda e: len(e.msg) * 2 <= n)
`, "8:32: operator * is not supported", ir.Unsupported},
		{"spec combined with and", "contracts.py", contractsHead + `
@contract
def both() -> ContractSpec:
    return Email.empty() and Email.count() <= 1
`, "8:12: combining specs with and is not supported yet (a contract returns one spec: declare each as its own contract, and a plan writes one @clauz3.guarantee per contract, which must all hold)", ir.Unsupported},
		{"spec combined with &", "contracts.py", contractsHead + `
@contract
def both() -> ContractSpec:
    return Email.empty() & (Email.count() <= 1)
`, "8:12: combining specs with & is not supported yet (a contract returns one spec: declare each as its own contract, and a plan writes one @clauz3.guarantee per contract, which must all hold)", ir.Unsupported},
		{"contract returning a contract", "contracts.py", contractsHead + `
@contract
def only(addresses: list[str]) -> ContractSpec:
    return Email.all(lambda e: e.addr in addresses)

@contract
def only_bob() -> ContractSpec:
    return only(["bob@example.com"])
`, "12:12: contract only_bob returning contract only is not supported: a contract returns a spec of its own (R.all(...), R.count() <= n, ...); write that spec here, or let the plan write @clauz3.guarantee(only(['bob@example.com']))", ir.Unsupported},
		{"count without bound", "contracts.py", contractsHead + `
@contract
def c() -> ContractSpec:
    return Email.count()
`, "8:12: Email.count() must be compared with a bound, e.g. Email.count() <= 3", ir.LayerError},
		{"no return", "contracts.py", contractsHead + `
@contract
def c() -> ContractSpec:
    r = Email.where(lambda e: e.addr == "a")
`, "7:1: contract c must end with return <spec>", ir.LayerError},
		{"contract param needs annotation", "contracts.py", contractsHead + `
@contract
def c(n) -> ContractSpec:
    return Email.count() <= n
`, "7:7: parameter n of c needs a type annotation", ir.LayerError},
		{"os in a condition", "effects.py", "import os\nimport clauz3\n\n@clauz3.requires(lambda path: os.path.isabs(path))\n@clauz3.trusted\ndef rm(path: str) -> None:\n    os.remove(path)\n", "4:31: call of os.path.isabs is not supported", ir.Unsupported},
		{"os in a contract", "contracts.py", contractsHead + "import os\n\n@contract\ndef c() -> ContractSpec:\n    return Email.all(lambda e: e.addr == os.sep)\n", "9:42: attribute access .sep is not supported", ir.Unsupported},
		{"os in a constant", "contracts.py", "import os\nROOT = os.sep\n", "2:8: attribute access .sep is not supported", ir.Unsupported},
		{"foreign decorator", "effects.py", "import functools\nimport clauz3\n\n@functools.cache\n@clauz3.trusted\ndef f(x: int) -> None: ...\n", "4:2: decorator functools.cache is not supported", ir.Unsupported},
		{"other layer", "effects.py", "from tools.other.trusted.effects import f\n", "1:1: import of tools.other.trusted.effects is not supported", ir.Unsupported},
		{"missing annotation", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef send_email(addr, msg: str) -> None: ...\n", "4:16: parameter addr of send_email needs a type annotation", ir.LayerError},
		{"missing return annotation", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef send_email(addr: str, msg: str): ...\n", "4:1: effect send_email needs a return annotation (-> None when it returns nothing)", ir.LayerError},
		{"union parameter", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef send_email(addr: str, msg: str | int) -> None: ...\n", "4:32: union type str | int is not supported (only T | None)", ir.Unsupported},
		{"unknown row type", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef send_email(addr: str, msg: UserRow) -> None: ...\n", "4:32: type UserRow is not supported", ir.Unsupported},
		{"requires names no parameter", "effects.py", "import clauz3\n\n@clauz3.requires(lambda address: '@' in address)\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:25: requires of send_email names address, which is not a parameter of send_email", ir.LayerError},
		{"requires not bool", "effects.py", "import clauz3\n\n@clauz3.requires(lambda addr: len(addr))\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:31: requires of send_email must be a bool expression, got int", ir.LayerError},
		{"deal.ensure", "effects.py", "import deal\n\n@deal.ensure(lambda addr, result: True)\n@deal.has('mail')\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:2: decorator deal.ensure is not supported yet: a postcondition reads the result alone here; write @deal.post(lambda result: ...)", ir.Unsupported},
		{"deal.raises", "effects.py", "import deal\n\n@deal.raises(ValueError)\n@deal.has('mail')\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:2: decorator deal.raises is not supported yet: the prover takes every trusted call as possibly failing, but not yet for a sum whose terms may be negative; remove it", ir.Unsupported},
		{"deal.pre exception=", "effects.py", "import deal\n\n@deal.pre(lambda addr: '@' in addr, exception=ValueError)\n@deal.has('mail')\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:37: keyword exception of deal.pre is not supported (remove it: a failed condition ends the plan with a ContractError whatever it names; message= says why)", ir.Unsupported},
		{"unknown decorator", "effects.py", "import clauz3\n\n@clauz3.cached\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n", "3:2: decorator clauz3.cached is not supported", ir.Unsupported},
		{"row field default", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row):\n    email: str = 'x'\n", "4:18: default value of row field email is not supported", ir.Unsupported},
		{"row method", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row):\n    email: str\n    def f(self) -> None: ...\n", "5:5: function definition in row type UserRow is not supported (only annotated fields, e.g. email: str)", ir.Unsupported},
		{"row field twice", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row):\n    email: str\n    email: int\n", "5:5: row field email is declared twice", ir.LayerError},
		{"row two bases", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row, object):\n    email: str\n", "3:1: row type UserRow must have exactly one base, clauz3.Row", ir.LayerError},
		{"row decorator", "schemas.py", "import clauz3\n\n@clauz3.trusted\nclass UserRow(clauz3.Row):\n    email: str\n", "3:2: decorator on row type UserRow is not supported", ir.Unsupported},
		{"row bad field type", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row):\n    email: bytes\n", "4:12: type bytes is not supported", ir.Unsupported},
		{"other class", "schemas.py", "class UserRow:\n    email: str\n", "1:1: class definition is not supported (only row types: class UserRow(clauz3.Row))", ir.Unsupported},
		{"policy unknown contract", "policy.py", "from clauz3.policy import domain_policy\nPOLICY = domain_policy(when_used='send_email', recommended=['nope'])\n", "2:60: recommended names 'nope', which is not a contract of layer tools.t.trusted", ir.LayerError},
		{"policy unknown effect", "policy.py", "from clauz3.policy import domain_policy\nPOLICY = domain_policy(when_used='send_mail')\n", "2:34: when_used names 'send_mail', which is no effect or marker of layer tools.t.trusted", ir.LayerError},
		{"while at module level", "contracts.py", "while True:\n    pass\n", "1:1: while loop is not supported", ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := loadFiles(t, map[string]string{tc.file: tc.src})
			if err == nil {
				t.Fatalf("loaded; want %s", tc.want)
			}
			want := filepath.Join(dir, tc.file) + ":" + tc.want
			diagtest.Want(t, err, tc.code, want)
		})
	}
}

// TestUniqueColumns checks __unique__ in a row type: the columns it names
// are recorded on the row, and anything the prover could not assume
// soundly is refused, located in schemas.py.
func TestUniqueColumns(t *testing.T) {
	row := func(unique string) string {
		return "import clauz3\n\n\nclass UserRow(clauz3.Row):\n    " + unique + "\n    id: int\n    email: str\n    active: bool\n"
	}
	for _, tc := range []struct {
		name, unique, want string
		code               ir.Code // of the refusal; 0 when it loads
	}{
		{"tuple", `__unique__ = ("id", "email")`, "", 0},
		{"list", `__unique__ = ["email"]`, "", 0},
		{"unknown column", `__unique__ = ("mail",)`, "5:19: __unique__ names mail, which is not a column of row type UserRow", ir.LayerError},
		{"bool column", `__unique__ = ("active",)`, "5:19: column UserRow.active is bool; only int and str columns can be unique", ir.LayerError},
		{"twice", `__unique__ = ("id", "id")`, "5:25: __unique__ of row type UserRow names id twice", ir.LayerError},
		{"not a tuple", `__unique__ = "id"`, "5:18: __unique__ of row type UserRow must be a tuple of column names", ir.LayerError},
		{"not a literal", `__unique__ = (id,)`, "5:19: __unique__ of row type UserRow must list column names as string literals", ir.LayerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := loadFiles(t, map[string]string{"schemas.py": row(tc.unique)})
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				l, err := Load(dir, "tools.t.trusted")
				if err != nil || len(l.Rows) != 1 || len(l.Rows[0].Unique) == 0 {
					t.Fatalf("Load: %v, rows %v", err, l)
				}
				return
			}
			diagtest.Want(t, err, tc.code, "schemas.py:"+tc.want)
		})
	}
}
