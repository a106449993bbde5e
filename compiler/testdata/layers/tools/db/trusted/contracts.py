"""Contracts of the test db layer."""
from clauz3.spec import ContractSpec, contract, effect

Saves = effect("save")


@contract
def at_most_saves(n: int) -> ContractSpec:
    return Saves.count() <= n

Notes = effect("notify")


@contract
def notify_domain(suffix: str) -> ContractSpec:
    return Notes.all(lambda n: n.row.email.endswith(suffix))
