# Integer floor division by zero raises ZeroDivisionError.
from tools.bank.trusted.effects import withdraw


def share(total: int, people: int) -> int:
    return total // people


def main() -> None:
    withdraw("checking", share(10, 3))
    withdraw("checking", share(10, 0))
