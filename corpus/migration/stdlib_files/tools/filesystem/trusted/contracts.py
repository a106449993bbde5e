from clauz3.spec import ContractSpec, contract, effect

from . import effects

Writes = effect("write")
Reads = effect(effects.read_preview)


@contract
def only_under(prefix: str) -> ContractSpec:
    return Writes.all(lambda w: w.path.startswith(prefix))


@contract
def read_only() -> ContractSpec:
    return Writes.empty()


@contract
def reads_at_most(n: int) -> ContractSpec:
    return Reads.count() <= n
