# The prover decides dict.get on a dict of constant keys with a symbolic key: a missing key gives the default, which breaks the guarantee, and the counterexample names such a key.
# builtin: dict.get
# expect: not proved
# want: ✗ main: failed guarantee emails.only(['ann@example.com', 'bob@example.com'])
# want: counterexample: addr = "eve@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
def main(who: str) -> None:
    book = {"ann": "ann@example.com", "bob": "bob@example.com"}
    if book.get(who) is None:
        send_email("eve@example.com", who)
