package syntax

import (
	"strings"
	"testing"
)

// TestBlankBodies pins what the second parse of a layer module sees: the
// bodies of top-level defs other than contracts blanked, offsets kept,
// docstrings kept; strings holding what looks like code at column 0,
// continuations and one-line bodies handled.
func TestBlankBodies(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"body", "def f(x: int) -> int:\n    y = (z := x)\n    return y\n", "def f(x: int) -> int:\n    0           \n            \n"},
		{"docstring kept", "def f() -> None:\n    \"\"\"card: Do it\n\"\"\"\n    match x:\n        case 1: pass\n", "def f() -> None:\n    \"\"\"card: Do it\n\"\"\"\n            \n                    \n"},
		{"string at column 0", "def f() -> str:\n    s = '''\ndef g(): (a := 1)\n'''\n    return s\nX = 1\n", "def f() -> str:\n    0      \n                 \n   \n            \nX = 1\n"},
		{"contract kept", "@contract\ndef c() -> ContractSpec:\n    return R.empty()\n", "@contract\ndef c() -> ContractSpec:\n    return R.empty()\n"},
		{"spec.contract kept", "@spec.contract\ndef c() -> ContractSpec:\n    return R.empty()\n", "@spec.contract\ndef c() -> ContractSpec:\n    return R.empty()\n"},
		{"decorated effect", "@clauz3.trusted\n# note\ndef e(a: str) -> None:\n    x = (\n  1)\n", "@clauz3.trusted\n# note\ndef e(a: str) -> None:\n    0    \n    \n"},
		{"one-line body left", "def f() -> None: ...\n", "def f() -> None: ...\n"},
		{"async def", "async def f(u: str) -> str:\n    return await g(u)\n", "def       f(u: str) -> str:\n    0                \n"},
		{"class left", "class R(clauz3.Row):\n    a: int\n", "class R(clauz3.Row):\n    a: int\n"},
		{"continuation", "def f() -> int:\n    return 1 + \\\n2\nY = 2\n", "def f() -> int:\n    0           \n \nY = 2\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := blankBodies([]byte(tc.src))
			if string(got) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
			if len(got) != len(tc.src) || strings.Count(string(got), "\n") != strings.Count(tc.src, "\n") {
				t.Errorf("offsets or lines moved")
			}
		})
	}
}
