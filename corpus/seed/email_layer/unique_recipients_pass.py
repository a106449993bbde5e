# Slide "Coverage policies": with both recommended contracts promised, the
# email domain is covered.
# expect: proved
# coverage: email:covered
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
@clauz3.guarantee(emails.unique_recipients())
def main() -> None:
    send_email("bob@example.com", "Report is ready")
