package layer

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

const markerEffects = `import deal


@deal.has("read", "fs")
def read_file(path: str) -> str: ...


@deal.has("read", "fs")
def list_dir(path: str, hidden: bool = False) -> None: ...


@deal.has("write", "fs")
def write_file(path: str, content: str) -> None: ...
`

// TestMarkerRelations: effect("marker") relates every effect carrying the
// marker, and its facts have the fields every such effect shares.
func TestMarkerRelations(t *testing.T) {
	dir, err := loadFiles(t, map[string]string{"effects.py": markerEffects, "contracts.py": `from clauz3.spec import ContractSpec, contract, effect

Reads = effect("read")
Touches = effect("fs")


@contract
def under(prefix: str) -> ContractSpec:
    return Touches.all(lambda t: t.path.startswith(prefix))


@contract
def few_reads(n: int) -> ContractSpec:
    return Reads.count() <= n
`})
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(dir, "tools.t.trusted")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rel, effects, fields string }{
		{"Reads", "list_dir read_file", "path"},
		{"Touches", "list_dir read_file write_file", "path"},
	} {
		s := l.Module("tools.t.trusted.contracts").Lookup(tc.rel)
		if s == nil || s.Relation == nil {
			t.Fatalf("no relation %s", tc.rel)
		}
		var effs, fields []string
		for _, e := range s.Relation.Effects {
			effs = append(effs, e.Name)
		}
		for _, f := range s.Relation.Fact.Fields {
			fields = append(fields, f.Name)
		}
		if strings.Join(effs, " ") != tc.effects || strings.Join(fields, " ") != tc.fields || s.Relation.Name != tc.rel {
			t.Errorf("%s: effects %v fields %v name %q; want %s / %s", tc.rel, effs, fields, s.Relation.Name, tc.effects, tc.fields)
		}
	}
}

// TestMarkerFieldRefusals: a contract that reads a field some effect of
// its marker relation lacks is refused when the layer loads, located at
// the field.
func TestMarkerFieldRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, contract, want string
		code                 ir.Code // of the refusal
	}{
		{"field of one effect only", "    return Touches.all(lambda t: len(t.content) < 10)\n",
			"6:38: field content is not a field of every effect of relation Touches (its fields: path)", ir.LayerError},
		{"field in a where", "    return Reads.where(lambda r: r.hidden).empty()\n",
			"6:34: field hidden is not a field of every effect of relation Reads (its fields: path)", ir.LayerError},
		{"key of a distinct", "    return effect('fs').distinct(lambda t: t.content)\n",
			"6:44: field content is not a field of every effect of relation effect('fs') (its fields: path)", ir.LayerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "from clauz3.spec import ContractSpec, contract, effect\nReads = effect('read')\nTouches = effect('fs')\n@contract\ndef c() -> ContractSpec:\n" + tc.contract
			dir, err := loadFiles(t, map[string]string{"effects.py": markerEffects, "contracts.py": src})
			if err == nil {
				t.Fatalf("loaded; want %s", tc.want)
			}
			want := filepath.Join(dir, "contracts.py") + ":" + tc.want
			diagtest.Want(t, err, tc.code, want)
		})
	}
}
