# Constant expressions must follow Python at run time, not exact constant folding.
from tools.bank.trusted.effects import deposit
from tools.store.trusted.effects import pay


def main() -> None:
    print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, -9 // 4 * 2, (-1) // 10, -1 % 10)
    print(0.1 + 0.2, 1 / 3 * 3, 0.1 * 3, 1.1 * 1.1, 2 / 3 + 1 / 3, 1e16 + 1.0, 0.1 + 0.7)
    print(10 / 4, 7 / 7, 2 ** 10, 2.0 ** 0.5, 9007199254740993.0)
    print(1 - 0.9, 100 * 1.1, 3 * 1.1 == 3.3, 0.1 + 0.2 == 0.3, 4.35 * 100)
    x = 0.1 + 0.2
    print(x, f"{0.1 + 0.2}", str(1 / 3 * 3))
    pay(0.1 + 0.2, memo=f"{1.1 * 1.1}")
    deposit("savings", -7 // 2 + 10)
