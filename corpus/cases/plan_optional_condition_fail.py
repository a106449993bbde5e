# The narrowed operand of a plan's precondition is an obligation at the call.
# expect: not proved
# want: failed precondition of helper mail (line 14)
import deal
from tools.email.trusted.effects import send_email


@deal.pre(lambda to, cc=None: cc is None or "@" in cc)
def mail(to: str, cc: str | None = None) -> None:
    send_email(to, "hi")


def main() -> None:
    mail("bob@example.com", cc="nobody")
