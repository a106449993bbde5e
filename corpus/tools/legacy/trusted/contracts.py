"""Contracts in the original's style: intermediate relation variables and
no_guarantees re-exported under another name."""
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing_promised

from . import effects

Comments = effect(effects.comment)
Writes = effect("write")


@contract
def comments_only_to(owners: list[str]) -> ContractSpec:
    foreign = Comments.where(lambda c: c.owner not in owners)
    return foreign.empty()


@contract
def comments_at_most(n: int = 5) -> ContractSpec:
    mine = Comments
    limited = mine.where(lambda c: len(c.text) > 0)
    return limited.count() <= n


@contract
def read_only() -> ContractSpec:
    return Writes.empty()
