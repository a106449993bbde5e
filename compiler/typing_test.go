package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestPartialTypes checks mypy's partial types: an unannotated empty
// display takes its type from the first statement of its function that
// fixes it.
func TestPartialTypes(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"dict by item assignment in a loop", "    words = {}\n    for w in \"a b a\".split(\" \"):\n        words[w] = len(w)\n    print(words)\n",
			[]string{"local words dict[str, int]", "words = {}"}},
		{"list by append", "    xs = []\n    xs.append(1.5)\n    print(xs)\n",
			[]string{"local xs list[float]", "xs = []", "list.append(xs, 1.5)"}},
		{"list() by append in a branch", "    xs = list()\n    if len(\"ab\") > 1:\n        xs.append(\"a\")\n    print(xs)\n",
			[]string{"local xs list[str]"}},
		{"list by extend", "    xs = []\n    xs.extend([(1, \"a\")])\n    print(xs)\n",
			[]string{"local xs list[tuple[int, str]]"}},
		{"set by add", "    s = set()\n    s.add(\"a\")\n    print(len(s))\n",
			[]string{"local s set[str]"}},
		{"set by discard", "    s = set()\n    s.discard(1)\n    print(len(s))\n",
			[]string{"local s set[int]"}},
		{"dict by update", "    d = dict()\n    d.update({\"a\": [1]})\n    print(d)\n",
			[]string{"local d dict[str, list[int]]"}},
		{"read after the fixing statement", "    d = {}\n    d[\"a\"] = 1\n    d[\"b\"] = d[\"a\"] + 1\n    print(d.get(\"b\", 0))\n",
			[]string{"local d dict[str, int]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in\n%s", w, out)
				}
			}
		})
	}
}

// TestPartialTypeRefusals checks that the partial types mypy cannot fix
// are refused, located, with a hint.
func TestPartialTypeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
		code             ir.Code
	}{
		{"no fixing use", "    xs = []\n    print(len(\"a\"))\n",
			"plan.py:7:10: cannot infer the type of an empty list; annotate it", ir.TypeMismatch},
		{"read before the fixing use", "    xs = []\n    print(len(xs))\n    xs.append(1)\n",
			"plan.py:8:15: cannot infer the type of xs (assigned [] at line 7): it is used here, before a statement of its function fixes its type", ir.TypeMismatch},
		{"read in the fixing statement", "    words = {}\n    for w in \"a b\".split(\" \"):\n        words[w] = words.get(w, 0) + 1\n",
			"plan.py:9:20: cannot infer the type of words (assigned {} at line 7): it is used here", ir.TypeMismatch},
		{"list item assignment does not fix", "    xs = []\n    xs[0] = 1\n",
			"plan.py:8:5: cannot infer the type of xs (assigned [] at line 7): it is used here", ir.TypeMismatch},
		{"fixed in a comprehension", "    xs = []\n    ys = [xs.append(i) for i in range(3)]\n",
			"plan.py:8:11: cannot infer the type of xs (assigned [] at line 7): it is used here", ir.TypeMismatch},
		{"fixed in a nested def", "    xs = []\n    def add() -> None:\n        xs.append(1)\n    add()\n",
			"plan.py:9:9: cannot infer the type of xs (assigned [] at line 7): it is used in a nested function, which cannot fix its type", ir.TypeMismatch},
		{"assigned again before fixed", "    xs = []\n    xs = [1]\n",
			"plan.py:8:5: cannot infer the type of xs (assigned [] at line 7): it is assigned again before a statement fixes its type", ir.TypeMismatch},
		{"fixed by None", "    xs = []\n    xs.append(None)\n",
			"plan.py:8:5: cannot infer the type of xs from None (as mypy); annotate it", ir.TypeMismatch},
		{"extend with a str", "    xs = []\n    xs.extend(\"ab\")\n",
			"plan.py:8:5: cannot infer the type of xs (assigned [] at line 7): it is used here", ir.TypeMismatch},
		{"unhashable set element", "    s = set()\n    s.add([1])\n",
			"plan.py:8:5: set element of type list[int] is not hashable", ir.TypeMismatch},
		{"set.update fixes, then is outside the subset", "    s = set()\n    s.update([1, 2])\n",
			"plan.py:8:5: method .update() of set[int] is not supported", ir.Unsupported},
		{"empty value", "    d = {}\n    d[\"a\"] = []\n",
			"plan.py:8:14: cannot infer the type of an empty list; annotate it", ir.TypeMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
			diagtest.Want(t, err, tc.code, tc.want)
		})
	}
}

