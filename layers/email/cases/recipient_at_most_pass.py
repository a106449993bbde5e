# Bob gets at most one message; Ann may get two.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.recipient_at_most("bob@example.com", 1))
def main(flag: bool) -> None:
    send_email("ann@example.com", "one")
    send_email("ann@example.com", "two")
    if flag:
        send_email("bob@example.com", "three")
