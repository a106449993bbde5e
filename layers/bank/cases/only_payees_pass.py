# Bills go to the landlord and the power company only.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill

@clauz3.guarantee(bank.only_payees(["landlord", "power"]))
@clauz3.guarantee(bank.payee_at_most("power", 300))
def main(winter: bool) -> None:
    pay_bill("checking", "landlord", 1000)
    if winter:
        pay_bill("checking", "power", 300)
    else:
        pay_bill("checking", "power", 120)
