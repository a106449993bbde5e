"""Effect recording and contract checks shared by the clauz3 and deal stubs.

A decorated stub function becomes an _Effect. The decorators may come in
any order (they apply bottom-up); each one adds to the same _Effect:

- trusted / deal.has: the function is a trusted effect, so a call records a
  trace line and returns the next simulated result instead of running it;
- requires / deal.pre: a precondition, checked before the call records
  anything (in source order, top to bottom, as ClauZ3 checks them);
- ensures / deal.post: a postcondition, checked on the result.

A failed check raises ContractError("precondition of send_email failed:
<clause>"), where <clause> is the lambda's source as ClauZ3 renders it
(ir.Condition.Source, which is what ast.unparse gives for the lambda).
"""

import ast
import functools
import inspect
import json
import os
import types
import typing


class ContractError(Exception):
    """A failed pre- or postcondition of a trusted effect."""


# The traceback names the class clauz3.ContractError, the module the plan
# sees it in.
ContractError.__module__ = "clauz3"


class Row:
    """Base of row types: class UserRow(clauz3.Row) with annotated fields.

    Rows are immutable records built from keyword arguments (one per
    field), compared and hashed by value.
    """

    def __init__(self, **fields):
        names = _row_fields(type(self))
        missing = [n for n in names if n not in fields]
        extra = [n for n in fields if n not in names]
        if missing or extra:
            raise TypeError(
                f"{type(self).__name__}: missing fields {missing}, unknown fields {extra}"
            )
        for n in names:
            object.__setattr__(self, n, fields[n])

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} rows are immutable")

    def _values(self):
        return tuple(getattr(self, n) for n in _row_fields(type(self)))

    def __eq__(self, other):
        return type(self) is type(other) and self._values() == other._values()

    def __hash__(self):
        return hash((type(self).__name__, self._values()))

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in _row_fields(type(self)))
        return f"{type(self).__name__}({inner})"


def _row_fields(cls):
    return list(typing.get_type_hints(cls).keys())


def guarantee(*args, **kwargs):
    """@clauz3.guarantee(spec): inert at run time (the prover checks it)."""

    def deco(fn):
        return fn

    return deco


