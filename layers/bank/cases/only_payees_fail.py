# The payee comes from the input.
# expect: failed guarantee bank.only_payees(['landlord', 'power'])
# expect: inputs: payee =
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill

@clauz3.guarantee(bank.only_payees(["landlord", "power"]))
def main(payee: str) -> None:
    if len(payee) > 0:
        pay_bill("checking", payee, 100)
