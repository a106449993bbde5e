# Not on the slide: a contract to promise over read_preview.
from clauz3.spec import ContractSpec, contract, effect

Reads = effect("read")


@contract
def reads_at_most(n: int) -> ContractSpec:
    return Reads.count() <= n
