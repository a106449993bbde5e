# Reads the balance and deposits: nothing is spent.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import balance, deposit

@clauz3.guarantee(bank.no_spending())
def main() -> None:
    b = balance("savings")
    if b < 1000:
        deposit("savings", 1000 - b)
