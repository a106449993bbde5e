# pay requires amount > 0 and a memo of at most 20 characters; a long memo fails.
from tools.store.trusted.effects import pay


def main(amount: float, memo: str) -> None:
    pay(amount)
    pay(amount, memo)
