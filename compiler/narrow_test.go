package compiler

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestNarrowing checks where a T | None local is read as a T (through
// ir.Unwrap) and where it stays T | None.
func TestNarrowing(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want []string // lines (trimmed) that ir.Sprint must contain
	}{
		{"is not None", mainOf(`    x: int | None = None
    if x is not None:
        print(x + 1)
    else:
        print(x)
`), []string{"print((unwrap(x) + 1))", "print(x)"}},
		{"is None else", mainOf(`    x: str | None = None
    if x is None:
        print(x)
    else:
        print(x.upper())
`), []string{"print(x)", "print(str.upper(unwrap(x)))"}},
		{"is None return", mainOf(`    x: str | None = None
    if x is None:
        return
    print(len(x))
`), []string{"print(len(unwrap(x)))"}},
		{"is None raise in loop continue", mainOf(`    for s in ["a", "b"]:
        x: str | None = None
        if s == "a":
            x = s
        if x is None:
            continue
        print(x.upper())
`), []string{"print(str.upper(unwrap(x)))"}},
		{"and chain", mainOf(`    x: int | None = None
    y = x is not None and x > 3
    z = x is None or x < 0
    if x is not None and x > 1:
        print(x * 2)
`), []string{"y = ((x is not None) and (unwrap(x) > 3))", "z = ((x is None) or (unwrap(x) < 0))", "if ((x is not None) and (unwrap(x) > 1)):", "print((unwrap(x) * 2))"}},
		{"not swaps", mainOf(`    x: int | None = None
    if not x is None:
        print(-x)
`), []string{"print((-unwrap(x)))"}},
		{"passing where T | None is wanted keeps the optional", `import clauz3


def f(a: int | None) -> int:
    if a is None:
        return 0
    return a


def main() -> None:
    x: int | None = 3
    if x is not None:
        print(f(x), x)
`, []string{"return unwrap(a)", "print(f(x), unwrap(x))"}},
		{"compared with None stays optional", mainOf(`    x: int | None = 1
    if x is not None:
        print(x is None, x != None, x == 1)
`), []string{"print((x is None), (x != None), (unwrap(x) == 1))"}},
		{"assignment ends narrowing", mainOf(`    x: int | None = 1
    if x is not None:
        x = None
        print(x)
`), []string{"print(x)"}},
		{"assignment narrows", mainOf(`    x: int | None = None
    x = 3
    print(x + 1)
    x += 1
    if len("ab") > 1:
        x = 4
    print(x * 2, [v + x for v in [1]])
`), []string{"print((unwrap(x) + 1))", "x = (unwrap(x) + 1)", "print((unwrap(x) * 2), [(v + unwrap(x)) for v in [1]])"}},
		{"partial None narrows at its fixing assignment", mainOf(`    x = None
    print(x)
    x = 3
    print(x + 1)
`), []string{"print(x)", "print((unwrap(x) + 1))"}},
		{"a check inside a lambda narrows there", mainOf(`    x: int | None = None
    x = 3
    print(sorted([1, 2], key=lambda v: x is not None and v + x > 0))
`), []string{"print(sorted([1, 2], key=lambda v: ((x is not None) and ((v + unwrap(x)) > 0))))"}},
		{"a loop that keeps it narrowed", mainOf(`    x: int | None = None
    x = 0
    for i in range(3):
        print(x + 1)
        x = x + i
    print(x * 2)
`), []string{"print((unwrap(x) + 1))", "x = (unwrap(x) + i)", "print((unwrap(x) * 2))"}},
		{"conditional expression arms", mainOf(`    x: int | None = None
    if len("ab") > 1:
        x = 3
    print(x + 1 if x is not None else 0, 0 if x is None else x * 2)
`), []string{"print(((unwrap(x) + 1) if (x is not None) else 0), (0 if (x is None) else (unwrap(x) * 2)))"}},
		{"truthiness and assert", mainOf(`    x: int | None = None
    if len("ab") > 1:
        x = 3
    if x:
        print(x + 1)
    s: str | None = None
    if not s:
        return
    print(s.upper())
    y: int | None = None
    assert y is not None, "no y"
    print(y * 2)
`), []string{"print((unwrap(x) + 1))", "print(str.upper(unwrap(s)))", "print((unwrap(y) * 2))"}},
		{"narrowed list is the same list", mainOf(`    xs: list[int] | None = None
    if xs is not None:
        xs.append(1)
        for v in xs:
            print(v)
`), []string{"list.append(unwrap(xs), 1)", "for v in unwrap(xs):"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := compileOK(t, tc.src, testCfg)
			out := ir.Sprint(prog)
			lines := map[string]bool{}
			for _, l := range strings.Split(out, "\n") {
				lines[strings.TrimSpace(l)] = true
			}
			for _, w := range tc.want {
				if !lines[w] {
					t.Errorf("missing line %q in\n%s", w, out)
				}
			}
		})
	}
}

