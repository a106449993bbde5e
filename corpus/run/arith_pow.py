# Powers: int ** non-negative int is exact; a negative exponent gives a float.
from tools.bank.trusted.effects import deposit


def main() -> None:
    print(2 ** 10, (-3) ** 3, (-2) ** 4, -2 ** 4, 0 ** 0, 7 ** 1)
    print(2.0 ** -1, 10.0 ** -2, 4 ** 0.5, 2.0 ** 3, (-8.0) ** 2, 0.5 ** 10)
    print(10 ** 18, 3 ** 39)
    n = 3
    n **= 4
    print(n)
    deposit("savings", n)
