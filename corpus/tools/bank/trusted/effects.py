# Trusted bank effects (deal spelling of the decorators).
import deal


@deal.pre(lambda account, amount: amount > 0, message="amount must be positive")
@deal.has("spend")
def withdraw(account: str, amount: int) -> None: ...


@deal.pre(lambda account, amount: amount > 0)
@deal.has("deposit")
def deposit(account: str, amount: int) -> None: ...
