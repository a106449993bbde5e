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

// TestModuleLevelForBodies: what a layer module holds at module level
// only for its effect bodies or for running it as a script loads as
// Python reads it on import: an optional import (try: import x except
// ImportError: x = None) binds an opaque name, refused where compiled code
// reads it, and an if __name__ == "__main__": block never runs. Any other
// try or if stays refused, saying what is read.
func TestModuleLevelForBodies(t *testing.T) {
	const tail = "\n\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None:\n    return requests.post(addr, msg)\n"
	for _, tc := range []struct {
		name, head, want string
		code             ir.Code
	}{
		{name: "optional import", head: "import clauz3\ntry:\n    import requests\nexcept ImportError:  # optional\n    requests = None\n"},
		{name: "fallback import", head: "import clauz3\ntry:\n    import simplejson as json\nexcept (ImportError, ModuleNotFoundError):\n    import json\n"},
		{name: "main block", head: "import clauz3\nif __name__ == '__main__':\n    send_email('a@b', 'x')\n"},
		{name: "other try", head: "import clauz3\ntry:\n    X = 1\nexcept ImportError:\n    X = 2\n", want: "effects.py:2:1: try statement at module level is not supported (only try: import ... except ImportError: ..., binding modules for effect bodies)", code: ir.Unsupported},
		{name: "other except", head: "import clauz3\ntry:\n    import requests\nexcept Exception:\n    requests = None\n", want: "effects.py:2:1: try statement at module level is not supported (only try: import ... except ImportError: ..., binding modules for effect bodies)", code: ir.Unsupported},
		{name: "other if", head: "import clauz3\nif True:\n    X = 1\n", want: "effects.py:2:1: if statement at module level is not supported (only if __name__ == \"__main__\": ..., which never runs on import)", code: ir.Unsupported},
		{name: "opaque name read", head: "import clauz3\ntry:\n    import requests\nexcept ImportError:\n    requests = None\n\n@clauz3.requires(lambda addr: addr != requests)\n@clauz3.trusted\ndef ping(addr: str) -> None: ...\n", want: "effects.py:7:39: use of name imported for effect bodies requests in a lambda is not supported", code: ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := loadFiles(t, map[string]string{"effects.py": tc.head + tail})
			if tc.code != 0 {
				diagtest.Want(t, err, tc.code, filepath.Join(dir, tc.want))
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
		})
	}
}
