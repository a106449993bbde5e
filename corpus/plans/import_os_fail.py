import clauz3  # Refused at compile time: the plan imports os (line 2), outside the trusted roots.
import os
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
