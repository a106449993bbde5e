# Proved: the target's own @deal.pre is an assumption about its free input amount, checked before it runs.
import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 5, message="amount must be between 1 and 5")
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
