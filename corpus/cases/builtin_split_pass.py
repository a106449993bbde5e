# The prover decides str.split: constant arguments.
# builtin: str.split
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
def main() -> None:
    for addr in "ann@example.com, bob@example.com".split(", "):
        send_email(addr, "hi")
