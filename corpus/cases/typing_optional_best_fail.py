# mypy's partial None read before its fixing assignment, proved against a guarantee it breaks: the counterexample names the n that makes the largest value above 10.
# expect: not proved
# want: inputs: n = 
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(n: int) -> None:
    best = None
    for r in [3, n, 4]:
        if best is None or r > best:
            best = r
    if best is not None and best > 10:
        send_email("ann@example.com", str(best))
