# Partial types: the list typed by its first append still carries its values to the prover, which refuses the wrong recipient.
# expect: not proved
# want: counterexample
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(flag: bool) -> None:
    first = []
    first.append("bob@example.com")
    send_email(first[0], "hi")
    sent = []
    if flag:
        sent.append("eve@example.com")
    for addr in sent:
        send_email(addr, "hi")
    extra = [] if flag else sent
    print(len(extra))
