# Refused: the precondition's default (3) is not the helper's (1): deal would
# check 3 for pay("checking"), which runs with 1.
# expect: refused
# code: PlanError
# want: the default of amount in requires of pay is 3, but pay's is 1: a call that leaves amount out runs with 1, so write amount=1 or no default
import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda account, amount=3: 0 < amount <= 2)
def pay(account: str, amount: int = 1) -> None:
    withdraw(account, amount)


@clauz3.guarantee(bank.max_spend(3))
def main() -> None:
    pay("checking")
