# none() with a reachable send.
# expect: failed guarantee emails.none()
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.none())
def main(n: int) -> None:
    if n > 10:
        send_email("bob@example.com", "big")
