# Promises only Bob, but an urgent run also copies Ann.
# expect: failed guarantee emails.only(['bob@example.com'])
# expect: addr = "ann@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(urgent: bool) -> None:
    send_email("bob@example.com", "Report is ready")
    if urgent:
        send_email("ann@example.com", "Report is ready")
