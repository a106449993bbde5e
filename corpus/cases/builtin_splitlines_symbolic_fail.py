# The prover decides str.splitlines: a symbolic argument is refused with the documented text.
# builtin: str.splitlines
# expect: not proved
# code: Unsupported
# want: the prover cannot decide str.splitlines on a symbolic string yet; it can when the string and the arguments are constants
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.at_most(3))
def main(text: str) -> None:
    for line in text.splitlines():
        send_email("bob@example.com", line)
