# Proved: list() makes a new list, so appending to the copy leaves the original alone, and the copy holds the original's elements.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
def main(evil: str) -> None:
    team = ["bob@example.com"]
    extra = list(team)
    extra.append(evil)
    team.append("ann@example.com")
    for a in team:
        send_email(a, "report")
    send_email(extra[0], "copied")
