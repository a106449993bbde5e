# Effect results from the simulation: withdraw only while the reported balance covers it.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import deposit, withdraw
from tools.store.trusted.effects import balance


@clauz3.guarantee(bank.max_spend(100))
@clauz3.guarantee(bank.only_account("checking"))
def main() -> None:
    for amount in [30, 50, 40]:
        b = balance("checking")
        print("balance", b, "want", amount)
        if b >= amount:
            withdraw("checking", amount)
        else:
            deposit("checking", amount - b)
