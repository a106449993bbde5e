# Refused: the target's @clauz3.requires admits amount 6, over max_spend(5): the assumption is only what it says.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.requires(lambda amount: 0 < amount <= 6)
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
