# Contract vocabulary of the files layer: relations by marker.
from clauz3.spec import ContractSpec, contract, effect

Reads = effect("read")
Writes = effect("write")
Touches = effect("fs")


@contract
def reads_under(prefix: str) -> ContractSpec:
    return Reads.all(lambda r: r.path.startswith(prefix))


@contract
def no_writes() -> ContractSpec:
    return Writes.empty()


@contract
def writes_under(prefix: str) -> ContractSpec:
    return Writes.all(lambda w: w.path.startswith(prefix))


@contract
def touches_at_most(n: int) -> ContractSpec:
    return Touches.count() <= n


@contract
def reads_at_most(n: int) -> ContractSpec:
    return Reads.count() <= n


@contract
def read_back() -> ContractSpec:
    # Some file written is read too (shares_value across two markers).
    return Writes.shares_value(Reads, lambda f: f.path)
