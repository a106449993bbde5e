# The prover decides str.upper: a symbolic argument is refused with the documented text.
# builtin: str.upper
# expect: not proved
# code: Unsupported
# want: the prover cannot decide str.upper on a symbolic string yet; it can when the string and the arguments are constants
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.content_length_at_most(20))
def main(name: str) -> None:
    send_email("bob@example.com", name.upper())
