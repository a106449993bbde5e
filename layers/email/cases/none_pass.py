# A plan that decides not to send anything keeps none().
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.none())
def main(n: int) -> None:
    n = n + 1
    if n > 10 and n < 5:
        send_email("bob@example.com", "unreachable")
