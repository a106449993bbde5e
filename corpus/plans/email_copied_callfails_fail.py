# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# Proved: the note goes to bob and, in a loop over the team, to ann and
# carol too, so some message to bob was also sent to someone else.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.copied_to("bob@example.com"))
def main() -> None:
    note = "Release 1.4 is out"
    for addr in ["bob@example.com", "ann@example.com", "carol@example.com"]:
        send_email(addr, note)