// TestConditionalEmptyArm checks that an empty display in the first arm of
// a conditional expression takes the other arm's type, as mypy types it.
func TestConditionalEmptyArm(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"    xs = [1, 2]\n    ys = [] if len(xs) > 1 else xs\n", "local ys list[int]"},
		{"    d = {} if len(\"a\") > 1 else {\"a\": 0.5}\n", "local d dict[str, float]"},
		{"    s = set() if len(\"a\") > 1 else {\"a\"}\n", "local s set[str]"},
		{"    xs = list() if len(\"a\") > 1 else [(1, \"a\")]\n", "local xs list[tuple[int, str]]"},
	} {
		out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
		if !strings.Contains(out, tc.want) {
			t.Errorf("missing %q in\n%s", tc.want, out)
		}
	}
	// Both arms empty: nothing gives a type, as for mypy.
	_, err := Compile("plan.py", []byte(mainOf("    xs = [] if len(\"a\") > 1 else []\n")), testCfg)
	diagtest.Want(t, err, ir.TypeMismatch, "plan.py:7:34: cannot infer the type of an empty list")
}

// TestFloatPromotion checks that an int constant assigned to a float local
// is accepted, as the float it behaves as, exactly when no read of the
// local could tell the int CPython holds from a float.
func TestFloatPromotion(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"    x: float = 1\n    print(x * 0.5, x < 2, 3 == x, x / 2.0, 0.5 - x)\n", "x = 1.0"},
		{"    x = 0.5\n    x = -2\n    print(x > 1, x ** 2.0, x // 0.5, x % 1.5)\n", "x = -2.0"},
		{"    x: float = 0\n    def g(y: float) -> bool:\n        return x + y > 1\n    print(g(0.5))\n", "x = 0.0"},
	} {
		out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
		if !strings.Contains(out, tc.want) {
			t.Errorf("missing %q in\n%s", tc.want, out)
		}
	}
}

// TestFloatPromotionRefusals checks that the promotion is refused where
// the int-ness could show (CPython would print 1, the engines 1.0).
func TestFloatPromotionRefusals(t *testing.T) {
	const why = "; it is accepted only where the value flows into arithmetic with a float or a comparison, and line "
	for _, tc := range []struct{ body, want string }{
		{"    x: float = 1\n    print(x)\n", "plan.py:7:16: x is float but assigned the int 1" + types.PromotionHint(ir.Int, ir.Float) + why + "8:11 reads x otherwise"},
		{"    x: float = 1\n    x = x + 0.5\n    print(x)\n", why + "9:11 reads x otherwise"},
		{"    x = 0.5\n    x = 2\n    print(x + 1)\n", "plan.py:8:5: x is float but assigned the int 2"},
		{"    x: float = 1\n    y: float = 2\n    print(x * y > 1)\n", "plan.py:7:16: x is float but assigned the int 1"},
		{"    x: float = 1\n    print(-x * 1.0)\n", why + "8:12 reads x otherwise"},
		{"    x: float = 1\n    print(f\"{x}\")\n", why + "8:14 reads x otherwise"},
		{"    x: float = 1\n    y = x\n", why + "8:9 reads x otherwise"},
		{"    x: float = 1\n    xs = [x]\n", why + "8:11 reads x otherwise"},
		{"    x: float = 1\n    print(max(x, 0.5))\n", why + "8:15 reads x otherwise"},
		{"    x: float = 1\n    def g() -> float:\n        return x\n    print(g() < 1)\n", why + "9:16 reads x otherwise"},
		{"    x: float = 1\n    print(sorted([\"b\", \"a\"], key=lambda v: str(x) + v))\n", why + "8:48 reads x otherwise"},
		{"    total: float = 0\n    for p in [0.5, 1.5]:\n        total += p\n    print(total)\n", why + "10:11 reads total otherwise"},
		{"    x: float = 9007199254740993\n    print(x > 1)\n", "plan.py:7:16: x is annotated float but assigned int"},
		{"    x: float | None = 1\n", "plan.py:7:23: x is annotated float | None but assigned int"},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, ir.TypeMismatch, tc.want)
	}
}

