# Spend only what the balance covers, and never more than 200.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import balance, withdraw

@clauz3.guarantee(bank.max_spend(200))
@clauz3.guarantee(bank.only_account("checking"))
def main() -> None:
    b = balance("checking")
    if b >= 200:
        withdraw("checking", 200)
    elif b > 0:
        withdraw("checking", b)
