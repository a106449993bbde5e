# Floor division and modulo of negatives follow Python, not C truncation.
from tools.bank.trusted.effects import deposit


def main() -> None:
    pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (-1, 3), (1, -3), (-9, 3)]
    for a, b in pairs:
        print(a, b, a // b, a % b, -a // b, -(a // b))
    total = 0
    for a, b in pairs:
        total += a % b
    print("total", total)
    deposit("savings", total + 100)
