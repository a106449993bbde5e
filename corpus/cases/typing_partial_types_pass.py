# Partial types as mypy infers them: xs = [] typed by its first xs.append(v); the prover decides the plan.
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com", "ann@example.com"]))
def main(flag: bool) -> None:
    first = []
    first.append("bob@example.com")
    send_email(first[0], "hi")
    sent = []
    if flag:
        sent.append("ann@example.com")
    for addr in sent:
        send_email(addr, "hi")
    extra = [] if flag else sent
    print(len(extra))
