# The prover decides str.replace: a symbolic argument is refused with the documented text.
# builtin: str.replace
# expect: not proved
# code: Unsupported
# want: the prover cannot decide str.replace on a symbolic string yet; it can when the string and the arguments are constants
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(v: str) -> None:
    send_email("bob@example.com", "version " + v.replace("-", "."))
