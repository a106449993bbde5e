# Proved: a local helper with a default argument, called positionally and by keyword.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


def notify(who: str, text: str = "hi") -> None:
    send_email(who, text)


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    notify("bob@example.com")
    notify(text="x", who="bob@example.com")
