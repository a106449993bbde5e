# Proved: a free input amount is withdrawn only when 0 < amount <= 5.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    if 0 < amount <= 5:
        withdraw("checking", amount)
