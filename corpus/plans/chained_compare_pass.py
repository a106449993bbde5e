# Proved: chained comparisons and augmented assignment keep the amount between 1 and 5.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main(x: int) -> None:
    amount = 1
    if 0 < x < 5:
        amount += x
    elif 5 <= x <= 100:
        amount *= 2
    withdraw("checking", amount)
