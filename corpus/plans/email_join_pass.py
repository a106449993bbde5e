# Proved: "@".join over parts appended under conditions puts "@" only between parts that exist, so an address with an "@" is "bob@example.com".
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(user: bool, host: bool) -> None:
    parts: list[str] = []
    if user:
        parts.append("bob")
    if host:
        parts.append("example.com")
    addr = "@".join(parts)
    if "@" in addr:
        send_email(addr, "report")
    send_email("@".join(["bob", "example.com"]), ", ".join(parts))
