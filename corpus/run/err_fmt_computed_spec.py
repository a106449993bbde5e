# A computed format spec that does not fit the value raises CPython's ValueError when it is formatted.
from tools.email.trusted.effects import send_email


def main() -> None:
    x = 3.5
    for code in ["f", ".1e", "d"]:
        send_email("bob@example.com", f"{x:{code}}")
