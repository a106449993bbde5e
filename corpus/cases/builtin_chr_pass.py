# The prover decides chr: constant arguments.
# builtin: chr
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["a@example.com", "b@example.com"]))
def main() -> None:
    for i in range(2):
        send_email(chr(97 + i) + "@example.com", "hi")
