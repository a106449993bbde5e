# Two sends on either branch: at most two on every path.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email, send_email_with_subject

@clauz3.guarantee(emails.at_most(2))
def main(weekly: bool) -> None:
    if weekly:
        send_email_with_subject("bob@example.com", "Weekly", "Weekly report")
        send_email("ann@example.com", "Weekly report")
    else:
        send_email("bob@example.com", "Daily report")
