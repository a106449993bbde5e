# Proved: each branch emails a different address; both are in the promised list.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
def main(urgent: bool) -> None:
    if urgent:
        send_email("bob@example.com", "Deploy failed, please look")
    else:
        send_email("ann@example.com", "Deploy went fine")
