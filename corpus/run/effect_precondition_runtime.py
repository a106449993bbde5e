# A withdrawal amount computed at run time reaches 0: the precondition fails after two calls.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    amount = 2
    for step in range(4):
        print("step", step, "amount", amount)
        withdraw("checking", amount)
        amount -= 1
