# The prover decides chr: a symbolic argument is refused with the documented text.
# builtin: chr
# expect: not proved
# code: Unsupported
# want: the prover cannot decide chr on a symbolic int yet; it can when the int is a constant
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["a@example.com"]))
def main(i: int) -> None:
    if 97 <= i < 100:
        send_email(chr(i) + "@example.com", "hi")
