# Contract vocabulary of the bank layer; relations are named by string.
# @contract bodies are compiled statically by ClauZ3, never executed.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Spend = effect("withdraw")


@contract
def max_spend(limit: int) -> ContractSpec:
    return Spend.sum(lambda w: w.amount) <= limit


@contract
def only_account(account: str) -> ContractSpec:
    return Spend.all(lambda w: w.account == account)


@contract
def max_withdrawals(n: int) -> ContractSpec:
    return Spend.count() <= n


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
