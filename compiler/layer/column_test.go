package layer

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

const columnSchemas = "import clauz3\n\n\nclass UserRow(clauz3.Row):\n    id: int\n    email: str\n    active: bool\n"

const columnHead = `from clauz3.spec import ContractSpec, contract, effect
from tools.t.trusted.effects import send_email
from tools.t.trusted.schemas import UserRow

Email = effect(send_email)
`

// TestColumnReferences checks that getattr(<RowType>, "<field>") compiles
// to an ir.IsColumn in a contract lambda, and that everything else about
// it is refused when the layer loads, located in contracts.py.
func TestColumnReferences(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       string  // the spec when it loads, else "line:col: message"
		code       ir.Code // of the refusal; 0 when it loads
	}{
		{"field == column", `Email.all(lambda e: e.addr == getattr(UserRow, "email"))`,
			`effect('send_email').all(lambda e: (e.addr == getattr(UserRow, "email")))`, 0},
		{"column == field", `Email.all(lambda e: getattr(UserRow, "email") == e.addr)`,
			`effect('send_email').all(lambda e: (e.addr == getattr(UserRow, "email")))`, 0},
		{"!=", `Email.all(lambda e: e.addr != getattr(UserRow, "email"))`,
			`effect('send_email').all(lambda e: (e.addr != getattr(UserRow, "email")))`, 0},
		{"inside and", `Email.all(lambda e: e.addr == getattr(UserRow, "email") and len(e.msg) > 0)`,
			`effect('send_email').all(lambda e: ((e.addr == getattr(UserRow, "email")) and (len(e.msg) > 0)))`, 0},
		{"unknown row type", `Email.all(lambda e: e.addr == getattr(OrderRow, "email"))`,
			"10:50: OrderRow is not a row type (getattr in a contract reads a column of a row type imported from a schema module, or given as a parameter of type type)", ir.LayerError},
		{"unknown field", `Email.all(lambda e: e.addr == getattr(UserRow, "mail"))`,
			"10:59: row type UserRow has no field mail", ir.LayerError},
		{"type mismatch", `Email.all(lambda e: len(e.addr) == getattr(UserRow, "email"))`,
			"10:32: len(e.addr) is int but column UserRow.email is str", ir.LayerError},
		{"bool column", `Email.all(lambda e: e.addr == getattr(UserRow, "active"))`,
			"10:59: column UserRow.active is bool; a column reference needs a str or int column", ir.LayerError},
		{"ordering", `Email.all(lambda e: e.addr < getattr(UserRow, "email"))`,
			"10:32: a column reference must be compared alone with == or != to a field (e.g. e.addr == getattr(UserRow, \"email\")); this comparison is not supported", ir.Unsupported},
		{"chain", `Email.all(lambda e: e.addr == getattr(UserRow, "email") == e.msg)`,
			"10:32: a column reference must be compared alone with == or != to a field (e.g. e.addr == getattr(UserRow, \"email\")); this comparison is not supported", ir.Unsupported},
		{"field name not literal", `Email.all(lambda e: e.addr == getattr(UserRow, e.msg))`,
			"10:59: the field of getattr must be a str literal, or a str parameter of a contract with a parameter of type type", ir.LayerError},
		{"getattr as a value", `Email.all(lambda e: getattr(UserRow, "email").startswith("a"))`,
			"10:32: getattr(<row type>, \"<field>\") is supported only compared with == or != to a field in a contract lambda", ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := columnHead + "\n\n@contract\ndef c() -> ContractSpec:\n    return " + tc.body + "\n"
			dir, err := loadFiles(t, map[string]string{"schemas.py": columnSchemas, "contracts.py": src})
			if tc.code == ir.UnknownCode { // the row loads
				if err != nil {
					t.Fatal(err)
				}
				l := load(t, dir, "tools.t.trusted")
				if got := specs(l)["c"]; got != tc.want {
					t.Errorf("spec\n%s\nwant\n%s", got, tc.want)
				}
				var ref *ir.IsColumn
				ir.Inspect(l.Contracts[0].Spec.(*ir.All).Pred.Body, func(e ir.Expr) bool {
					if c, ok := e.(*ir.IsColumn); ok {
						ref = c
					}
					return true
				})
				if ref == nil || ref.Row.Name != "UserRow" || ref.Column != "email" {
					t.Errorf("no IsColumn of UserRow.email in %s", tc.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("loaded; want %s", tc.want)
			}
			want := filepath.Join(dir, "contracts.py") + ":" + tc.want
			diagtest.Want(t, err, tc.code, want)
		})
	}
}

// TestColumnOutsideContract checks that a requires clause cannot use a
// column reference: provenance is a property of facts only.
func TestColumnOutsideContract(t *testing.T) {
	effects := "import clauz3\nfrom tools.t.trusted.schemas import UserRow\n\n@clauz3.requires(lambda addr, msg: addr == getattr(UserRow, 'email'))\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n"
	dir, err := loadFiles(t, map[string]string{"schemas.py": columnSchemas, "effects.py": effects})
	want := filepath.Join(dir, "effects.py") + ":4:36: a column reference (getattr) is supported only in a contract lambda over a fact"
	diagtest.Want(t, err, ir.Unsupported, want)
}
