# Proved: a helper's own @deal.pre holds at every call, and it is proved there.
import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 2, message="small amounts only")
def pay_twice(account: str, amount: int) -> None:
    withdraw(account, amount)
    withdraw(account, amount)


@clauz3.guarantee(bank.max_spend(6))
def main() -> None:
    pay_twice("checking", 2)
    pay_twice("checking", 1)
