#!/usr/bin/env python3
"""Fills in the CPython expectations of the table-driven tests.

Each semantic case in *_test.go carries the Python body of main as a raw
string (py: `...`, or the second argument of pe/pl/ps) followed by its
expectation (want: "..." or .w("...")). This script runs every body under
the CPython running it (3.11 is the reference), captures stdout, appends
"!! " and the last traceback line when main raises, and rewrites the
expectation literals in place:

    python3 gen_expect.py semantics_test.go

Review the diff: a changed expectation is a behaviour the interpreter
must now match.
"""
import contextlib
import io
import json
import re
import sys
import traceback

PY = re.compile(r'(?:py: |\bp[els]\("[^"]*", )(`[^`]*`)')
WANT = re.compile(r'(?:\.w\(\s*|want: )("(?:[^"\\]|\\.)*")')


def run(body):
    src = "def main():\n" + "".join("    " + line + "\n" for line in body.split("\n"))
    out = io.StringIO()
    ns = {}
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(src, "plan.py", "exec"), ns)
            ns["main"]()
    except Exception as e:  # noqa: BLE001 - any exception ends the plan
        last = traceback.format_exception_only(type(e), e)[-1].strip()
        return out.getvalue() + "!! " + last
    return out.getvalue()


def main(path):
    text = open(path, encoding="utf-8").read()
    marks = [(m.start(1), m.end(1), "py", m.group(1)) for m in PY.finditer(text)]
    marks += [(m.start(1), m.end(1), "want", m.group(1)) for m in WANT.finditer(text)]
    marks.sort()
    out, pos, body = [], 0, None
    for start, end, kind, lit in marks:
        if kind == "py":
            if body is not None:
                sys.exit("py literal at %d has no want" % start)
            body = lit[1:-1]
            continue
        if body is None:
            continue  # a want without a py literal: not a generated case
        out.append(text[pos:start])
        out.append(json.dumps(run(body), ensure_ascii=False))
        pos, body = end, None
    out.append(text[pos:])
    open(path, "w", encoding="utf-8").write("".join(out))


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
