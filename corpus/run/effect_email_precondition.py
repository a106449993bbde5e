# send_email's precondition ("@" in addr) fails for a recipient from the arguments.
from tools.email.trusted.effects import send_email


def main(first: str, second: str) -> None:
    send_email(first, "one")
    print("sent to", first)
    send_email(second, "two")
    print("unreachable")
