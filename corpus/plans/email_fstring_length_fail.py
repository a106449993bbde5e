# Refused: for a two-digit n the f-string body is 22 characters, over the bound of 21.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.content_length_at_most(21))
def main(n: int) -> None:
    if 0 <= n <= 99:
        send_email("bob@example.com", f"Deploy notes: {n} items")
