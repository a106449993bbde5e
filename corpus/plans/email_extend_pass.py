# Proved: extend under a condition adds exactly its elements, and team.extend(team) doubles the list (read before it grows): at most 2 * 3 emails.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(6))
@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com", "cy@example.com"]))
def main(cc: bool, twice: bool) -> None:
    team: list[str] = ["bob@example.com"]
    if cc:
        team.extend(["ann@example.com", "cy@example.com"])
    if twice:
        team.extend(team)
    for addr in team:
        send_email(addr, "minutes")
