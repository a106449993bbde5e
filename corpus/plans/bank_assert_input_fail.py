# Refused: an assert on a free input is an obligation, not an assumption.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    assert 0 < amount <= 5
    withdraw('checking', amount)
