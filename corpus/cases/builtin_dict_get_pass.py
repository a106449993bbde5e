# The prover decides dict.get on a dict of constant keys with a symbolic key: the value under the key, or None (a T | None), or the default.
# builtin: dict.get
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
def main(who: str) -> None:
    book = {"ann": "ann@example.com", "bob": "bob@example.com"}
    addr = book.get(who)
    if addr is not None:
        send_email(addr, "hi")
    send_email(book.get(who, "ann@example.com"), "hello")
