# Proved: at most one of the mutually exclusive elif branches sends, and only to bob or ann.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
@clauz3.guarantee(emails.at_most(1))
def main(level: int) -> None:
    if level >= 3:
        send_email(addr="bob@example.com", msg=f"Severity {level}")
    elif level == 2:
        send_email(addr="ann@example.com", msg="Severity 2")