// TestMinMaxPromotion checks min and max of floats and int constants
// (max(0.5, 1), float to mypy): accepted, with the ints lowered as floats,
// exactly when no use of the result could tell the int CPython may
// return from a float.
func TestMinMaxPromotion(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"    print(max(0.5, 1) * 2.0, min(2, 0.5) + 1.5)\n", "max(0.5, 1.0)"},
		{"    print(3 > max(0.5, -1, 2.5), min(0.5, 7) == 1)\n", "max(0.5, -1.0, 2.5)"},
		{"    m = max(0.5, 1)\n    print(m < 3, m * 1.5)\n", "m = max(0.5, 1.0)"},
		{"    m: float = min(1, 2.5)\n    print(m ** 2.0)\n", "m = min(1.0, 2.5)"},
		{"    x = 0.5\n    x += max(x, 1)\n    print(x)\n", "max(x, 1.0)"},
		// A conditional expression with an int constant arm beside a float
		// one is promoted the same way.
		{"    c = len(\"ab\") > 1\n    print((1 if c else 2.5) * 2.0, 3 < (0.5 if c else -2))\n", "(1.0 if c else 2.5)"},
		{"    c = len(\"ab\") > 1\n    y = 1 if c else 2.5\n    print(y > 0)\n", "y = (1.0 if c else 2.5)"},
	} {
		out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
		if !strings.Contains(out, tc.want) {
			t.Errorf("missing %q in\n%s", tc.want, out)
		}
	}
	const why = "; it is accepted only where the result flows into arithmetic with a float or a comparison, or into a float local that does, and line "
	const local = "; it is accepted only where the value flows into arithmetic with a float or a comparison, and line "
	for _, tc := range []struct{ body, want string }{
		{"    print(max(0.5, 1))\n", "plan.py:7:20: max() may return the int 1 here" + types.PromotionHint(ir.Int, ir.Float) + why + "7:11 uses it otherwise"},
		{"    print(min(3, 0.5) + 1)\n", why + "7:11 uses it otherwise"},
		{"    s = str(max(0.5, 1))\n", why + "7:13 uses it otherwise"},
		{"    xs = [max(0.5, 1)]\n", why + "7:11 uses it otherwise"},
		{"    print(max(max(0.5, 1), 2.0) * 1.0)\n", "plan.py:7:24: max() may return the int 1 here"},
		{"    m = max(0.5, 1)\n    print(m)\n", "plan.py:7:18: m is float but may be assigned the int 1 by max()" + types.PromotionHint(ir.Int, ir.Float) + local + "8:11 reads m otherwise"},
		{"    m = max(0.5, 1)\n    n = m\n", local + "8:9 reads m otherwise"},
		{"    m = max(0.5, 1)\n    send_email(f\"{m}@x\", \"hi\")\n", local + "8:19 reads m otherwise"},
		{"    print(max(0.5, 1, key=lambda v: v) * 1.0)\n", "plan.py:7:20: arguments of max() must have one type, got float and int"},
		{"    n = 1\n    print(max(0.5, n) * 1.0)\n", "plan.py:8:20: arguments of max() must have one type, got float and int"},
		{"    print(max(0.5, True) * 1.0)\n", "plan.py:7:20: arguments of max() must have one type, got float and bool"},
		{"    print(max(0.5, 9007199254740993) * 1.0)\n", "plan.py:7:20: arguments of max() must have one type, got float and int"},
		{"    print(1 if len(\"a\") > 0 else 2.0)\n", "plan.py:7:11: the conditional expression may be the int 1 here"},
		{"    y = 1 if len(\"a\") > 0 else 2.0\n    z = str(y)\n", "plan.py:7:9: y is float but may be assigned the int 1 by the conditional expression"},
		{"    print((True if len(\"a\") > 0 else 2.0) * 1.0)\n", "conditional expression arms must have one type, got bool and float"},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, ir.TypeMismatch, tc.want)
	}
}

