# The balance effect ensures result >= 0; a negative simulated result fails the postcondition.
from tools.store.trusted.effects import balance
from tools.bank.trusted.effects import withdraw


def main() -> None:
    for account in ["checking", "savings"]:
        b = balance(account)
        print(account, b)
        if b > 0:
            withdraw(account, b)
