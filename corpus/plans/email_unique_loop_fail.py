# Refused: an unrolled range loop emails bob three times, breaking unique_recipients().
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.unique_recipients())
def main() -> None:
    for i in range(3):
        send_email("bob@example.com", f"reminder {i}")
