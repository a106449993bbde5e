# Refused: when urgent, ann gets "Deploy failed", which matches neither of
# bob's two messages, so none of them was sent to anyone else.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.copied_to("bob@example.com"))
def main(urgent: bool) -> None:
    if urgent:
        send_email("bob@example.com", "Deploy failed, please look")
    send_email("bob@example.com", "Deploy summary")
    send_email("ann@example.com", "Deploy summary" if not urgent else "Deploy failed")
