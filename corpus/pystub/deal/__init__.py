"""deal stand-in for the differential harness: the decorators ClauZ3
understands, with ClauZ3's run-time meaning (see clauz3._effects)."""

from clauz3._effects import ContractError  # noqa: F401
from clauz3._effects import ensures as _ensures
from clauz3._effects import has  # noqa: F401
from clauz3._effects import requires as _requires


def pre(pred, message=None):
    """@deal.pre(lambda ...): a precondition."""
    return _requires(pred, message=message)


def post(pred, message=None):
    """@deal.post(lambda result: ...): a postcondition on the result."""
    return _ensures(pred, message=message)


def ensure(pred, message=None):
    """@deal.ensure: refused by ClauZ3 for now; inert here."""

    def deco(fn):
        return fn

    return deco


def raises(*exceptions):
    """@deal.raises(...): documents exceptions; inert here."""

    def deco(fn):
        return fn

    return deco