// TestReturnPromotion checks an int constant returned by a float function
// (`return 1` under `-> float`, as mypy accepts it): accepted, as a float,
// exactly when no call of the function could show the int CPython
// returns.
func TestReturnPromotion(t *testing.T) {
	const half = "\n\ndef half(n: int) -> float:\n    if n > 2:\n        return 1\n    return n / 2\n"
	for _, tc := range []struct{ body, want string }{
		{"    print(half(3) * 2.0, half(1) < 1, 0.5 - half(4))\n" + half, "return 1.0"},
		{"    y = half(3)\n    print(y < 2, y ** 2.0)\n" + half, "return 1.0"},
		{"    def inner() -> float:\n        return -2\n    print(inner() / 4.0)\n", "return -2.0"},
	} {
		out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
		if !strings.Contains(out, tc.want) {
			t.Errorf("missing %q in\n%s", tc.want, out)
		}
	}
	const why = "; it is accepted only where every call flows into arithmetic with a float or a comparison, or into a float local that does, and line "
	refused := "plan.py:12:16: half returns float, but CPython returns the int 1 here" + types.PromotionHint(ir.Int, ir.Float) + why
	for _, tc := range []struct{ body, want string }{
		{"    print(half(3))\n" + half, refused + "7:11 uses its result otherwise"},
		{"    print(half(3) * 2.0, half(3))\n" + half, refused + "7:26 uses its result otherwise"},
		{"    print(half(3) + 1)\n" + half, refused + "7:11 uses its result otherwise"},
		{"    print(f\"{half(3)}\")\n" + half, refused + "7:14 uses its result otherwise"},
		{"    print(sorted([1, 3], key=lambda v: half(v)))\n" + half, refused + "7:40 uses its result otherwise"},
		{"    y = half(3)\n    print(y)\n" + half, "plan.py:13:16: half returns float, but CPython returns the int 1 here" + types.PromotionHint(ir.Int, ir.Float) + why + "8:11 reads y, assigned its result, otherwise"},
		{"    y: float = half(3)\n    z = y\n" + half, why + "8:9 reads y, assigned its result, otherwise"},
		{"    print(twice() * 1.0)\n\n\ndef twice() -> float:\n    return 2 * half(3)\n" + half, why + "11:16 uses its result otherwise"},
		{"    print(half(3) * 1.0)\n\n\n@clauz3.ensures(lambda result: result > 0)\ndef half(n: int) -> float:\n    return 1\n", "plan.py:12:12: half returns float, not int"},
		{"    def inner() -> float:\n        return 1\n    print(inner())\n", "plan.py:8:16: inner returns float, but CPython returns the int 1 here"},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, ir.TypeMismatch, tc.want)
	}
	// The target's result is read by whoever runs the plan.
	_, err := Compile("plan.py", []byte(head+"\n\ndef main() -> float:\n    return 1\n"), testCfg)
	diagtest.Want(t, err, ir.TypeMismatch, "plan.py:7:12: main returns float, not int")
}

