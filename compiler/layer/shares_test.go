package layer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

const sharesEffects = `import clauz3


@clauz3.trusted
def send_email(addr: str, msg: str) -> None: ...


@clauz3.trusted
def invite(addr: str, n: int) -> None: ...


@clauz3.trusted
def pay(amount: int, to: str, addr: int) -> None: ...
`

const sharesHead = `from clauz3.spec import ContractSpec, contract, effect

Email = effect("send_email")
Invites = effect("invite")
Pays = effect("pay")
`

// TestSharesValue checks that A.shares_value(B, k) compiles to one key per
// relation (through relation variables and where), and that what it may
// not say is refused at load time, located.
func TestSharesValue(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string  // the spec printed, or "line:col: message" of a refusal
		code      ir.Code // of the refusal; 0 when it loads
	}{
		{"two relations", `
@contract
def invited() -> ContractSpec:
    return Email.shares_value(Invites, lambda f: f.addr)
`, "effect('send_email').shares_value(effect('invite'), lambda f: f.addr)", 0},
		{"relation variables and where", `
@contract
def invited_to(to: str) -> ContractSpec:
    mine = Email.where(lambda e: e.addr == to)
    return mine.shares_value(Invites.where(lambda i: i.n > 0), lambda f: f.addr + "")
`, "effect('send_email').where(lambda e: (e.addr == to)).shares_value(effect('invite').where(lambda i: (i.n > 0)), lambda f: (f.addr + ''))", 0},
		{"inline effect", `
@contract
def self_shared() -> ContractSpec:
    return effect("invite").shares_value(effect("invite"), lambda f: f.n)
`, "effect('invite').shares_value(effect('invite'), lambda f: f.n)", 0},
		{"field missing in B", `
@contract
def bad() -> ContractSpec:
    return Email.shares_value(Invites, lambda f: f.msg)
`, "9:50: field msg is not a field of every effect of relation Invites (its fields: addr, n)", ir.LayerError},
		{"keys of two types", `
@contract
def bad() -> ContractSpec:
    return Email.shares_value(Pays, lambda f: f.addr)
`, "9:37: the key of shares_value is str over Email but int over Pays: the two must have one type", ir.LayerError},
		{"no key", `
@contract
def bad() -> ContractSpec:
    return Email.shares_value(Invites)
`, "9:12: shares_value() takes a relation and a lambda over a fact, e.g. A.shares_value(B, lambda f: f.addr)", ir.LayerError},
		{"B not a relation", `
@contract
def bad(x: str) -> ContractSpec:
    return Email.shares_value(x, lambda f: f.addr)
`, "9:31: x is a parameter, not a relation", ir.LayerError},
		{"key not a lambda", `
@contract
def bad() -> ContractSpec:
    return Email.shares_value(Invites, "addr")
`, "9:40: shares_value() takes a lambda over a fact, not a string literal", ir.LayerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"effects.py": sharesEffects, "contracts.py": sharesHead + tc.src,
				"schemas.py": "import clauz3\n\n\nclass UserRow(clauz3.Row):\n    email: str\n"}
			dir := filepath.Join(t.TempDir(), "tools", "t", "trusted")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for name, src := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			l, err := Load(dir, "tools.t.trusted")
			if tc.code != ir.UnknownCode { // the row is a refusal
				if err == nil {
					t.Fatalf("loaded; want %s", tc.want)
				}
				want := filepath.Join(dir, "contracts.py") + ":" + tc.want
				diagtest.Want(t, err, tc.code, want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := l.Contracts[0]
			if got := ir.SpecString(c.Spec); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			sv := c.Spec.(*ir.SharesValue)
			if sv.KeyA.Params[0].Type != ir.Type(sv.A.Fact) || sv.KeyB.Params[0].Type != ir.Type(sv.B.Fact) {
				t.Errorf("each key must take a fact of its own relation")
			}
		})
	}
}
