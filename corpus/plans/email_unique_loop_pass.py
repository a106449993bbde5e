# Proved: a loop over a literal list of three distinct addresses emails each once.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.unique_recipients())
@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com", "cat@example.com"]))
def main() -> None:
    for addr in ["bob@example.com", "ann@example.com", "cat@example.com"]:
        send_email(addr, f"Hello {addr}, the deploy is done")
