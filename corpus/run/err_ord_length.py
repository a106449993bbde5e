# ord() of a string that is not one character raises TypeError.
from tools.email.trusted.effects import send_email


def main() -> None:
    for s in ["a", "é", "ab"]:
        send_email("bob@example.com", f"{ord(s)}")
