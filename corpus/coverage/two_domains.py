# Two domains: the email guarantee says nothing about the shop.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email
from tools.shop.trusted.effects import buy


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    buy("acme", 10)
    send_email("bob@example.com", "bought")
