# Big products, sums and powers that stay within 64 bits print exactly.
from tools.bank.trusted.effects import deposit


def main() -> None:
    a = 3037000499
    print(a * a)
    print(2 ** 62 + (2 ** 62 - 1))
    print(-(2 ** 62) - 2 ** 62)
    print(10 ** 18, -10 ** 18)
    print(999999999 * 999999999)
    big = 1
    for i in range(1, 21):
        big *= i
    print("20! =", big)
    print(big // 1000000007, big % 1000000007)
    print(-big // 7, -big % 7)
    deposit("savings", big % 997 + 1)
