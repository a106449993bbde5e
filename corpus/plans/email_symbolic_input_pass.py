# Proved: a free input addr is emailed only when it equals bob@example.com.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(addr: str) -> None:
    if addr == "bob@example.com":
        send_email(addr, "Report is ready")
