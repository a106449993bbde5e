# Refused: withdraw's precondition (amount > 0) fails for amount 0.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 0)
