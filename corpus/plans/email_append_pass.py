# Proved: recipients appended under a condition on a free input; at most two emails.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(2))
def main(cc: bool) -> None:
    to: list[str] = ['bob@example.com']
    if cc:
        to.append('ann@example.com')
    for addr in to:
        send_email(addr, 'minutes')
