# range with one, two and three arguments, negative steps, empty ranges, len and indexing.
from tools.bank.trusted.effects import deposit


def main() -> None:
    print(list(range(5)), list(range(2, 6)), list(range(10, 0, -3)), list(range(0, -5, -1)))
    print(list(range(5, 5)), list(range(5, 0)), list(range(-3)), len(range(0, 10, 3)))
    r = list(range(1, 20, 4))
    print(r[0], r[-1], 9 in r, 10 in r, r[::-1], 9 in range(1, 20, 4), 10 in range(1, 20, 4))
    total = 0
    for i in range(100, 0, -7):
        total += i
    print(total)
    n = 4
    for i in range(n):
        deposit("savings", i + 1)
