# The top-up is not capped.
# expect: failed guarantee bank.max_spend(1500)
# expect: inputs: topup =
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill, withdraw

@clauz3.guarantee(bank.max_spend(1500))
def main(topup: int) -> None:
    pay_bill("checking", "landlord", 1000)
    if topup > 0:
        withdraw("checking", topup)
