# expect: not proved
# code: ProverLimit
# want: append of a list while a loop runs over it is not supported
# zip reads the live list: an element a helper appends during the loop is mailed too.
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
    for a, n in zip(xs, [1, 2]):
        send_email(a, "hi")
        grow(xs)
