# Refused: with cc set, two emails are sent, not one.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(1))
def main(cc: bool) -> None:
    to: list[str] = ['bob@example.com']
    if cc:
        to.append('ann@example.com')
    for addr in to:
        send_email(addr, 'minutes')
