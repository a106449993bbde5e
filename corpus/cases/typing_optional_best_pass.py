# mypy's partial None read before its fixing assignment (best = None, then `if best is None or r > best: best = r`), and a T | None local narrowed by assigning it: the front end types both as mypy does, and the prover decides the None-or-int value (a tag and a payload).
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(n: int) -> None:
    best = None
    for r in [3, n, 4]:
        if best is None or r > best:
            best = r
    # best is at least 4 here: never sends to ann
    if best is not None and best < 4:
        send_email("ann@example.com", str(best))
    count: int | None = None
    count = n
    if count + 1 > 10:
        send_email("bob@example.com", f"{best} {count}")
