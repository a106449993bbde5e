# Proved: a target precondition whose lambda takes a parameter it never reads (account) still builds;
# the sealed binary checks the precondition on the input it does read.
import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda account, amount: 0 < amount <= 5)
@clauz3.guarantee(bank.max_spend(5))
def main(account: str, amount: int) -> None:
    withdraw(account, amount)
