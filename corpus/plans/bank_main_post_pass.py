# Proved: a @deal.post on the target holds at its return.
import clauz3
import deal
from tools.bank.trusted.effects import withdraw


@deal.post(lambda result: result > 0)
def main(amount: int) -> int:
    if amount > 0:
        withdraw("checking", amount)
        return amount
    return 1
