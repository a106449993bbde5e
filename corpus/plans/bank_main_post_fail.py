# Refused: a @deal.post on the target is proved like a helper's, never assumed; here it is false.
import clauz3
import deal
from tools.bank.trusted.effects import withdraw


@deal.post(lambda result: result > 0)
def main(amount: int) -> int:
    if amount > 0:
        withdraw("checking", amount)
    return amount
