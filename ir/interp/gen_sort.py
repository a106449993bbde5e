#!/usr/bin/env python3
"""Generates sort_cases_test.go: random lists (NaN included) with
CPython's sorted() results, for TestTimsortMatchesCPython.

    python3 gen_sort.py > sort_cases_test.go && gofmt -w sort_cases_test.go
"""
import math
import random

random.seed(11)
print("// Code generated once with CPython 3.11.7 for TestTimsortMatchesCPython (gen_sort.py); DO NOT EDIT.\n")
print("package interp\n")
print("import \"math\"\n")
print("var _ = math.NaN\n")
print("// sortCases: input floats (NaN allowed), stable-key ints with their keys,\n// reverse flag, and CPython's sorted() output as repr.")
print("var sortCases = []struct {\n\tkeys    []Value\n\treverse bool\n\twant    string\n}{")


def lit(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "math.NaN()"
        return "float64(%r)" % v
    return "int64(%d)" % v


cases = []
for n in [0, 1, 2, 3, 5, 10, 31, 63, 64, 65, 100, 127, 200, 257, 600]:
    for kind in ["float", "nan", "dup", "runs"]:
        for rev in [False, True]:
            if kind == "float":
                xs = [round(random.uniform(-100, 100), 2) for _ in range(n)]
            elif kind == "nan":
                xs = [float('nan') if random.random() < 0.15 else float(random.randint(0, 50)) for _ in range(n)]
            elif kind == "dup":
                xs = [random.randint(0, 5) for _ in range(n)]
            else:
                xs = []
                while len(xs) < n:
                    run = sorted(random.randint(0, 1000) for _ in range(random.randint(1, 40)))
                    if random.random() < 0.5:
                        run.reverse()
                    xs += run
                xs = xs[:n]
            cases.append((xs, rev, repr(sorted(xs, reverse=rev))))
for xs, rev, want in cases:
    print("\t{[]Value{%s}, %s, %s}," % (", ".join(lit(x) for x in xs), "true" if rev else "false", '"' + want.replace('\\', '\\\\').replace('"', '\\"') + '"'))
print("}")
print("\n// stableCases: keys and CPython's order of the element indices after\n// sorted(range(n), key=keys.__getitem__, reverse=...).")
print("var stableCases = []struct {\n\tkeys    []Value\n\treverse bool\n\twant    string\n}{")
for n in [7, 50, 64, 130, 400]:
    for rev in [False, True]:
        keys = [random.choice([random.randint(0, 9), float('nan') if random.random() < 0.05 else float(random.randint(0, 9))]) for _ in range(n)]
        idx = sorted(range(n), key=keys.__getitem__, reverse=rev)
        print("\t{[]Value{%s}, %s, %s}," % (", ".join(lit(x) for x in keys), "true" if rev else "false", '"' + repr(idx) + '"'))
print("}")
