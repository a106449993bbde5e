package layer

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// objectEffects declares query(table, where) as layers written for the
// original ClauZ3 do, with where: dict[str, object] | None = None.
const objectEffects = `import clauz3

@clauz3.ensures(lambda result: len(result) <= 5)
@clauz3.requires(lambda table: len(table) > 0)
@clauz3.trusted
def query(table: str, where: dict[str, object] | None = None) -> list[str]: ...

@clauz3.trusted
def tag(label: object) -> None: ...
`

// TestObjectParameter: object is a trusted effect's parameter type (the
// layer loads, the parameter keeps dict[str, object] | None and its None
// default); a contract or condition lambda that reads a value holding an
// object is refused, located; object anywhere else is refused, located.
func TestObjectParameter(t *testing.T) {
	dir, err := loadFiles(t, map[string]string{"effects.py": objectEffects})
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(dir, "tools.t.trusted")
	if err != nil {
		t.Fatal(err)
	}
	var query, tag *ir.Effect
	for _, e := range l.Effects {
		switch e.Name {
		case "query":
			query = e
		case "tag":
			tag = e
		}
	}
	if query == nil || tag == nil {
		t.Fatalf("effects %v", l.Effects)
	}
	if got := query.Params[1].Type.String(); got != "dict[str, object] | None" {
		t.Errorf("where is %s", got)
	}
	if query.Params[1].Default == nil || !ir.IsBasic(query.Params[1].Default.Type(), ir.KindNone) {
		t.Errorf("where's default is %v, want None", query.Params[1].Default)
	}
	if !ir.Identical(tag.Params[0].Type, ir.Object) {
		t.Errorf("label is %s", tag.Params[0].Type)
	}

	const head = "from clauz3.spec import ContractSpec, contract, effect\nfrom tools.t.trusted.effects import query, tag\n\nQueries = effect(query)\nTags = effect(tag)\n"
	for _, tc := range []struct {
		name, file, src, want string
		code                  ir.Code // of the refusal; 0 when it loads
	}{
		{"contract compares object", "contracts.py", head + "\n@contract\ndef c() -> ContractSpec:\n    return Tags.all(lambda t: t.label == 'x')\n",
			"9:31: t.label is an object: a value of type object is opaque, so a contract or condition cannot read it (its content is carried to the layer unchecked)", ir.LayerError},
		{"contract len of where", "contracts.py", head + "\n@contract\ndef c() -> ContractSpec:\n    return Queries.all(lambda q: len(q.where) > 0)\n",
			"9:38: q.where is a dict[str, object] | None: a value of type object is opaque, so a contract or condition cannot read it (its content is carried to the layer unchecked)", ir.LayerError},
		{"contract where as key", "contracts.py", head + "\n@contract\ndef c() -> ContractSpec:\n    return Queries.distinct(lambda q: q.where)\n",
			"9:39: q.where is a dict[str, object] | None: a value of type object is opaque", ir.LayerError},
		{"requires reads where", "effects.py", "import clauz3\n\n@clauz3.requires(lambda where: where != None)\n@clauz3.trusted\ndef query(where: dict[str, object] | None = None) -> None: ...\n",
			"3:32: where is a dict[str, object] | None: a value of type object is opaque", ir.LayerError},
		{"object result", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef query(where: object) -> object: ...\n",
			"4:29: type object is supported only in the parameters of trusted effects (e.g. where: dict[str, object] | None = None)", ir.Unsupported},
		{"object row field", "schemas.py", "import clauz3\n\nclass UserRow(clauz3.Row):\n    extra: object\n",
			"4:12: type object is supported only in the parameters of trusted effects", ir.Unsupported},
		{"object contract parameter", "contracts.py", head + "\n@contract\ndef c(x: object) -> ContractSpec:\n    return Tags.empty()\n",
			"8:10: type object is not supported for a contract parameter: object is supported there only as dict[str, object]", ir.Unsupported},
		{"contract indexes where", "contracts.py", head + "\n@contract\ndef c() -> ContractSpec:\n    return Queries.all(lambda q: q.where['a'] == 1)\n",
			"9:34: subscript is not supported", ir.Unsupported},
		{"contract where in chained compare", "contracts.py", head + "\n@contract\ndef c(d: dict[str, object]) -> ContractSpec:\n    return Queries.all(lambda q: d == q.where == d)\n",
			"9:34: d is a dict[str, object]: a value of type object is opaque", ir.LayerError},
		{"contract list of objects parameter", "contracts.py", head + "\n@contract\ndef c(x: list[object]) -> ContractSpec:\n    return Tags.empty()\n",
			"8:10: type list[object] is not supported for a contract parameter: object is supported there only as dict[str, object], compared whole with == or !=", ir.Unsupported},
		{"object dict key", "effects.py", "import clauz3\n\n@clauz3.trusted\ndef query(where: dict[object, str]) -> None: ...\n",
			"4:23: dict key type object is not hashable", ir.TypeMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"effects.py": objectEffects}
			files[tc.file] = tc.src
			dir, err := loadFiles(t, files)
			if err == nil {
				t.Fatalf("loaded; want %s", tc.want)
			}
			want := filepath.Join(dir, tc.file) + ":" + tc.want
			diagtest.Want(t, err, tc.code, want)
		})
	}
}
