# Refused: one withdrawal is from savings, but the plan promises only checking.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.only_account("checking"))
def main() -> None:
    withdraw("checking", 1)
    withdraw("savings", 2)
