# Proved: bob is emailed once and ann twice, within recipient_at_most(bob, 1).
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.recipient_at_most("bob@example.com", 1))
def main() -> None:
    send_email("ann@example.com", "first")
    send_email("bob@example.com", "hello")
    send_email("ann@example.com", "second")
