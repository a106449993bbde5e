# Refused: with cc and twice both true, team.extend(team) doubles three recipients to six emails, more than five.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(5))
def main(cc: bool, twice: bool) -> None:
    team: list[str] = ["bob@example.com"]
    if cc:
        team.extend(["ann@example.com", "cy@example.com"])
    if twice:
        team.extend(team)
    for addr in team:
        send_email(addr, "minutes")
