# An address ending in example.com.evil.net is not in example.com.
# expect: failed guarantee emails.only_domain('example.com')
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only_domain("example.com"))
def main() -> None:
    send_email("bob@example.com", "ok")
    send_email("bob@example.com.evil.net", "leak")
