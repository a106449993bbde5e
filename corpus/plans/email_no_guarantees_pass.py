# Proved: an explicit no_guarantees() waiver holds for any plan (coverage records the waiver).
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.no_guarantees())
def main(addr: str) -> None:
    if "@" in addr:
        send_email(addr, "Status update")
