# Refused: with a third optional part, "@".join can give "bob@example.com@x" or "bob@x".
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(user: bool, host: bool, extra: bool) -> None:
    parts: list[str] = []
    if user:
        parts.append("bob")
    if host:
        parts.append("example.com")
    if extra:
        parts.append("x")
    addr = "@".join(parts)
    if "@" in addr:
        send_email(addr, "report")
