# list.index of a missing value raises ValueError naming the value's repr.
from tools.email.trusted.effects import send_email


def main() -> None:
    names = ["ann", "bob"]
    for who in ["bob", "zoë"]:
        send_email(f"{who}@example.com", f"you are number {names.index(who)}")
