# List concatenation, repetition, equality, ordering and membership.
from tools.email.trusted.effects import send_email


def main() -> None:
    a = [1, 2]
    b = [1, 2, 3]
    print(a + b, a * 2, [0] * 0, a == [1, 2], a != b, a < b, [2] > b, [0] * 0 < a)
    print(2 in a, 5 not in b, [1, 2] in [[1, 2], [3]], (1, 2) == (1, 2))
    words = ["b", "A", "a", "B"]
    print(words + ["é"], sorted(words), "a" in words)
    t = (1, 2) + (3,)
    print(t, t + t, len(t), t[0], t[-1])
    send_email("bob@example.com", f"{a + b}")
