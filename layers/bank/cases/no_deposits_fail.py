# no_deposits() with a reachable deposit.
# expect: failed guarantee bank.no_deposits()
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import balance, deposit

@clauz3.guarantee(bank.no_deposits())
def main() -> None:
    if balance("savings") == 0:
        deposit("savings", 1)
