# A list that is None on one path only: the prover does not decide it yet and refuses at the merge, saying what it decides and how to write the plan.
# expect: not proved
# code: Unsupported
# want: typing_optional_list_fail.py:14:9: the prover cannot decide a list[int] | None that is None on some paths only yet (it decides int, str and bool ones): keep the list and test it for emptiness
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(n: int) -> None:
    xs: list[int] | None = None
    if n > 0:
        xs = [n]
    if xs is not None:
        send_email("bob@example.com", str(len(xs)))
