# Any local part, always the company domain.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only_domain("example.com"))
def main(user: str) -> None:
    if len(user) > 0 and "@" not in user and "\n" not in user and "\r" not in user:
        send_email(user + "@example.com", "Welcome")
