"""clauz3.fluent stand-in (minimal): fluents are inert at run time; the
@effect(lambda ...) fluent-update decorator leaves the effect unchanged."""

from clauz3.spec import ContractSpec


def fluent(name, key=None, value=None, initial=None):
    return ContractSpec(f"fluent({name!r})")


def effect(update):
    def deco(fn):
        return fn

    return deco
