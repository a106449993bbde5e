# The prover decides str.splitlines: constant arguments.
# builtin: str.splitlines
# expect: not proved
# want: counterexample: addr = "cat@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
def main() -> None:
    for addr in "ann@example.com\nbob@example.com\r\ncat@example.com".splitlines():
        send_email(addr, "hi")
