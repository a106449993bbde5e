# The recipient comes from the input: it may be Bob both times.
# expect: failed guarantee emails.recipient_at_most('bob@example.com', 1)
# expect: who = "bob@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.recipient_at_most("bob@example.com", 1))
def main(who: str) -> None:
    send_email("bob@example.com", "hello")
    if "@" in who:
        send_email(who, "hello again")
