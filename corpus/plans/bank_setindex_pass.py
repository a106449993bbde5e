# Proved: an item assignment lowers the first amount before the withdrawals.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    amounts = [4, 1]
    amounts[0] = 3
    for a in amounts:
        withdraw('checking', a)
