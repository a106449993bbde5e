# Refused: n = 4 gives "bbbb@example.com", which is not listed.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["b@example.com", "bb@example.com", "bbb@example.com"]))
def main(n: int) -> None:
    if 0 < n and n <= 4:
        send_email("b" * n + "@example.com", "report")
