# The prover decides str.strip: constant arguments.
# builtin: str.strip
# expect: not proved
# want: counterexample: addr = "ann@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("  ann@example.com\n".strip(), "hi")
