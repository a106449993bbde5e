"""ClauZ3's int meaning under CPython: int64, with OverflowError.

Every ClauZ3 engine computes with 64-bit ints and raises
``OverflowError: integer overflow`` where an exact result would not fit
(ir/doc.go states it). CPython's ints do not overflow, so the runner
rewrites the plan's syntax tree before running it: each arithmetic
operation's result, each augmented assignment's and each call of an
int-producing builtin (abs, int, pow, round, divmod) is checked, sum adds
with a check at every step, and enumerate raises where its counter would
pass the largest int64, as the interpreter does. Only the plan is
rewritten; trusted layers run as written.
"""

import ast
import builtins
import operator

MIN = -(1 << 63)
MAX = (1 << 63) - 1

_INPLACE = {
    ast.Add: operator.iadd, ast.Sub: operator.isub, ast.Mult: operator.imul,
    ast.FloorDiv: operator.ifloordiv, ast.Mod: operator.imod, ast.Pow: operator.ipow,
    ast.Div: operator.itruediv, ast.LShift: operator.ilshift, ast.RShift: operator.irshift,
    ast.BitAnd: operator.iand, ast.BitOr: operator.ior, ast.BitXor: operator.ixor,
    ast.MatMult: operator.imatmul,
}

CHECKED_CALLS = {"abs", "int", "pow", "round", "divmod"}


def check(v):
    """Returns v, raising OverflowError when it is an int past int64."""
    if type(v) is int and not MIN <= v <= MAX:
        raise OverflowError("integer overflow")
    if type(v) is tuple:  # divmod
        for e in v:
            check(e)
    return v


def aug(target, value, op):
    """target op= value for a name: the in-place operation, checked."""
    return check(_INPLACE[op](target, value))


def aug_item(container, key, value, op):
    """container[key] op= value, in Python's order: container and key
    (already evaluated as arguments), the item, the value, the store."""
    item = container[key]
    container[key] = check(_INPLACE[op](item, value()))


def checked_sum(iterable, start=0):
    """sum() that adds ints with a check at every step, as the engines do;
    from the first non-int on it is CPython's own sum."""
    acc = start
    it = iter(iterable)
    for v in it:
        if type(acc) is int and type(v) in (int, bool):
            acc = check(acc + v)
            continue
        return builtins.sum(_chain(v, it), acc)
    return acc


def _chain(first, rest):
    yield first
    yield from rest


def checked_enumerate(iterable, start=0):
    """enumerate() whose counter stops at the largest int64: the
    interpreter raises before it would yield it."""
    n = start
    for v in iterable:
        if n == MAX:
            raise OverflowError("integer overflow")
        yield n, v
        n += 1


class _Rewrite(ast.NodeTransformer):
    def _call(self, name, node, *args):
        return ast.copy_location(
            ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[]), node)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self._call("__clauz3_check__", node, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return node
        return self._call("__clauz3_check__", node, node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name):
            if node.func.id == "sum":
                node.func = ast.copy_location(ast.Name(id="__clauz3_sum__", ctx=ast.Load()), node.func)
            elif node.func.id == "enumerate":
                node.func = ast.copy_location(ast.Name(id="__clauz3_enumerate__", ctx=ast.Load()), node.func)
            elif node.func.id in CHECKED_CALLS:
                return self._call("__clauz3_check__", node, node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        op = ast.Constant(value=type(node.op).__name__)
        if isinstance(node.target, ast.Name):
            load = ast.Name(id=node.target.id, ctx=ast.Load())
            call = self._call("__clauz3_aug__", node, load, node.value, op)
            return ast.copy_location(ast.Assign(targets=[node.target], value=call), node)
        if isinstance(node.target, ast.Subscript) and not isinstance(node.target.slice, ast.Slice):
            value = ast.Lambda(
                args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                body=node.value)
            call = self._call("__clauz3_aug_item__", node, node.target.value, node.target.slice, value, op)
            return ast.copy_location(ast.Expr(value=call), node)
        return node


def _op(name):
    return next(k for k in _INPLACE if k.__name__ == name)


def compile_plan(source, path):
    """The plan's code object, rewritten for int64 ints."""
    tree = _Rewrite().visit(ast.parse(source, filename=path))
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec", dont_inherit=True)


def install(namespace):
    """Puts the helpers the rewritten plan calls into its globals."""
    namespace["__clauz3_check__"] = check
    namespace["__clauz3_aug__"] = lambda t, v, op: aug(t, v, _op(op))
    namespace["__clauz3_aug_item__"] = lambda c, k, v, op: aug_item(c, k, v, _op(op))
    namespace["__clauz3_sum__"] = checked_sum
    namespace["__clauz3_enumerate__"] = checked_enumerate
