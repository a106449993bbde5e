# An int constant assigned to a float local where its int-ness cannot show compiles (as the float 2.0), and the prover, which does not decide floats yet, refuses it rather than guess.
# expect: not proved
# code: ProverLimit
# want: typing_float_promotion_fail.py:12:19: a float constant in a proof is not supported
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(n: int) -> None:
    rate: float = 2
    if n > rate:
        send_email("bob@example.com", "hi")
