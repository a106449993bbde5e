# Float division by zero raises ZeroDivisionError: float division by zero.
from tools.email.trusted.effects import send_email


def main() -> None:
    x = 2.5
    zero = 0.0
    send_email("bob@example.com", f"{x}")
    print(x / zero)
