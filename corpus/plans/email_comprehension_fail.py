# Refused: the filter keeps eve, whose address also has an @.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(['bob@example.com', 'ann@example.com']))
def main() -> None:
    everyone = ['bob@example.com', 'eve@evil.example', 'ann@example.com']
    for addr in [a for a in everyone if '@' in a]:
        send_email(addr, 'hello')
