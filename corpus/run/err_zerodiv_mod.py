# Integer modulo by zero raises ZeroDivisionError.
from tools.email.trusted.effects import send_email


def main() -> None:
    for d in [3, 2, 0]:
        send_email("bob@example.com", f"{10 % d}")
