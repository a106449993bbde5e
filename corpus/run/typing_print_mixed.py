# print of a list display mixing types (a list[object] to mypy): CPython's text, elements evaluated left to right.
from tools.email.trusted.effects import send_email


def label(n: int) -> str:
    print("label", n)
    return "n" + str(n)


def main(name: str, n: int) -> None:
    print([1, "a", True, None, -2.5])
    print([n, name, n / 2, [name], (n, "b"), None, n > 1, {"k": n}])
    print([label(n), n, label(n + 1)], [n, 0.5], [True, 1])
    print([name, name.upper()], sep=" | ")
    print(f"{[1, name]} {[n, 'b']!r} {[n, None]!s} {[n, n]}", str([n, 0.5]), repr([name, n]))
    send_email("bob@example.com", f"{[n, name]} {str([True, n])}")
