# A plan's own condition tests an optional parameter or result against
# None (x is None or ...), narrowing the operands to its right.
# expect: proved
import deal
from tools.email.trusted.effects import send_email


@deal.pre(lambda to, cc=None: "@" in to and (cc is None or "@" in cc))
def mail(to: str, cc: str | None = None) -> None:
    send_email(to, "hi")
    if cc is not None:
        send_email(cc, "hi")


@deal.post(lambda result: result is None or result.endswith("@example.com"))
def pick(n: int) -> str | None:
    if n > 0:
        return "bob@example.com"
    return None


def main(n: int) -> None:
    mail("bob@example.com")
    mail("bob@example.com", cc="ann@example.com")
    p = pick(n)
    if p is not None:
        mail(p)
