"""clauz3.spec stand-in: the contract vocabulary is inert at run time.

contracts.py modules import cleanly and a plan's @clauz3.guarantee(...)
arguments evaluate to inert ContractSpec objects; ClauZ3 compiles contract
bodies statically and the prover alone gives them meaning.
"""


class ContractSpec:
    """An inert value: every attribute, call, index and comparison gives
    another ContractSpec."""

    def __init__(self, what="spec"):
        self._what = what

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return ContractSpec(f"{self._what}.{name}")

    def __call__(self, *args, **kwargs):
        return ContractSpec(f"{self._what}(...)")

    def __getitem__(self, key):
        return ContractSpec(f"{self._what}[...]")

    def _cmp(self, other):
        return ContractSpec(f"{self._what} <op> ...")

    __lt__ = __le__ = __gt__ = __ge__ = _cmp

    def __eq__(self, other):
        return ContractSpec(f"{self._what} == ...")

    def __ne__(self, other):
        return ContractSpec(f"{self._what} != ...")

    def __and__(self, other):
        return ContractSpec(f"{self._what} & ...")

    __or__ = __and__

    def __invert__(self):
        return ContractSpec(f"~{self._what}")

    def __bool__(self):
        return True

    __hash__ = object.__hash__

    def __repr__(self):
        return f"<ContractSpec {self._what}>"


def contract(fn):
    """@contract: the function stays callable and returns its inert spec."""
    return fn


def effect(name_or_fn):
    """effect("withdraw") or effect(send_email): an inert relation."""
    name = getattr(name_or_fn, "__name__", name_or_fn)
    return ContractSpec(f"effect({name!r})")


def no_guarantees():
    return ContractSpec("no_guarantees()")
