# Contract vocabulary of the shop layer. @contract bodies are compiled
# statically by ClauZ3, never executed.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing
from tools.shop.trusted.effects import buy

Purchases = effect(buy)


@contract
def max_total(limit: int = 100) -> ContractSpec:
    return Purchases.sum(lambda p: p.amount) <= limit


@contract
def only_vendor(vendor: str) -> ContractSpec:
    return Purchases.all(lambda p: p.vendor == vendor)


@contract
def at_most(n: int) -> ContractSpec:
    return Purchases.count() <= n


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
