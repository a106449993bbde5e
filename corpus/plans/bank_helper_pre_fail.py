# Refused: the second call breaks the helper's own @clauz3.requires, which is an obligation at every call.
import clauz3
from tools.bank.trusted.effects import withdraw


@clauz3.requires(lambda amount: amount <= 2)
def pay_twice(account: str, amount: int) -> None:
    withdraw(account, amount)
    withdraw(account, amount)


def main() -> None:
    pay_twice("checking", 2)
    pay_twice("checking", 3)
