# Ints are int64 in every engine: n += 1 past the top raises OverflowError after what ran before it.
from tools.bank.trusted.effects import deposit


def main() -> None:
    n = 9223372036854775807 - 3
    deposit("savings", 1)
    for i in range(10):
        print(i, n)
        n += 1
    deposit("savings", 2)
