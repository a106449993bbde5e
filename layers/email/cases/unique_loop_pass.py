# One message each to a literal list of distinct recipients.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.unique_recipients())
@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
@clauz3.guarantee(emails.at_most(2))
def main() -> None:
    for addr in ["ann@example.com", "bob@example.com"]:
        send_email(addr, f"Hello {addr}")
