# A deposit into savings is a bank effect on another account.
# expect: failed guarantee bank.only_account('checking')
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import deposit, withdraw

@clauz3.guarantee(bank.only_account("checking"))
def main() -> None:
    withdraw("checking", 100)
    deposit("savings", 100)