class _Effect:
    """A stub function with its ClauZ3 decorations."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.name = fn.__name__
        self.sig = inspect.signature(fn)
        self.trusted = False
        self.markers = []
        self.pre = []  # (pred, clause source), in source order
        self.post = []

    def __call__(self, *args, **kwargs):
        bound = self.sig.bind(*args, **kwargs)
        bound.apply_defaults()
        values = dict(bound.arguments)
        for pred, src in self.pre:
            names = list(inspect.signature(pred).parameters)
            if not pred(**{n: values[n] for n in names}):
                raise ContractError(f"precondition of {self.name} failed: {src}")
        if self.trusted:
            _write_trace(self.name, values)
            result = _next_result(self.name, self._result_type())
            r = above_proved_rune(result)
            if r is not None:
                raise ContractError(
                    f"postcondition of {self.name} failed: its result holds U+{r:04X}, "
                    f"above U+{max_proved_rune():04X}, the largest character the prover represents"
                )
        else:
            result = self.fn(*args, **kwargs)
        for pred, src in self.post:
            if not pred(result):
                raise ContractError(f"postcondition of {self.name} failed: {src}")
        if self.trusted:
            _check_unique(self.name, self._result_type(), result)
        return result

    def _result_type(self):
        hints = typing.get_type_hints(self.fn)
        return hints.get("return", type(None))

    def __get__(self, obj, owner=None):
        return self


def max_proved_rune():
    """The largest character the prover represents (pysem.MaxProvedRune,
    Z3 4.8.12's U+2FFFF): the harness passes it in CLAUZ3_MAX_PROVED_RUNE so
    that Go holds the one copy. A run without it fails rather than guess."""
    return int(os.environ["CLAUZ3_MAX_PROVED_RUNE"])


def above_proved_rune(v):
    """The first character above max_proved_rune() in any str reachable from
    v (list, tuple, set and dict elements, dict keys, row fields), or None.
    Every engine refuses such an input or effect result, as the proof never
    considered it."""
    limit = max_proved_rune()
    todo = [v]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            for ch in x:
                if ord(ch) > limit:
                    return ord(ch)
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(reversed(list(x)))
        elif isinstance(x, dict):
            for k, y in reversed(list(x.items())):
                todo.extend([y, k])
        elif isinstance(x, Row):
            todo.extend(reversed(x._values()))
    return None


def _check_unique(name, rtype, result):
    """The __unique__ columns of a list[Row] result: ClauZ3's prover assumes
    no two rows share one, so its runtime refuses such a result as a failed
    postcondition."""
    if typing.get_origin(rtype) is not list:
        return
    (row,) = typing.get_args(rtype) or (None,)
    if not (isinstance(row, type) and issubclass(row, Row)):
        return
    for col in getattr(row, "__unique__", ()):
        seen = {}
        for i, r in enumerate(result):
            v = getattr(r, col)
            if v in seen:
                raise ContractError(
                    f"postcondition of {name} failed: __unique__ of {row.__name__}: "
                    f"result[{seen[v]}] and result[{i}] share {col} == {v!r}"
                )
            seen[v] = i


def _effect(fn):
    if isinstance(fn, _Effect):
        return fn
    return _Effect(fn)


def trusted(fn):
    """@clauz3.trusted: the function is a trusted effect."""
    e = _effect(fn)
    e.trusted = True
    return e


def has(*markers):
    """@deal.has("marker", ...): the function is a trusted effect."""

    def deco(fn):
        e = _effect(fn)
        e.trusted = True
        e.markers = list(markers) + e.markers
        return e

    return deco


def requires(pred, message=None):
    """@clauz3.requires(lambda ...) / @deal.pre(lambda ...)."""

    def deco(fn):
        e = _effect(fn)
        # Decorators apply bottom-up: this one sits above those already
        # applied, so its clause comes first in source order.
        e.pre.insert(0, (pred, lambda_source(pred)))
        return e

    return deco


def ensures(pred, message=None):
    """@clauz3.ensures(lambda result: ...) / @deal.post(lambda result: ...)."""

    def deco(fn):
        e = _effect(fn)
        e.post.insert(0, (pred, lambda_source(pred)))
        return e

    return deco


# --- lambda source ---------------------------------------------------------

_ast_cache = {}


def lambda_source(fn):
    """The source of the lambda fn as ClauZ3 renders it (ast.unparse)."""
    code = fn.__code__
    try:
        tree = _ast_cache.get(code.co_filename)
        if tree is None:
            with open(code.co_filename, encoding="utf-8") as f:
                tree = ast.parse(f.read(), code.co_filename)
            _ast_cache[code.co_filename] = tree
    except (OSError, SyntaxError):
        return "<lambda>"
    params = list(code.co_varnames[: code.co_argcount])
    cands = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Lambda)
        and n.lineno == code.co_firstlineno
        and [a.arg for a in n.args.args] == params
    ]
    if len(cands) > 1:
        # Several lambdas with the same parameters on one line: pick the one
        # whose body holds the code object's first located instruction.
        cols = [
            c
            for (line, _, c, _) in code.co_positions()
            if line == code.co_firstlineno and c is not None
        ]
        if cols:
            col = min(cols)
            cands = [
                n
                for n in cands
                if n.body.col_offset <= col
                and (n.body.end_lineno != n.lineno or col < n.body.end_col_offset)
            ] or cands
    if not cands:
        return "<lambda>"
    return ast.unparse(cands[0])


# --- simulation ------------------------------------------------------------


class SimulationError(BaseException):
    """The simulation cannot go on (an effect ran out of results). It is
    not a Python exception of the plan: the runner reports it like a sealed
    binary does, the message alone on stderr with exit status 2
    (runtime/doc.go). A BaseException, so nothing in a plan can catch it."""

_state = {"results": None, "calls": {}, "trace": None}


def _load_results():
    if _state["results"] is None:
        path = os.environ.get("CLAUZ3_EFFECTS", "")
        if path:
            with open(path, encoding="utf-8") as f:
                _state["results"] = json.load(f)
        else:
            _state["results"] = {}
    return _state["results"]


def _json_default(v):
    if isinstance(v, Row):
        return {n: getattr(v, n) for n in _row_fields(type(v))}
    if isinstance(v, (set, frozenset)):
        return sorted(v)
    raise TypeError(f"cannot record {type(v).__name__} in a trace")


def _write_trace(name, args):
    line = json.dumps(
        {"effect": name, "args": args},
        ensure_ascii=False,
        separators=(",", ":"),
        default=_json_default,
    )
    path = os.environ.get("CLAUZ3_TRACE", "")
    if not path:
        return
    if _state["trace"] is None:
        _state["trace"] = open(path, "a", encoding="utf-8")
    _state["trace"].write(line + "\n")
    _state["trace"].flush()


def _next_result(name, rtype):
    n = _state["calls"].get(name, 0) + 1
    _state["calls"][name] = n
    results = _load_results().get(name)
    if results is None or len(results) < n:
        if rtype is type(None) or rtype is None:
            return None
        raise SimulationError(f"simulate: no result left for {name} (call {n})")
    return convert(rtype, results[n - 1])


def convert(tp, v):
    """Converts the JSON value v to the Python value of type tp (rows,
    tuples, floats from JSON ints, int dict keys)."""
    if tp is None or tp is type(None):
        return None if v is None else v
    if tp is typing.Any:
        return v
    origin = typing.get_origin(tp)
    targs = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if v is None and type(None) in targs:
            return None
        rest = [a for a in targs if a is not type(None)]
        return convert(rest[0], v) if len(rest) == 1 else v
    if origin is list:
        return [convert(targs[0] if targs else None, x) for x in v]
    if origin is tuple:
        if len(targs) == 2 and targs[1] is Ellipsis:
            return tuple(convert(targs[0], x) for x in v)
        if targs:
            return tuple(convert(t, x) for t, x in zip(targs, v))
        return tuple(v)
    if origin is dict:
        kt, vt = targs if targs else (None, None)
        return {convert(kt, _key(kt, k)): convert(vt, x) for k, x in v.items()}
    if origin is set:
        return {convert(targs[0] if targs else None, x) for x in v}
    if tp is float and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if tp is list and isinstance(v, list):
        return list(v)
    if tp is tuple and isinstance(v, list):
        return tuple(v)
    if isinstance(tp, type) and issubclass(tp, Row):
        hints = typing.get_type_hints(tp)
        return tp(**{n: convert(t, v[n]) for n, t in hints.items()})
    return v


def _key(kt, k):
    # JSON object keys are strings; a dict[int, V] keeps its keys as ints.
    if kt is int:
        return int(k)
    if kt is float:
        return float(k)
    if kt is bool:
        return k == "true"
    return k
