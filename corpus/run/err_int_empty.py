# int("") raises ValueError with the empty string's repr.
from tools.bank.trusted.effects import deposit


def main() -> None:
    fields = "12,7,,3".split(",")
    for f in fields:
        deposit("savings", int(f))
