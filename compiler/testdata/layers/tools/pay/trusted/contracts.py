from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees
from tools.pay.trusted import effects

Spend = effect("spend")
Withdrawals = effect("withdraw")
Direct = effect(effects.withdraw)


@contract
def max_spend(limit: int) -> ContractSpec:
    return Spend.sum(lambda s: s.amount) <= limit


@contract
def max_withdrawals(n: int) -> ContractSpec:
    return n >= Withdrawals.count()


@contract
def only_account(account: str) -> ContractSpec:
    return Spend.all(lambda s: s.account == account)


@contract
def direct_positive() -> ContractSpec:
    return Direct.all(lambda w: w.amount > 0 and w.amount - 1 < 1000)


@contract
def waived() -> ContractSpec:
    return no_guarantees()
