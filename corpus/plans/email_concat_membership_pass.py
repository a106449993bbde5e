# Proved: a one-line local part stays one line after the domain is added.
# Z3 4.8.12 decides this only with `in` in its contains form, the other
# membership encoding of the prover (see prover/membership.go).
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.at_most(1))
def main(user: str) -> None:
    if len(user) > 0 and "@" not in user and "\n" not in user and "\r" not in user:
        addr = user + "@example.com"
        assert "\n" not in addr and "\r" not in addr
        send_email(addr, "Welcome")
