# enumerate with and without a start, zip stopping at the shortest, three-way zip.
from tools.email.trusted.effects import send_email


def main() -> None:
    names = ["ann", "bob", "cat"]
    mails = ["ann@example.com", "bob@example.com"]
    for i, n in enumerate(names):
        print(i, n)
    for i, n in enumerate(names, 1):
        print(f"{i}. {n}")
    print(list(enumerate("ab")), list(zip(names, mails)), list(zip(names, [1, 2, 3], "xyz")))
    for n, m in zip(names, mails):
        send_email(m, f"hello {n}")
    pairs = dict(zip(names, range(3)))
    print(pairs)
