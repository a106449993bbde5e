# True division of ints by zero raises ZeroDivisionError: division by zero.
from tools.email.trusted.effects import send_email


def main() -> None:
    n = 0
    send_email("bob@example.com", f"{1 / 4}")
    print(3 / n)
