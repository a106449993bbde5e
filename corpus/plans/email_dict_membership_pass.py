# Proved: a loop over a literal tuple emails only the addresses that are keys of a dict literal.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
@clauz3.guarantee(emails.at_most(2))
def main() -> None:
    team = {"bob@example.com": True, "ann@example.com": False}
    for addr in ("bob@example.com", "eve@example.com", "ann@example.com"):
        if addr in team:
            send_email(addr, "Team meeting at 10")
