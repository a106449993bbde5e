# Contract vocabulary of the web layer.
from clauz3.spec import ContractSpec, contract, effect

AnyRead = effect("read")
Fetches = effect("net")


@contract
def reads_at_most(n: int) -> ContractSpec:
    return AnyRead.count() <= n


@contract
def only_hosts(prefixes: list[str]) -> ContractSpec:
    return Fetches.all(lambda f: f.url in prefixes)
