# Refused: a prefix of "bob@example.com" shorter than the whole (n = 3 gives "bob") is not an allowed address.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(n: int) -> None:
    if n > 3:
        send_email("bob@example.com"[:n], "report")
