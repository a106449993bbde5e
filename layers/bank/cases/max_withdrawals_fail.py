# Four instalments where three were promised.
# expect: failed guarantee bank.max_withdrawals(3)
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill

@clauz3.guarantee(bank.max_withdrawals(3))
def main() -> None:
    for i in range(4):
        pay_bill("checking", "dentist", 300)
