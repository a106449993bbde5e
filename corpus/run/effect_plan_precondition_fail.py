# The target's own deal.pre is checked before its first statement: the input breaks it, so nothing is printed and no effect runs.
import deal
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda account, amount: account.startswith("acct-") and amount > 0, message="a real account")
def main(account: str, amount: int) -> None:
    print("withdrawing")
    withdraw(account, amount)
