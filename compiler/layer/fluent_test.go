package layer

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

const fluentEffects = `import clauz3
from clauz3.fluent import effect, fluent

DoorLocked = fluent("door_locked", key=str, value=bool, initial=True)
Level = fluent("level", key=int, value=int, initial=0)


@effect(lambda door: DoorLocked.set(door, False))
@clauz3.trusted
def unlock(door: str) -> None: ...


@effect(lambda floor, n: Level.set(floor + 1, n))
@clauz3.trusted
def raise_level(floor: int, n: int) -> None: ...


@clauz3.trusted
def send_email(addr: str, msg: str) -> None: ...
`

func TestFluents(t *testing.T) {
	dir, err := loadFiles(t, map[string]string{"effects.py": fluentEffects, "contracts.py": `from clauz3.spec import ContractSpec, contract
from tools.t.trusted.effects import DoorLocked, Level


@contract
def locked() -> ContractSpec:
    return DoorLocked.final.all(lambda v: v)


@contract
def door(d: str) -> ContractSpec:
    return True == DoorLocked.final[d]


@contract
def level_not(f: int, n: int) -> ContractSpec:
    return Level.final[f] != n
`})
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(dir, "tools.t.trusted")
	if err != nil {
		t.Fatal(err)
	}
	var updates []string
	for _, e := range l.Effects {
		for _, u := range e.Updates {
			updates = append(updates, e.Name+": "+u.Fluent.Name+"["+ir.ExprString(u.Key)+"] = "+ir.ExprString(u.Value))
		}
	}
	if got := strings.Join(updates, "; "); got != "raise_level: level[(call.floor + 1)] = call.n; unlock: door_locked[call.door] = False" {
		t.Errorf("updates: %s", got)
	}
	got := specs(l)
	want := map[string]string{
		"locked":    "fluent('door_locked', key=str, value=bool, initial=True).final.all(lambda v: v)",
		"door":      "fluent('door_locked', key=str, value=bool, initial=True).final[d] == True",
		"level_not": "fluent('level', key=int, value=int, initial=0).final[f] != n",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s, want %s", k, got[k], v)
		}
	}
}

func TestFluentRefusals(t *testing.T) {
	const imp = "import clauz3\nfrom clauz3.fluent import effect, fluent\n"
	const door = "D = fluent('door_locked', key=str, value=bool, initial=True)\n"
	const stub = "@clauz3.trusted\ndef unlock(door: str) -> None: ...\n"
	for _, tc := range []struct {
		name, file, src, want string
		code                  ir.Code // of the refusal
	}{
		{"no initial", "effects.py", imp + "D = fluent('d', key=str, value=bool)\n", "3:5: fluent D needs key=, value= and initial=", ir.LayerError},
		{"bool key", "effects.py", imp + "D = fluent('d', key=bool, value=bool, initial=True)\n", "3:21: the key of a fluent must be str or int, not bool", ir.LayerError},
		{"list value", "effects.py", imp + "D = fluent('d', key=str, value=list[str], initial=[])\n", "3:32: the value of a fluent must be bool, int or str, not list[str]", ir.LayerError},
		{"initial type", "effects.py", imp + "D = fluent('d', key=str, value=bool, initial=1)\n", "3:46: initial value of fluent D must be bool, got int", ir.LayerError},
		{"name not literal", "effects.py", imp + "N = 'd'\nD = fluent(N, key=str, value=bool, initial=True)\n", "4:12: the name of a fluent must be a string literal", ir.LayerError},
		{"unknown keyword", "effects.py", imp + "D = fluent('d', key=str, value=bool, initial=True, persist=True)\n", "3:52: keyword persist of fluent is not supported (key=, value=, initial=)", ir.Unsupported},
		{"update names no parameter", "effects.py", imp + door + "@effect(lambda d: D.set(d, False))\n" + stub, "4:16: fluent update of unlock names d, which is not a parameter of unlock", ir.LayerError},
		{"update not set", "effects.py", imp + door + "@effect(lambda door: D.get(door))\n" + stub, "4:22: a fluent update must be F.set(key, value), not D.get(door)", ir.LayerError},
		{"set on a non-fluent", "effects.py", imp + door + "X = 3\n@effect(lambda door: X.set(door, False))\n" + stub, "5:22: X is not a fluent of this layer", ir.LayerError},
		{"update value type", "effects.py", imp + door + "@effect(lambda door: D.set(door, 'open'))\n" + stub, "4:34: the value of fluent door_locked is bool, got str", ir.LayerError},
		{"update twice", "effects.py", imp + door + "@effect(lambda door: D.set(door, False))\n@effect(lambda door: D.set(door, True))\n" + stub, "5:2: effect unlock updates fluent door_locked twice; one call writes one key", ir.LayerError},
		{"update without trusted", "effects.py", imp + door + "@effect(lambda door: D.set(door, False))\ndef unlock(door: str) -> None: ...\n", "5:1: unlock has conditions or fluent updates but is not marked trusted (add @clauz3.trusted or @deal.has(...))", ir.LayerError},
		{"final compared with <", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final['x'] < True\n", "5:12: a fluent's final value is compared with == or !=, not <", ir.LayerError},
		{"final key type", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final[3] == True\n", "5:20: the key of D must be str, got int", ir.LayerError},
		{"final.all three params", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final.all(lambda k, v, w: v)\n", "5:24: the lambda of final.all() takes the value, or the key and the value", ir.LayerError},
		{"entry used bare", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final.all(lambda d: d.value and d)\n", "5:46: d is an entry of the fluent: read d.key or d.value", ir.LayerError},
		{"entry other attribute", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final.all(lambda d: d.value or d.door == 'x')\n", "5:45: an entry of a fluent has .key and .value, not .door", ir.LayerError},
		{"entry key type", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final.all(lambda d: d.value or d.key == 3)\n", "5:45: comparison str == int is not supported (the operands must have one type)", ir.Unsupported},
		{"final.all key type", "contracts.py", "from clauz3.spec import ContractSpec, contract\nfrom tools.t.trusted.effects import D\n@contract\ndef c() -> ContractSpec:\n    return D.final.all(lambda k, v: v or k == 3)\n", "5:42: comparison str == int is not supported (the operands must have one type)", ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{tc.file: tc.src}
			if tc.file != "effects.py" {
				files["effects.py"] = imp + door + "@effect(lambda door: D.set(door, False))\n" + stub
			}
			dir, err := loadFiles(t, files)
			if err == nil {
				t.Fatalf("loaded; want %s", tc.want)
			}
			want := filepath.Join(dir, tc.file) + ":" + tc.want
			diagtest.Want(t, err, tc.code, want)
		})
	}
}
