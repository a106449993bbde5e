# A float function that returns an int constant (return 1 under -> float, as mypy accepts it) where every call's result is read only by float arithmetic and comparisons.
from tools.email.trusted.effects import send_email


def rate(n: int) -> float:
    if n > 10:
        return 1
    if n < 0:
        return -3
    return n / 4


def main(n: int) -> None:
    r = rate(n)
    print(rate(n) * 2.0, rate(20) < 2, rate(-1) == -3, r * 0.5, 1.5 + rate(30), rate(30) ** 2.0)
    if r > 0.5:
        send_email("bob@example.com", f"{r * 100.0:.1f}%")
