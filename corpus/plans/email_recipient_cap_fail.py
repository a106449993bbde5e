# Refused: bob is emailed twice, but the plan promises at most one email to bob.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.recipient_at_most("bob@example.com", 1))
def main() -> None:
    send_email("bob@example.com", "first")
    send_email("ann@example.com", "hello")
    send_email("bob@example.com", "second")
