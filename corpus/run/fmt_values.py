# str() and f-string rendering of bools, None, lists, tuples, dicts and nested values.
from tools.email.trusted.effects import send_email


def main() -> None:
    flag = True
    nothing = None
    xs = [1, 2, 3]
    pairs = [("a", 1), ("b", 2)]
    none: list[float] = []
    d = {"k": [1.5, -0.0], "é": none}
    print(f"{flag} {not flag} {nothing} {xs} {pairs} {d}")
    print(f"{flag!r} {nothing!r} {xs!r} {(1,)} {()} {none} {{}}")
    print(flag, nothing, xs, pairs, d, (1, "x", None, False))
    print(f"{flag:>6}|{xs!s:>12}|")
    print("a", "b", sep="-", end="!\n")
    print()
    print("x", 1, 2.0, sep="")
    print("no newline", end="")
    print(" then newline")
    send_email("bob@example.com", f"{xs} {d}")
