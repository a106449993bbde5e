# Refused: extra = team binds the same list, so the append of any address reaches the loop.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(evil: str) -> None:
    team = ["bob@example.com"]
    extra = list(team)
    alias = extra
    alias.append(evil)
    for a in extra:
        if "@" in a:
            send_email(a, "report")
