# Three equal instalments, each at most 400.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill

@clauz3.guarantee(bank.max_single_spend(400))
@clauz3.guarantee(bank.max_withdrawals(3))
@clauz3.guarantee(bank.max_spend(1200))
def main() -> None:
    for i in range(3):
        pay_bill("checking", "dentist", 400)
