# The seed's email layer, laid out as the original's projects: no
# __init__.py in tools/, tools/email/ or tools/email/trusted/.
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