// TestPartialNone checks mypy's partial None: a local first assigned
// None without an annotation is T | None when a later assignment in its
// function gives it a T, from its first assignment on, whether or not
// something read it before (then the compiler needs a second round:
// compileRounds); two types, or an explicit None annotation, are refused.
func TestPartialNone(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"    x = None\n    if len(\"ab\") > 1:\n        x = 3\n    print(x)\n", "local x int | None"},
		{"    x = None\n    for i in range(3):\n        x = i\n    if x is not None:\n        print(x + 1)\n", "local x int | None"},
		{"    x = None\n    for y in [\"a\", \"b\"]:\n        x = y\n    print(x)\n", "local x str | None"},
		{"    x = None\n    x = None\n    x = [1]\n    print(x)\n", "local x list[int] | None"},
		// Read while still None, then fixed.
		{"    x = None\n    print(x)\n    x = 3\n", "local x int | None"},
		{"    x = None\n    y = [x]\n    x = 3\n", "local y list[int | None]"},
		{"    x = None\n    def f() -> None:\n        print(x)\n    x = 2\n    f()\n", "local x int | None"},
		{"    x = None\n    for i in range(3):\n        if x is None:\n            x = i\n", "local x int | None"},
		{"    a = None\n    b = None\n    print(a, b)\n    a = 1\n    b = \"s\"\n", "local b str | None"},
		// The second round learns b, which the first could not reach.
		{"    a = None\n    print(a)\n    a = 1\n    b = None\n    print(b)\n    b = [a]\n", "local b list[int] | None"},
		// The first round learns list[None] for b (a is None there),
		// the second list[int | None], the third settles.
		{"    a = None\n    print(a)\n    if len(\"ab\") > 1:\n        a = 1\n    b = None\n    print(b)\n    b = [a]\n", "local b list[int | None] | None"},
	} {
		out := ir.Sprint(compileOK(t, mainOf(tc.body), testCfg))
		if !strings.Contains(out, tc.want) {
			t.Errorf("missing %q in\n%s", tc.want, out)
		}
	}
	for _, tc := range []struct{ body, want string }{
		{"    x = None\n    x = 1\n    x = \"a\"\n", "plan.py:9:5: x was int | None, cannot assign str"},
		{"    x = None\n    print(x)\n    x = 1\n    x = \"a\"\n", "plan.py:10:5: x was int | None, cannot assign str"},
		{"    x = None\n    print(x + 1)\n    x = 3\n", "plan.py:8:11: operator + on int | None and int is not supported"},
		{"    x: None = None\n    x = 3\n", "plan.py:8:5: x was None, cannot assign int (annotate it where it is first assigned, e.g. x: int | None = None)"},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, ir.TypeMismatch, tc.want)
	}
}

// TestMixedListText checks that a list display mixing types is accepted
// where only its text is used (print, str, repr, an f-string field), as
// mypy accepts a list[object] there, and refused where CPython would fail
// or the text depends on set order.
func TestMixedListText(t *testing.T) {
	prog := compileOK(t, mainOf("    n = 3\n    print(f\"{[1, 'a']} {[n, 'b']!r}\", str([n, None]), repr([n, 0.5]), [n, [n]])\n"), testCfg)
	out := ir.Sprint(prog)
	for _, w := range []string{"'[' + repr(1)", "repr('a')", "repr(None)", "repr(0.5)"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
	for _, tc := range []struct {
		body, want string
		code       ir.Code
	}{
		{"    print(f\"{[1, 'a']:>20}\")\n", "plan.py:7:14: format spec on a list is not supported", ir.Unsupported},
		{"    print(f\"{[1, 'a']!a}\")\n", "plan.py:7:14: conversion !a is not supported", ir.Unsupported},
		{"    print([1, {2}])\n", "plan.py:7:15: a list display holding a set[int] is not supported where its text is used", ir.Unsupported},
		{"    xs = [1, \"a\"]\n", "plan.py:7:14: list elements must have one type, got int and str (mypy joins them to object, which is not a plan type)", ir.TypeMismatch},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, tc.code, tc.want)
	}
}

