# Indexing past the end of a list raises IndexError: list index out of range.
from tools.email.trusted.effects import send_email


def main() -> None:
    xs = ["a", "b", "c"]
    for i in [0, -3, 2, 3]:
        send_email("bob@example.com", xs[i])
