# Refused: three sends, but the plan promises at most two.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(2))
def main() -> None:
    send_email("bob@example.com", "one")
    send_email("ann@example.com", "two")
    send_email("cat@example.com", "three")
