# A failing assert without a message: the error line is just AssertionError.
from tools.email.trusted.effects import send_email


def main() -> None:
    xs = [1, 2, 3]
    assert len(xs) == 3
    send_email("bob@example.com", "checked")
    assert sum(xs) > 10
    send_email("bob@example.com", "unreachable")
