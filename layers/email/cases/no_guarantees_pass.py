# An explicit, visible waiver: the plan promises nothing about e-mail.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.no_guarantees())
def main(addr: str) -> None:
    if "@" in addr and "\n" not in addr and "\r" not in addr:
        send_email(addr, "hello")
