# Proved: the only send sits behind a branch that can never be taken, so no email is sent.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.none())
def main() -> None:
    total = 2 + 3
    if total > 10:
        send_email("bob@example.com", "unreachable")
