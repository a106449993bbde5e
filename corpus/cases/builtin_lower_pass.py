# The prover decides str.lower: constant arguments.
# builtin: str.lower
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("Bob@Example.COM".lower().strip(), "hi")
