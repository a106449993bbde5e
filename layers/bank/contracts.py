# Contract vocabulary of the bundled bank layer. @contract bodies are
# compiled statically by ClauZ3, never executed. Amounts are in cents.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Transaction = effect("bank")
Spend = effect("spend")
Deposit = effect("deposit")
Bill = effect("pay_bill")


@contract
def max_spend(limit: int) -> ContractSpec:
    return Spend.sum(lambda s: s.amount) <= limit


@contract
def max_single_spend(limit: int) -> ContractSpec:
    return Spend.all(lambda s: s.amount <= limit)


@contract
def max_withdrawals(n: int) -> ContractSpec:
    return Spend.count() <= n


@contract
def only_account(account: str) -> ContractSpec:
    return Transaction.all(lambda b: b.account == account)


@contract
def only_payees(payees: list[str]) -> ContractSpec:
    return Bill.all(lambda b: b.payee in payees)


@contract
def payee_at_most(payee: str, limit: int) -> ContractSpec:
    return Bill.where(lambda b: b.payee == payee).sum(lambda b: b.amount) <= limit


@contract
def no_spending() -> ContractSpec:
    return Spend.empty()


@contract
def no_deposits() -> ContractSpec:
    return Deposit.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
