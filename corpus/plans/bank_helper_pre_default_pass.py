# Proved: a helper's @deal.pre names a parameter with a default and gives it
# the helper's default, as deal needs for calls that leave it out.
import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda account, amount=1: 0 < amount <= 2, message="small amounts only")
def pay(account: str, amount: int = 1) -> None:
    withdraw(account, amount)


@clauz3.guarantee(bank.max_spend(3))
def main() -> None:
    pay("checking")
    pay("checking", amount=2)
