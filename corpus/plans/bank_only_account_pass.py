# Proved: every withdrawal is from checking (keyword call included); a deposit is not a spend.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import deposit, withdraw


@clauz3.guarantee(bank.only_account("checking"))
def main() -> None:
    withdraw("checking", 1)
    withdraw(account="checking", amount=2)
    deposit("savings", 3)
