# Proved: slices clamp their bounds as Python does, so the first 15 characters of "bob@example.com" + anything are "bob@example.com", and [-100:100] is the whole string.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(user: str) -> None:
    send_email("bob@example.com"[-100:100], "report")
    send_email(("bob@example.com" + user)[:15], "report for " + user)
    send_email(("bob@example.com" + user)[-len(user) - 15:len("bob@example.com")], "again")
