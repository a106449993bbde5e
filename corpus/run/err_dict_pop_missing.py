# dict.pop of a missing key without a default raises KeyError.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    owed = {"rent": 10, "food": 3}
    for k in ["rent", "food", "rent"]:
        withdraw(k, owed.pop(k))
