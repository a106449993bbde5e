# Refused: the item assignment raises the total to 6.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    amounts = [4, 1]
    amounts[1] = 2
    for a in amounts:
        withdraw('checking', a)
