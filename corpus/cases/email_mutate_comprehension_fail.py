# expect: not proved
# code: ProverLimit
# want: append of a list while a loop runs over it is not supported
# A comprehension reads the live list: the element a helper appends is mailed in a later iteration.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


def grow(xs: list[str]) -> int:
    xs.append("eve@evil.example")
    return 1


def mail(xs: list[str], a: str) -> int:
    send_email(a, "hi")
    xs.append("eve@evil.example")
    return 1


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    xs = ["bob@example.com"]
    ys = [mail(xs, a) for a in xs]