// TestPartialTypeIn checks that `v in x` and `v not in x` may read a
// partial x before its type is fixed, as mypy allows (the word-count
// idiom with `if w not in counts: counts[w] = 0`), and that v's type is
// checked once the type is fixed.
func TestPartialTypeIn(t *testing.T) {
	out := ir.Sprint(compileOK(t, mainOf("    counts = {}\n    for w in \"a b a\".split():\n        if w not in counts:\n            counts[w] = 0\n        counts[w] += 1\n    print(counts)\n"), testCfg))
	for _, w := range []string{"local counts dict[str, int]", "if (w not in counts):"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
	for _, tc := range []struct {
		body, want string
		code       ir.Code
	}{
		{"    xs = []\n    if 1 in xs:\n        print(1)\n    xs.append(\"a\")\n", "plan.py:8:8: membership test int in list[str] is not supported", ir.Unsupported},
		{"    xs = []\n    if 1 in xs:\n        print(1)\n", "plan.py:7:10: cannot infer the type of an empty list", ir.TypeMismatch},
		{"    d = {}\n    if \"a\" in d:\n        d[\"a\"] += 1\n    d[\"a\"] = 1\n", "plan.py:9:9: cannot infer the type of d (assigned {} at line 7): it is used here", ir.TypeMismatch},
		{"    d = {}\n    if \"a\" in d or len(d) > 0:\n        print(1)\n    d[\"a\"] = 1\n", "plan.py:8:24: cannot infer the type of d (assigned {} at line 7): it is used here", ir.TypeMismatch},
	} {
		_, err := Compile("plan.py", []byte(mainOf(tc.body)), testCfg)
		diagtest.Want(t, err, tc.code, tc.want)
	}
}

// TestFloatArgPromotion checks the same rule for an int constant passed
// to (or the default of) a float parameter of a plan function: accepted
// when the function reads the parameter only in arithmetic with a float
// or numeric comparisons, refused otherwise.
func TestFloatArgPromotion(t *testing.T) {
	const fns = "def over(limit: float, price: float = 0) -> bool:\n    return price * 1.0 > limit\n\n"
	out := ir.Sprint(compileOK(t, strings.Replace(mainOf("    print(over(100, 0.5), over(limit=2, price=3), over(0.5))\n"), "def main", fns+"def main", 1), testCfg))
	for _, w := range []string{"over(100.0, 0.5)", "over(2.0, 3.0)", "over(0.5, 0.0)"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
	const why = "; it is accepted only where the value flows into arithmetic with a float or a comparison, and line "
	for _, tc := range []struct{ fns, body, want string }{
		{"def f(a: float) -> None:\n    print(a)\n\n", "    f(1)\n", "plan.py:10:7: a is float but assigned the int 1" + types.PromotionHint(ir.Int, ir.Float) + why + "7:11 reads a otherwise"},
		{"def f(a: float = 2) -> float:\n    return a\n\n", "    print(f(0.5) > 1)\n", "plan.py:6:18: a is float but assigned the int 2"},
		{"def f(a: float) -> float:\n    def g() -> float:\n        return a + 1\n    return g() * 1.0\n\n", "    print(f(3) > 1)\n", why + "8:16 reads a otherwise"},
		{"def f(a: float) -> bool:\n    return a * a > 1\n\n", "    print(f(3))\n", why + "7:12 reads a otherwise"},
		{"@clauz3.requires(lambda a: a + 1 > 1)\ndef f(a: float) -> bool:\n    return a > 0.5\n\n", "    print(f(3))\n", why + "6:28 reads a otherwise"},
	} {
		src := strings.Replace(mainOf(tc.body), "def main", tc.fns+"def main", 1)
		_, err := Compile("plan.py", []byte(src), testCfg)
		diagtest.Want(t, err, ir.TypeMismatch, tc.want)
	}
}

// TestNoneRoundsBounded: the compile rounds that learn the types of
// partial None locals stop after maxNoneRounds, and a plan whose types
// would need more is refused (the last round's located error), never
// compiled on a guess. Each a_k here is fixed from a_(k-1), read
// before, so each round learns one more.
func TestNoneRoundsBounded(t *testing.T) {
	chain := func(n int) string {
		b := "    a0 = None\n    print(a0)\n    if len(\"ab\") > 1:\n        a0 = 1\n"
		for k := 1; k <= n; k++ {
			b += fmt.Sprintf("    a%d = None\n    print(a%d)\n    if len(\"ab\") > 1:\n        a%d = [a%d]\n", k, k, k, k-1)
		}
		return b
	}
	if _, err := Compile("plan.py", []byte(mainOf(chain(3))), testCfg); err != nil {
		t.Fatalf("a chain of 3 needs 4 rounds and compiles: %v", err)
	}
	_, err := Compile("plan.py", []byte(mainOf(chain(maxNoneRounds+1))), testCfg)
	if err == nil {
		t.Fatal("a chain that needs more rounds than maxNoneRounds compiled")
	}
	diagtest.Want(t, err, ir.TypeMismatch, "did not settle in 8 compile rounds: annotate it")
	if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Pos.Line == 0 {
		t.Errorf("want a located TypeMismatch saying the type did not settle, got %v", err)
	}
}
