# Refused: addr is a free input; any address with an "@" other than bob's violates only(bob).
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(addr: str) -> None:
    if "@" in addr:
        send_email(addr, "Report is ready")
