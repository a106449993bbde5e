# The body includes caller-supplied text of any length.
# expect: failed guarantee emails.content_length_at_most(40)
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.content_length_at_most(40))
def main(note: str) -> None:
    send_email("bob@example.com", "Note: " + note)
