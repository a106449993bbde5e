# The prover decides str.lower: a symbolic argument is refused with the documented text.
# builtin: str.lower
# expect: not proved
# code: Unsupported
# want: the prover cannot decide str.lower on a symbolic string yet; it can when the string and the arguments are constants
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(addr: str) -> None:
    send_email(addr.lower().strip(), "hi")
