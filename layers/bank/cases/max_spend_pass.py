# Rent and a capped top-up: at most 1500 cents leave the account.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill, withdraw

@clauz3.guarantee(bank.max_spend(1500))
def main(topup: int) -> None:
    pay_bill("checking", "landlord", 1000)
    if topup > 0 and topup <= 500:
        withdraw("checking", topup)
