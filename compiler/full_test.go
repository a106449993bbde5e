package compiler

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// acceptance is a plan of the whole language and lines (trimmed) that its
// printed IR must contain. Plans whose main takes no parameter and that
// import nothing but clauz3 also run under CPython (TestAcceptedRunInCPython)
// when python3 is installed.
type acceptance struct {
	name string
	src  string
	want []string
}

const clauz3Head = "import clauz3\n\n\n"

var accepted = []acceptance{
	{"tuple unpacking", clauz3Head + `def main() -> None:
    t = (1, "a")
    a, b = t
    x, y = [a, a + 1]
    (p, q), r = (1, 2), 3
    first = second = [0]
    b2, a2 = a, b
    print(a, b, x, y, p, q, r, first == second, b2, a2)
`, []string{
		"_t1 = t", "a = _t1[0]", "b = _t1[1]",
		"_t2 = [a, (a + 1)]",
		"if (len(_t2) < 2):",
		`raise ValueError(f"not enough values to unpack (expected 2, got {len(_t2)})")`,
		"if (len(_t2) > 2):",
		"raise ValueError('too many values to unpack (expected 2)')",
		"x = _t2[0]", "y = _t2[1]",
		"_t3 = ((1, 2), 3)", "p = _t3[0][0]", "q = _t3[0][1]", "r = _t3[1]",
		"_t4 = [0]", "first = _t4", "second = _t4",
		"_t5 = (a, b)", "b2 = _t5[0]", "a2 = _t5[1]",
	}},
	{"unpacking into subscripts copies first", clauz3Head + `def main() -> None:
    xs = [1, 2, 3]
    xs[0], xs[1] = xs[1], xs[0]
    i = 0
    xs[i], i = 9, 2
    print(xs, i)
`, []string{
		"_t1 = (xs[1], xs[0])", "_t2 = _t1[0]", "_t3 = _t1[1]", "xs[0] = _t2", "xs[1] = _t3",
		"_t4 = (9, 2)", "_t5 = _t4[0]", "_t6 = _t4[1]", "xs[i] = _t5", "i = _t6",
	}},
	{"for targets", clauz3Head + `def main() -> None:
    for i, c in enumerate("xy", 1):
        print(i, c)
    for k, v in {"a": 1}.items():
        print(k, v)
    for u, w in zip([1, 2], "ab"):
        print(u, w)
    for (m, n), o in [((1, 2), 3)]:
        print(m, n, o)
    for p, q in [[1, 2]]:
        print(p + q)
`, []string{
		"for _t1 in enumerate('xy', 1):", "i = _t1[0]", "c = _t1[1]",
		"for _t2 in dict.items({'a': 1}):",
		"for _t3 in zip([1, 2], 'ab'):",
		"for _t4 in [((1, 2), 3)]:", "m = _t4[0][0]", "n = _t4[0][1]", "o = _t4[1]",
		"for _t5 in [[1, 2]]:", "if (len(_t5) < 2):", "p = _t5[0]",
	}},
	{"item assignment and augmented assignment", clauz3Head + `def g() -> int:
    return 0


def main() -> None:
    xs = [1, 2, 3]
    xs[0] = 9
    xs[-1] += 1
    xs += (4, 5)
    d: dict[str, list[int]] = {"k": []}
    d["k"] += [1]
    d["k"][0] *= 3
    counts: dict[str, int] = {}
    counts["a"] = 0
    counts["a"] += 1
    xs[g()] = g()
    xs[g()] -= 1
    s = "a"
    s *= 3
    f = 1.0
    f /= 4
    n = 2
    n **= 3
    print(xs, d, counts, s, f, n)
`, []string{
		"xs[0] = 9",
		"xs[-1] = (xs[-1] + 1)",
		"list.extend(xs, (4, 5))",
		"_t1 = d['k']", "list.extend(_t1, [1])", "d['k'] = _t1",
		"_t2 = d['k']", "_t2[0] = (_t2[0] * 3)",
		"counts['a'] = (counts['a'] + 1)",
		"_t3 = g()", "xs[g()] = _t3",
		"_t4 = g()", "xs[_t4] = (xs[_t4] - 1)",
		"s = (s * 3)", "f = (f / 4)", "n = (n ** 3)",
	}},
	{"comprehensions", clauz3Head + `def main() -> None:
    x = 10
    ys = [x for x in range(3)]
    zs = [x for x in [x, x + 1]]
    grid = [[r * c for c in range(3)] for r in range(2)]
    flat = [v for row in grid for v in row if v > 0 if v < 5]
    sq = {k: v * v for k, v in {"a": 2}.items()}
    odd = {n % 2 for n in flat}
    pairs = [(i, s) for i, s in enumerate("ab")]
    print(x, ys, zs, grid, flat, sq, sorted(odd), pairs)
`, []string{
		"local x int", "local x_1 int", "local x_2 int",
		"ys = [x_1 for x_1 in range(0, 3, 1)]",
		"zs = [x_2 for x_2 in [x, (x + 1)]]",
		"grid = [[(r * c) for c in range(0, 3, 1)] for r in range(0, 2, 1)]",
		"flat = [v for row in grid for v in row if (v > 0) if (v < 5)]",
		"sq = {_t1[0]: (_t1[1] * _t1[1]) for _t1 in dict.items({'a': 2})}",
		"odd = {(n % 2) for n in flat}",
		"pairs = [(_t2[0], _t2[1]) for _t2 in enumerate('ab')]",
	}},
	{"conditional expressions and slicing", clauz3Head + `def pick(xs: list[int], i: int) -> int:
    return xs[i] if 0 <= i < len(xs) else -1


def main() -> None:
    xs = [1, 2, 3, 4]
    s = "hello"
    t = (1, "a", 2.5)
    maybe = xs[0] if xs else None
    print(pick(xs, 1), xs[1:], xs[:-1], xs[::2], xs[1:3:1], s[1:3], s[::-1], s[-1], t[0], t[-1], t[1], maybe)
    print({"a": 1}["a"], xs[None:2])
`, []string{
		"return (xs[i] if (0 <= i < len(xs)) else -1)",
		"maybe = (xs[0] if xs else None)",
		"local maybe int | None",
		"print(pick(xs, 1), xs[1:], xs[:-1], xs[::2], xs[1:3:1], s[1:3], s[::-1], s[-1], t[0], t[-1], t[1], maybe)",
		"print({'a': 1}['a'], xs[:2])",
	}},
	{"loops: break, continue, ranges, strings, dicts, calls", clauz3Head + `def evens(n: int) -> list[int]:
    return [i for i in range(n) if i % 2 == 0]


def main() -> None:
    n = 5
    for i in range(n):
        if i == 1:
            continue
        if i == 3:
            break
        print(i)
    for j in range(n, 0, -1):
        print(j)
    for j in range(1, n * 2):
        print(j)
    for c in "ab":
        print(c)
    d = {"x": 1, "y": 2}
    for k in d:
        print(k, d[k])
    for v in d.values():
        print(v)
    for k in d.keys():
        print(k)
    for e in evens(6):
        print(e)
    for r in reversed([1, 2]):
        print(r)
    for name in sorted(d, reverse=True):
        print(name)
`, []string{
		"for i in range(0, n, 1):", "continue", "break",
		"for j in range(n, 0, -1):", "for j in range(1, (n * 2), 1):",
		"for c in 'ab':", "for k in d:", "for v in dict.values(d):", "for k in dict.keys(d):",
		"for e in evens(6):", "for r in reversed([1, 2]):", "for name in sorted(d, reverse=True):",
	}},
	{"assert and raise", clauz3Head + `def main() -> None:
    n = 3
    assert n > 0
    assert n < 10, f"n is {n}"
    if n > 5:
        raise ValueError(f"too big: {n}")
    if n > 6:
        raise RuntimeError
    if n > 7:
        raise KeyError()
    if n > 8:
        raise ZeroDivisionError("zero")
    for e in ["IndexError", "TypeError", "AssertionError", "Exception"]:
        print(e)
`, []string{
		"assert (n > 0)", `assert (n < 10), f"n is {n}"`,
		`raise ValueError(f"too big: {n}")`, "raise RuntimeError", "raise KeyError", "raise ZeroDivisionError('zero')",
	}},
	{"floats and powers", clauz3Head + `RATE = 0.5


def main() -> None:
    x = 7 / 2
    y = 7 // 2
    z = -7.5 // 2
    w = 2 ** 10
    v = 2.0 ** -1
    u = 9 ** 0.5
    t = x ** 2
    m = 1 + 2.5
    b = True + 1
    c = 3 * RATE
    print(x, y, z, w, v, u, t, m, b, c, float(3), int(2.9), round(2.5), round(2.675, 2), abs(-1.5), 1e3, -0.0, 1 < 2.5)
    print(f"{x:.2f} {y:>4} {z:e} {m:%} {x:g} {w:,}")
`, []string{
		"local x float", "local y int", "local z float", "local w int", "local v float", "local u float",
		"local t float", "local m float", "local b int", "local c float",
		"x = (7 / 2)", "w = (2 ** 10)", "t = (x ** 2)", "b = (True + 1)",
		`print(f"{x:.2f} {y:>4} {z:e} {m:%} {x:g} {w:,}")`,
	}},
	{"optional values", clauz3Head + `def find(xs: list[int], v: int) -> int | None:
    for x in xs:
        if x == v:
            return x


def show(v: int | None = None) -> str:
    return str(v)


def main() -> None:
    r = find([1, 2], 2)
    n: int | None = None
    n = 5
    d = {"a": 1}
    got = d.get("b")
    dflt = d.get("b", 0)
    popped = d.pop("z", None)
    print(r is None, r is not None, n == 5, None is n, r, got, dflt, popped, show(), show(3), show(n), f"{r}")
    if got is None:
        print("missing")
    if r:
        print("truthy")
`, []string{
		"func find(xs list[int], v int) int | None  # plan.py:4:1",
		"func show(v int | None) str  # plan.py:10:1",
		"local r int | None", "local n int | None", "local got int | None", "local dflt int", "local popped int | None",
		"return None", "n = None", "n = 5",
		"got = dict.get(d, 'b')", "dflt = dict.get(d, 'b', 0)", "popped = dict.pop(d, 'z', None)",
		"print((r is None), (r is not None), (unwrap(n) == 5), (None is n), r, got, dflt, popped, show(None), show(3), show(n), f\"{r}\")",
		"if (got is None):",
	}},
	{"builtins", clauz3Head + `def main() -> None:
    xs = [3, 1, 2]
    words = ["bob", "Al"]
    print(len(xs), len("héllo"), len({1, 2}), len({"a": 1}.keys()), len(range(3)))
    print(str(), str(1.5), repr("a'b"), int(), int("42"), int(True), float(), float("1.5"), bool(), bool(xs))
    print(abs(-3), abs(True), ord("a"), chr(98), round(2.5), round(7), round(1.25, 1), round(5, -1))
    print(min(xs), max(4, 2, 8), min("bca"), max(words, key=len), min(xs, key=lambda v: -v), max(words, key=str.lower))
    print(sum(xs), sum([0.5, 0.25], 0.0), sum([[1], [2]], []), sum([True, False]), sum(range(4), 10))
    print(sorted(xs), sorted(words, key=str.lower, reverse=True), sorted("cab"), sorted({3, 1}))
    print(list(reversed(xs)), list(enumerate(words)), list(zip(xs, words)), list("ab"), list(range(2)))
    print(dict(zip(words, xs)), dict([("a", 1)]), dict({"b": 2}), tuple((1, "x")), tuple())
    print(set(xs) == {1, 2, 3}, any(x > 2 for x in xs), all([True, False]), any([0]) if False else all([1]))
    e: list[int] = list()
    f: dict[str, int] = dict()
    g: set[str] = set()
    print(e, f, len(g))
    print("a", 1, 2.0, None, True, [1], (1,), {"k": [1]}, sep=", ", end="!\n")
    print()
`, []string{
		"print(len(xs), len('héllo'), len({1, 2}), len(dict.keys({'a': 1})), len(range(0, 3, 1)))",
		"print('', str(1.5), repr(\"a'b\"), 0, int('42'), int(True), 0.0, float('1.5'), False, bool(xs))",
		"print(abs(-3), abs(True), ord('a'), chr(98), round(2.5), round(7), round(1.25, 1), round(5, -1))",
		"print(min(xs), max(4, 2, 8), min('bca'), max(words, key=lambda _k: len(_k)), min(xs, key=lambda v: (-v)), max(words, key=lambda _k_1: str.lower(_k_1)))",
		"print(sum(xs), sum([0.5, 0.25], 0.0), sum([[1], [2]], []), sum([True, False]), sum(range(0, 4, 1), 10))",
		"print(sorted(xs), sorted(words, reverse=True, key=lambda _k_2: str.lower(_k_2)), sorted('cab'), sorted({3, 1}))",
		"print(list(reversed(xs)), list(enumerate(words)), list(zip(xs, words)), list('ab'), list(range(0, 2, 1)))",
		"print(dict(zip(words, xs)), dict([('a', 1)]), dict({'b': 2}), tuple((1, 'x')), ())",
		"print((set(xs) == {1, 2, 3}), any([(x > 2) for x in xs]), all([True, False]), (any([0]) if False else all([1])))",
		"e = []", "f = {}", "g = set()",
		"print('a', 1, 2.0, None, True, [1], (1,), {'k': [1]}, sep=', ', end='!\\n')",
		"print()",
	}},
	{"str methods", clauz3Head + `def main() -> None:
    s = " Hello, World "
    t = s.strip()
    print(s.upper(), s.lower(), t.title(), t.capitalize(), s.strip(" H"), s.lstrip(), s.rstrip(None))
    print(t.split(), t.split(","), t.split(", ", 1), t.split(maxsplit=1), t.split(sep=","), "a\nb".splitlines())
    print(", ".join(["a", "b"]), "-".join(w.lower() for w in ["A", "B"]), "".join("xy"), "+".join({"k": 1}.keys()))
    print(t.replace("l", "L"), t.replace("l", "L", 1), t.startswith("He"), t.endswith(("x", "ld")), t.startswith(()))
    print(t.find("o"), t.count("l"), "12".isdigit(), "ab".isalpha(), " ".isspace(), "7".zfill(3))
`, []string{
		"print(str.upper(s), str.lower(s), str.title(t), str.capitalize(t), str.strip(s, ' H'), str.lstrip(s), str.rstrip(s))",
		"print(str.split(t), str.split(t, ','), str.split(t, ', ', 1), str.split(t, None, 1), str.split(t, ','), str.splitlines('a\\nb'))",
		"print(str.join(', ', ['a', 'b']), str.join('-', [str.lower(w) for w in ['A', 'B']]), str.join('', 'xy'), str.join('+', dict.keys({'k': 1})))",
		"print(str.replace(t, 'l', 'L'), str.replace(t, 'l', 'L', 1), str.startswith(t, 'He'), (str.endswith(t, 'x') or str.endswith(t, 'ld')), False)",
		"print(str.find(t, 'o'), str.count(t, 'l'), str.isdigit('12'), str.isalpha('ab'), str.isspace(' '), str.zfill('7', 3))",
	}},
	{"list, dict and set methods", clauz3Head + `def main() -> None:
    xs = [3, 1]
    xs.append(2)
    xs.extend([5, 4])
    xs.extend(range(2))
    xs.insert(0, 9)
    last = xs.pop()
    first = xs.pop(0)
    xs.remove(5)
    xs.reverse()
    xs.sort()
    xs.sort(key=lambda v: -v, reverse=True)
    ys = xs.copy()
    print(xs, ys, last, first, xs.index(3), xs.count(1))
    d = {"a": 1}
    d.update({"b": 2})
    d2 = d.copy()
    print(d.setdefault("c", 3), d.pop("a"), d.get("b"), d.get("z", 0), d, d2)
    s = {1}
    s.add(2)
    s.discard(3)
    s.remove(1)
    print(sorted(s), 2 in s, s == {2}, any(s), all({0, 1}), bool(s), len(set(s)))
`, []string{
		"list.append(xs, 2)", "list.extend(xs, [5, 4])", "list.extend(xs, range(0, 2, 1))", "list.insert(xs, 0, 9)",
		"last = list.pop(xs)", "first = list.pop(xs, 0)", "list.remove(xs, 5)", "list.reverse(xs)", "list.sort(xs)",
		"list.sort(xs, reverse=True, key=lambda v: (-v))", "ys = list.copy(xs)",
		"dict.update(d, {'b': 2})", "d2 = dict.copy(d)",
		"set.add(s, 2)", "set.discard(s, 3)", "set.remove(s, 1)",
	}},
	{"membership over consumed helpers", clauz3Head + `def main() -> None:
    d = {"a": 1}
    print("a" in d.keys(), 1 in d.values(), ("a", 1) in d.items(), 3 in range(5), (0, "x") in enumerate("x"), 2 in (x for x in [2]))
`, []string{
		"print(('a' in dict.keys(d)), (1 in dict.values(d)), (('a', 1) in dict.items(d)), (3 in range(0, 5, 1)), ((0, 'x') in enumerate('x')), (2 in [x for x in [2]]))",
	}},
	{"key functions", clauz3Head + `def neg(v: int) -> int:
    return -v


def main() -> None:
    off = 3
    xs = [5, 1, 4]
    print(sorted(xs, key=lambda v: abs(v - off)), sorted(xs, key=neg), max(xs, key=abs), min(["a"], key=str), sorted(xs, key=None))
    print(sorted([(1, "b"), (1, "a")], key=lambda p: p[0]), max(1, 2, key=lambda v: -v))
`, []string{
		"print(sorted(xs, key=lambda v: abs((v - off))), sorted(xs, key=lambda _k: neg(_k)), max(xs, key=lambda _k_1: abs(_k_1)), min(['a'], key=lambda _k_2: str(_k_2)), sorted(xs))",
		"print(sorted([(1, 'b'), (1, 'a')], key=lambda p: p[0]), max(1, 2, key=lambda v_1: (-v_1)))",
	}},
	{"shared constants read in place", clauz3Head + `TEAM = ["a", "b"]
LIMITS = {"x": 1}


def total(xs: list[int] = []) -> int:
    return len(xs) + sum(xs)


def main() -> None:
    names = TEAM
    for n in names:
        print(n)
    copy = list(TEAM)
    copy.append("c")
    mine = dict(LIMITS)
    mine["y"] = 2
    print(len(TEAM), TEAM[0], "a" in TEAM, sorted(TEAM), TEAM + ["z"], LIMITS.get("x"), copy, mine, total(), total([1]))
`, []string{
		"names = ['a', 'b']", "copy = list(['a', 'b'])", "mine = dict({'x': 1})",
	}},
	{"rows", `import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, save, lookup
from tools.db.trusted.schemas import UserRow
from tools.mail.trusted.effects import send_email
import tools.db.trusted.schemas as schemas


def best(rows: list[schemas.UserRow]) -> UserRow:
    return max(rows, key=lambda r: r.score)


@clauz3.guarantee(db.at_most_saves(1))
def main() -> None:
    for row in db_query("users", where={"consented": True}):
        send_email(row.email, f"hi {row.id} {row.score:.1f}")
    rows: list[UserRow] = db_query("users")
    if rows:
        save(best(rows), ratio=0.5)
    u = lookup(3)
    print(u is None, [r.email for r in rows if r.nickname is not None], len(rows))
    if len(rows) > 1:
        print(rows[0], rows[0] == rows[1], rows[0] in rows[1:], rows.index(rows[1]), {r: r.id for r in rows}, f"{rows[0]!r}", u == rows[0])
`, []string{
		"effect tools.db.trusted.effects.db_query(table str, where dict[str, bool] = {}) list[UserRow]",
		"effect tools.db.trusted.effects.lookup(id int) UserRow | None",
		"func best(rows list[UserRow]) UserRow  # plan.py:9:1",
		"return max(rows, key=lambda r: r.score)",
		"for row in effect db_query('users', {'consented': True}):",
		`effect send_email(row.email, f"hi {row.id} {row.score:.1f}", [])`,
		"local u UserRow | None",
		"effect save(best(rows), 0.5)",
		"print((u is None), [r.email for r in rows if (r.nickname is not None)], len(rows))",
		"print(rows[0], (rows[0] == rows[1]), (rows[0] in rows[1:]), list.index(rows, rows[1]), {r_1: r_1.id for r_1 in rows}, f\"{rows[0]!r}\", (u == rows[0]))",
	}},
	{"is None chains and typing names", `import clauz3
from typing import Optional, List, Dict
import typing


def f(a: Optional[int], b: List[str], c: Dict[str, int], d: typing.Tuple[int, str], e: typing.Set[int]) -> None:
    print(a is None, b, c, d, len(e))


def main() -> None:
    f(None, [], {}, (1, "a"), {1})
`, []string{
		"func f(a int | None, b list[str], c dict[str, int], d tuple[int, str], e set[int]) None  # plan.py:6:1",
	}},
}

// TestLowerFull lowers one plan per construct of the whole language and
// checks that it verifies and prints as expected.
func TestLowerFull(t *testing.T) {
	for _, tc := range accepted {
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

// TestAcceptedRunInCPython runs the accepted plans that need no trusted
// layer under CPython (with a stub clauz3 module): the front end must not
// accept a plan CPython rejects.
func TestAcceptedRunInCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	stub := "def guarantee(*a, **k):\n    return lambda f: f\n\nclass Row:\n    pass\n"
	if err := os.WriteFile(filepath.Join(dir, "clauz3.py"), []byte(stub), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, tc := range accepted {
		if strings.Contains(tc.src, "from tools") || strings.Contains(tc.src, "import tools") {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			plan := filepath.Join(dir, fmt.Sprintf("plan%d.py", i))
			if err := os.WriteFile(plan, []byte(tc.src+"\nmain()\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(py, plan)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PYTHONPATH="+dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("CPython: %v\n%s", err, out)
			}
		})
	}
}
