# Proved: and/or/not, len and membership in a list variable guard a symbolic recipient.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
@clauz3.guarantee(emails.content_length_at_most(40))
def main(addr: str, quiet: bool, note: str) -> None:
    team = ["bob@example.com", "ann@example.com"]
    if not quiet and addr in team and (len(note) < 20 or note == ""):
        send_email(addr, f"Note: {note}")
