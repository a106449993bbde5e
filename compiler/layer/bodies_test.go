package layer

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestModernBodies: the body of a trusted effect or an undecorated helper
// is never compiled (docs/design.md section 3.2: "whatever it holds"), so
// a layer whose bodies use Python the subset's parser does not read (:=,
// match, async def, positional-only parameters, f"{x=}", ...) loads, its
// docstring card included. What is compiled (decorators, signatures,
// contract bodies, module level) is still parsed and refused as before.
func TestModernBodies(t *testing.T) {
	const effects = `import subprocess
import clauz3


def _helper(path: str) -> int:
    if (n := len(path)) > 3:
        return n
    match path:
        case "x":
            return 1
        case _:
            return 2


@clauz3.requires(lambda path: len(path) > 0)
@clauz3.trusted
def read_file(path: str) -> str:
    """card: Read the file {path}"""
    if (n := len(path)) > 100:
        raise ValueError(f"{n=} too long")
    with open(path) as fh:
        return fh.read()


@clauz3.trusted
async def fetch(url: str) -> str:
    async with session() as s:
        return await s.get(url)


@clauz3.trusted
def run(cmd: str, timeout: int = 5) -> int:
    nums = [j for i in range(3) if (j := i) > 0]
    return subprocess.run(cmd, timeout=timeout).returncode
`
	for _, tc := range []struct {
		name, effects, contracts string
		want                     string // refusal "file:line:col: message", "" when it loads
		code                     ir.Code
	}{
		{name: "bodies", effects: effects, contracts: "from clauz3.spec import ContractSpec, contract, effect\n\nReads = effect('read_file')\n\n@contract\ndef few(n: int) -> ContractSpec:\n    return Reads.count() <= n\n"},
		{name: "contract body is compiled", effects: effects, contracts: "from clauz3.spec import ContractSpec, contract, effect\n\nReads = effect('read_file')\n\n@contract\ndef few(n: int) -> ContractSpec:\n    if (m := n) > 1:\n        pass\n    return Reads.count() <= n\n", want: "contracts.py:7:11: assignment expressions (:=) are not supported", code: ir.Unsupported},
		{name: "module level is compiled", effects: effects + "\nLIMIT = (k := 3)\n", want: "effects.py:36:12: assignment expressions (:=) are not supported", code: ir.Unsupported},
		{name: "a signature is compiled", effects: "import clauz3\n\n@clauz3.trusted\ndef f(a: int, /, b: int) -> None:\n    x = (y := 1)\n", want: "effects.py:4:15: invalid syntax (positional-only parameters are not supported)", code: ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"effects.py": tc.effects}
			if tc.contracts != "" {
				files["contracts.py"] = tc.contracts
			}
			dir, err := loadFiles(t, files)
			if tc.code != 0 {
				diagtest.Want(t, err, tc.code, filepath.Join(dir, tc.want))
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			l := load(t, dir, "tools.t.trusted")
			var names []string
			for _, e := range l.Effects {
				names = append(names, e.Name)
			}
			if len(names) != 3 || l.Effect("read_file").Card == nil {
				t.Errorf("effects %v, read_file card %v", names, l.Effect("read_file").Card)
			}
		})
	}
}

// TestQuotedContractSpec: a contract's return annotation may be quoted, as
// under from __future__ import annotations; Python never evaluates it.
func TestQuotedContractSpec(t *testing.T) {
	for _, ret := range []string{`"ContractSpec"`, `'spec.ContractSpec'`} {
		t.Run(ret, func(t *testing.T) {
			_, err := loadFiles(t, map[string]string{"contracts.py": "from __future__ import annotations\nfrom clauz3 import spec\n\nEmail = spec.effect('send_email')\n\n@spec.contract\ndef none() -> " + ret + ":\n    return Email.empty()\n"})
			if err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
	dir, err := loadFiles(t, map[string]string{"contracts.py": "from clauz3 import spec\n\nEmail = spec.effect('send_email')\n\n@spec.contract\ndef none() -> 'Spec':\n    return Email.empty()\n"})
	diagtest.Want(t, err, ir.LayerError, filepath.Join(dir, "contracts.py")+":6:15: return annotation of contract none must be ContractSpec")
}
