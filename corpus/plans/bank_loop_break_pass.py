# Proved: the loop stops once 6 has been withdrawn.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(6))
def main() -> None:
    spent = 0
    for amount in [2, 2, 2, 2, 2]:
        if spent + amount > 6:
            break
        withdraw('checking', amount)
        spent += amount
