# Proved: "b" * n for 1 <= n <= 3 is one of the three listed local parts, a constant count of 0 or less gives "", and a str repeated once is itself.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["b@example.com", "bb@example.com", "bbb@example.com"]))
def main(n: int) -> None:
    if 0 < n and n <= 3:
        send_email("b" * n + "@example.com", "report")
    send_email("x" * -2 + "b@example.com" * 1, "again")
