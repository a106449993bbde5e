# Tuple unpacking: swaps, nested targets, unpacking in for loops and from helpers.
from tools.email.trusted.effects import send_email


def minmax(xs: list[int]) -> tuple[int, int]:
    return min(xs), max(xs)


def main() -> None:
    a, b = 1, 2
    a, b = b, a
    print(a, b)
    x, (y, z) = 1, (2, 3)
    print(x, y, z)
    lo, hi = minmax([5, -2, 9])
    print(lo, hi)
    first, second, third = "abc"
    print(third, second, first)
    points = [(1, 2), (3, 4)]
    for px, py in points:
        print(px * py)
    t = (1, "one")
    n, word = t
    [p, q] = [7, 8]
    print(n, word, p, q)
    for who, (num, note) in [("ann", (1, "x")), ("bob", (2, "y"))]:
        send_email(f"{who}@example.com", f"{num}{note}")
