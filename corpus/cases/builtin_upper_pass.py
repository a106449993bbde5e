# The prover decides str.upper: constant arguments.
# builtin: str.upper
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.content_length_at_most(20))
def main() -> None:
    names = ["ann", "bob"]
    send_email("bob@example.com", ", ".join([n.upper() for n in names]))
