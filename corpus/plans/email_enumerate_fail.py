# Refused: index 1 is ann.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(['bob@example.com', 'cat@example.com']))
def main() -> None:
    for i, addr in enumerate(['bob@example.com', 'ann@example.com', 'cat@example.com']):
        if i != 2:
            send_email(addr, f'item {i}')
