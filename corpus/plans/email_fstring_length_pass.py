# Proved: for 0 <= n <= 99 the f-string body is at most 22 characters long.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.content_length_at_most(22))
def main(n: int) -> None:
    if 0 <= n <= 99:
        send_email("bob@example.com", f"Deploy notes: {n} items")