// TestNarrowingRefusals checks that narrowing stops where CPython could
// see None again.
func TestNarrowingRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		code            ir.Code
	}{
		{"after assignment", mainOf("    x: int | None = 1\n    if x is not None:\n        x = None\n        print(x + 1)\n"),
			"plan.py:10:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"after the if", mainOf("    x: int | None = 1\n    if x is not None:\n        print(x)\n    print(x + 1)\n"),
			"plan.py:10:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"is None falls through", mainOf("    x: int | None = 1\n    if x is None:\n        print(x)\n    print(x + 1)\n"),
			"plan.py:10:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"loop reassigns", mainOf("    x: int | None = 1\n    if x is None:\n        return\n    for i in range(3):\n        print(x + i)\n        x = None\n"),
			"plan.py:11:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"after a loop that reassigns", mainOf("    x: int | None = 1\n    if x is None:\n        return\n    for i in range(3):\n        x = None\n    print(x + 1)\n"),
			"plan.py:12:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"assigned None in one arm", mainOf("    x: int | None = None\n    x = 3\n    if len(\"ab\") > 1:\n        x = None\n    print(x + 1)\n"),
			"plan.py:11:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"assigned a T | None", mainOf("    x: int | None = None\n    x = 3 if len(\"ab\") > 1 else None\n    print(x + 1)\n"),
			"plan.py:9:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"annotated with a value", mainOf("    x: int | None = 3\n    print(x + 1)\n"),
			"plan.py:8:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"assigned in a loop that may not run", mainOf("    x: int | None = None\n    for i in range(3):\n        x = i\n    print(x + 1)\n"),
			"plan.py:10:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"assigned in a loop that runs", mainOf("    x: int | None = None\n    for i in [1, 2]:\n        x = i\n    print(x + 1)\n"),
			"plan.py:10:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"None later in the loop body", mainOf("    x: int | None = None\n    x = 3\n    for i in range(3):\n        print(x + 1)\n        x = None\n"),
			"plan.py:10:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"partial None after a loop", mainOf("    best = None\n    for r in [3, 1]:\n        if best is None or r > best:\n            best = r\n    print(best + 1)\n"),
			"plan.py:11:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"nested def reads the declared type", mainOf("    x: int | None = None\n    x = 3\n    def h() -> int:\n        return x + 1\n    print(h())\n"),
			"plan.py:10:16: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"key lambda reads the declared type", mainOf("    x: int | None = None\n    x = 3\n    print(sorted([1, 2], key=lambda v: v + x))\n"),
			"plan.py:9:40: operator + on int and int | None is not supported", ir.TypeMismatch},
		{"key lambda after a check reads the declared type", mainOf("    x: int | None = None\n    if x is not None:\n        print(sorted([1, 2], key=lambda v: v + x))\n"),
			"plan.py:9:44: operator + on int and int | None is not supported", ir.TypeMismatch},
		{"key lambda after an and guard reads the declared type", mainOf("    x: int | None = None\n    print(x is not None and sorted([1, 2], key=lambda v: v + x) == [1])\n"),
			"plan.py:8:58: operator + on int and int | None is not supported", ir.TypeMismatch},
		{"loop body leaves it None at a continue", mainOf("    x: int | None = None\n    x = 0\n    for i in range(3):\n        print(x + 1)\n        if i > 1:\n            x = None\n            continue\n        x = i\n"),
			"plan.py:10:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"inner loop leaves it None", mainOf("    x: int | None = None\n    x = 0\n    for i in range(3):\n        print(x + 1)\n        for j in range(2):\n            x = None\n        x = i if i > 5 else x\n"),
			"plan.py:10:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"None before a break", mainOf("    x: int | None = None\n    x = 0\n    for i in range(3):\n        x = None\n        if i > 1:\n            break\n        x = i\n    print(x + 1)\n"),
			"plan.py:14:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"assigned a T | None in the loop", mainOf("    x: int | None = None\n    x = 0\n    for i in range(3):\n        print(x + 1)\n        x = None if i > 1 else i\n"),
			"plan.py:10:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"the wrong arm of a conditional", mainOf("    x: int | None = None\n    print(x + 1 if x is None else 0)\n"),
			"plan.py:8:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"a comprehension variable in a guarded arm", mainOf("    x: int | None = 3\n    ys: list[int | None] = [None]\n    print([x + 1 for x in ys] if x is not None else [])\n"),
			"plan.py:9:12: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"a false value may be None", mainOf("    x: int | None = None\n    if not x:\n        print(x + 1)\n"),
			"plan.py:9:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"after an if on its truth", mainOf("    x: int | None = None\n    if x:\n        print(x)\n    print(x + 1)\n"),
			"plan.py:10:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"an assert that does not prove it", mainOf("    x: int | None = None\n    assert x is None or len(\"a\") > 0\n    print(x + 1)\n"),
			"plan.py:9:11: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"or does not narrow its true branch", mainOf("    x: int | None = 1\n    if x is not None or 1 > 0:\n        print(x + 1)\n"),
			"plan.py:9:15: operator + on int | None and int is not supported", ir.TypeMismatch},
		{"row field does not narrow", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    for r in db_query(\"users\"):\n        if r.nickname is not None:\n            print(r.nickname.upper())\n",
			"plan.py:7:19: method .upper() of str | None is not supported", ir.Unsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(tc.src), testCfg)
			if err == nil {
				t.Fatalf("compiled; want %s\nsource:\n%s", tc.want, tc.src)
			}
			diagtest.Want(t, err, tc.code, tc.want)
		})
	}
}
