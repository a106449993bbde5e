# Chained comparisons evaluate each operand once and short-circuit.
from tools.email.trusted.effects import send_email


def noisy(label: str, v: int) -> int:
    print("eval", label)
    return v


def main() -> None:
    print(1 < 2 < 3, 3 > 2 > 2, 1 <= 1 < 2 <= 2, 1 == 1 != 2)
    print(noisy("a", 5) < noisy("b", 3) < noisy("c", 10))
    print(noisy("d", 1) < noisy("e", 3) < noisy("f", 10))
    x = 7
    if 0 <= x < 10 and x != 5:
        send_email("bob@example.com", "in range")
    print("a" < "b" < "c", "abc" < "abd", "Z" < "a", "é" > "z", "" < "a")
    print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], (1, "b") > (1, "a"))
