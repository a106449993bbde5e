# int() of a non-numeric string raises ValueError naming the literal.
from tools.bank.trusted.effects import deposit


def main() -> None:
    for s in ["12", " 7", "3x"]:
        deposit("savings", int(s))
