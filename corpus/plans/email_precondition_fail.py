# Refused: send_email's precondition ("@" in addr) fails for the address "bob".
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(1))
def main() -> None:
    send_email("bob", "hi")
