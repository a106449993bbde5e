# Refused: range(3) unrolls to three withdrawals, over max_withdrawals(2).
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_withdrawals(2))
def main() -> None:
    for i in range(3):
        withdraw("checking", i + 1)
