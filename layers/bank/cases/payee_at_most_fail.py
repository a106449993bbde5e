# Two power bills add up past the cap.
# expect: failed guarantee bank.payee_at_most('power', 300)
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import pay_bill

@clauz3.guarantee(bank.payee_at_most("power", 300))
def main(late: bool) -> None:
    pay_bill("checking", "power", 200)
    if late:
        pay_bill("checking", "power", 150)
