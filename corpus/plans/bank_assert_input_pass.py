# Proved: the assert holds after the free input is clamped.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    if amount > 5:
        amount = 5
    if amount > 0:
        assert amount <= 5
        withdraw('checking', amount)
