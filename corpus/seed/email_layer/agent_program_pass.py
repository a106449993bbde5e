# Slide "2 · The agent writes a program", verbatim.
# expect: proved
# english: For every email (send_email), addr is 'bob@example.com'.
# coverage: email:recommended_gap
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
